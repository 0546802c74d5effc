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
    const { bridge } = fakeBridge(() => ({ ok: true, data: { signedIn: true, user, firstLogin: true } }));
    await expect(createDesktopTransport(bridge).signIn({ username: 'lead', password: 'demo' })).resolves.toEqual({ user, firstLogin: true });
  });

  it('saves hub files through the native save dialog', async () => {
    const { bridge, invoke } = fakeBridge(() => ({ ok: true, data: { status: 'cancelled' } }));
    await expect(createDesktopTransport(bridge).download('/exports/users.xlsx', 'Bistone Users Information.xlsx')).resolves.toEqual({ status: 'cancelled' });
    expect(invoke).toHaveBeenCalledWith('file:save', { suggestedName: 'Bistone Users Information.xlsx', hubPath: '/exports/users.xlsx' });
  });
});
