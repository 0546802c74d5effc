import { describe, expect, it, vi } from 'vitest';
import { HubError } from '../../../shared/api/hub-error';
import type { HubBridge, IpcChannel, IpcResult } from '../../../shared/ipc';
import { createDesktopTransport } from './desktop';

type Answer = (channel: IpcChannel, payload: unknown) => IpcResult<IpcChannel>;

function fakeBridge(answer: Answer) {
  let ended: (() => void) | undefined;
  const invoke = vi.fn(async (channel: IpcChannel, payload?: unknown) => answer(channel, payload));
  const bridge = {
    invoke,
    onSessionEnded(listener: () => void) {
      ended = listener;
      return () => undefined;
    },
  } as unknown as HubBridge;
  return { bridge, invoke, endFromMain: () => ended?.() };
}

const user = {
  id: 2, name: 'Alexandru Popa', username: 'lead', email: 'lead@example.com', phone: null, imagePath: null, status: 'active' as const,
  role: { id: 3, name: 'Team lead' }, roleId: 3, job: null, team: [], teamIds: [1], leadTeamIds: [1], managedTeamIds: [],
  teamlead: null, isOwner: false, isTeamLead: true, isTeamsManager: false, registered: true, joinDate: null, lastLogin: null,
  capabilities: [], accessLabel: 'User' as const,
};

describe('desktop transport', () => {
  it('sends requests through hub:request with camelCase payloads (main converts them)', async () => {
    const { bridge, invoke } = fakeBridge(() => ({ ok: true, data: { items: [] } }));
    const transport = createDesktopTransport(bridge);
    await expect(transport.request('GET', '/user/team', { query: { sortCriterion: 'name' } })).resolves.toEqual({ items: [] });
    expect(invoke).toHaveBeenCalledWith('hub:request', { method: 'GET', path: '/user/team', query: { sortCriterion: 'name' }, body: undefined });
  });

  it('turns a failed result into a HubError, and a 401 into the end of the session', async () => {
    const { bridge } = fakeBridge(() => ({ ok: false, error: { status: 401, serverError: false, errors: [{ message: 'Your session has ended.' }] } }));
    const transport = createDesktopTransport(bridge);
    const ended = vi.fn();
    transport.onUnauthorized(ended);
    const error = await transport.request('GET', '/auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('tells the listeners when main could not reach the hub (status 0), not when the hub refused', async () => {
    const { bridge } = fakeBridge((_channel, payload) =>
      (payload as { path: string }).path === '/down'
        ? { ok: false, error: { status: 0, serverError: true, errors: [{ message: 'The hub cannot be reached.' }] } }
        : { ok: false, error: { status: 403, serverError: false, errors: [{ message: 'Not allowed.' }] } },
    );
    const transport = createDesktopTransport(bridge);
    const offline = vi.fn();
    transport.onUnreachable(offline);
    await transport.request('GET', '/down').catch(() => undefined);
    expect(offline).toHaveBeenCalledTimes(1);
    await transport.request('GET', '/refused').catch(() => undefined);
    expect(offline).toHaveBeenCalledTimes(1);
  });

  it('forwards main\'s own session-ended event', () => {
    const { bridge, endFromMain } = fakeBridge(() => ({ ok: true, data: null }));
    const transport = createDesktopTransport(bridge);
    const ended = vi.fn();
    transport.onUnauthorized(ended);
    endFromMain();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('signs in through session:login; a wrong password does not end a session', async () => {
    const { bridge } = fakeBridge((channel) =>
      channel === 'session:login'
        ? { ok: false, error: { status: 401, serverError: false, errors: [{ message: 'Wrong username or password.' }] } }
        : { ok: true, data: null },
    );
    const transport = createDesktopTransport(bridge);
    const ended = vi.fn();
    transport.onUnauthorized(ended);
    await expect(transport.signIn({ username: 'lead', password: 'x' })).rejects.toThrow('Wrong username or password.');
    expect(ended).not.toHaveBeenCalled();
  });

  it('returns the user and first-login flag of the new session', async () => {
    const { bridge } = fakeBridge(() => ({ ok: true, data: { signedIn: true, user, firstLogin: true, passwordMustChange: false } }));
    await expect(createDesktopTransport(bridge).signIn({ username: 'lead', password: 'demo' })).resolves.toEqual({ user, firstLogin: true, passwordMustChange: false });
  });

  it('saves hub files through the native save dialog', async () => {
    const { bridge, invoke } = fakeBridge(() => ({ ok: true, data: { status: 'cancelled' } }));
    await expect(createDesktopTransport(bridge).download('/exports/users.xlsx', 'Bistone Users Information.xlsx')).resolves.toEqual({ status: 'cancelled' });
    expect(invoke).toHaveBeenCalledWith('file:save', { suggestedName: 'Bistone Users Information.xlsx', hubPath: '/exports/users.xlsx' });
  });

  it('uploads through hub:upload with the file\'s bytes, name and type; a 401 ends the session', async () => {
    const { bridge, invoke } = fakeBridge((channel) =>
      channel === 'hub:upload' ? { ok: true, data: { imagePath: '/user/1/image' } } : { ok: true, data: null },
    );
    const transport = createDesktopTransport(bridge);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await expect(transport.upload('PUT', '/user/1/image', { fieldName: 'image', file })).resolves.toEqual({ imagePath: '/user/1/image' });
    const [channel, payload] = invoke.mock.calls[0] as [string, { bytes: Uint8Array }];
    expect(channel).toBe('hub:upload');
    expect(payload).toMatchObject({ method: 'PUT', path: '/user/1/image', fieldName: 'image', fileName: 'me.png', contentType: 'image/png' });
    expect([...payload.bytes]).toEqual([137, 80, 78, 71]);

    const refused = fakeBridge(() => ({ ok: false, error: { status: 401, serverError: false, errors: [{ message: 'Your session has ended.' }] } }));
    const t2 = createDesktopTransport(refused.bridge);
    const ended = vi.fn();
    t2.onUnauthorized(ended);
    await expect(t2.upload('POST', '/user/upload-file', { fieldName: 'file', file: new Blob(['x']), fileName: 'a.ovpn' })).rejects.toBeInstanceOf(HubError);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('reads a hub picture through hub:image as a typed Blob', async () => {
    const { bridge, invoke } = fakeBridge(() => ({ ok: true, data: { contentType: 'image/png', bytes: new Uint8Array([1, 2, 3]) } }));
    const blob = await createDesktopTransport(bridge).image('/user/1/image');
    expect(invoke).toHaveBeenCalledWith('hub:image', { path: '/user/1/image' });
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('saves this page as a PDF through file:save-pdf, and reports a failure as a result', async () => {
    const { bridge, invoke } = fakeBridge(() => ({ ok: true, data: { status: 'saved', path: '/home/ada/Ada_CV.pdf' } }));
    await expect(createDesktopTransport(bridge).savePagePdf('Ada_CV.pdf')).resolves.toEqual({ status: 'saved' });
    expect(invoke).toHaveBeenCalledWith('file:save-pdf', { suggestedName: 'Ada_CV.pdf' });
    const failing = fakeBridge(() => ({ ok: false, error: { status: 500, serverError: true, errors: [{ message: 'Something went wrong.' }] } }));
    await expect(createDesktopTransport(failing.bridge).savePagePdf('Ada_CV.pdf')).resolves.toEqual({ status: 'failed', message: 'Something went wrong.' });
  });
});
