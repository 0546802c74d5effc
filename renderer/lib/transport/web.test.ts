import { describe, expect, it, vi } from 'vitest';
import { HubError, SERVER_ERROR_MESSAGE, UNREACHABLE_MESSAGE } from '../../../shared/api/hub-error';
import { buildQuery, createWebTransport } from './web';

const user = {
  id: 1, name: 'Ada Admin', username: 'admin', email: 'admin@example.com', phone: null, image_path: null,
  status: 'active', role: { id: 1, name: 'Admin' }, role_id: 1, job: null, team: [], team_ids: [],
  lead_team_ids: [], managed_team_ids: [], teamlead: null, is_owner: false, is_team_lead: false,
  is_teams_manager: false, registered: true, join_date: null, last_login: null, capabilities: ['VIEW_ADMIN'],
  access_label: 'Admin',
};

function reply(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(response: Response | Error) {
  const fetch = vi.fn(async (_input: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  const transport = createWebTransport({ fetch });
  const ended = vi.fn();
  transport.onUnauthorized(ended);
  return { fetch, transport, ended };
}

describe('web transport', () => {
  it('sends snake_case bodies with the CSRF header and the session cookie', async () => {
    const { fetch, transport } = setup(reply(200, { data: { ok: true } }));
    await transport.request('POST', '/user/invite-in-team', { body: { teamMemberEmail: 'a@b.c' } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/user/invite-in-team');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'x-hub-request': '1', 'content-type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ team_member_email: 'a@b.c' });
  });

  it("sends a submit's Idempotency-Key when it has one, and none otherwise", async () => {
    const keyed = setup(reply(200, { data: { id: 1 } }));
    await keyed.transport.request('POST', '/objective', { body: { title: 'x' }, idempotencyKey: 'key-of-the-submit' });
    expect(keyed.fetch.mock.calls[0][1]?.headers).toMatchObject({ 'idempotency-key': 'key-of-the-submit' });
    const bare = setup(reply(200, { data: { id: 1 } }));
    await bare.transport.request('POST', '/objective', { body: { title: 'x' } });
    expect(bare.fetch.mock.calls[0][1]?.headers).not.toHaveProperty('idempotency-key');
  });

  it('puts query keys in snake_case and leaves empty values out', () => {
    expect(buildQuery({ sortCriterion: 'deadline', ownerId: 3, page: undefined, team: null, ids: [1, 2] }))
      .toBe('?sort_criterion=deadline&owner_id=3&ids=1&ids=2');
    expect(buildQuery({})).toBe('');
  });

  it('unwraps data and camelizes the answer', async () => {
    const { transport } = setup(reply(200, { data: { items: [{ is_team_lead: true, image_path: null }] } }));
    await expect(transport.request('GET', '/user/team')).resolves.toEqual({ items: [{ isTeamLead: true, imagePath: null }] });
  });

  it('a 4xx rejects with the status and the hub messages', async () => {
    const { transport } = setup(reply(400, { errors: [{ message: 'Name is required.', field: 'name' }] }));
    const error = await transport.request('POST', '/team', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubError);
    const hub = error as HubError;
    expect(hub.status).toBe(400);
    expect(hub.serverError).toBe(false);
    expect(hub.fieldMessage('name')).toBe('Name is required.');
  });

  it('a 5xx rejects with the server-error flag and a plain message', async () => {
    const { transport } = setup(reply(500));
    const error = (await transport.request('GET', '/user').catch((e: unknown) => e)) as HubError;
    expect(error.serverError).toBe(true);
    expect(error.message).toBe(SERVER_ERROR_MESSAGE);
  });

  it('a network failure says the hub cannot be reached', async () => {
    const { transport } = setup(new TypeError('Failed to fetch'));
    const error = (await transport.request('GET', '/user').catch((e: unknown) => e)) as HubError;
    expect(error.serverError).toBe(true);
    expect(error.status).toBe(0);
    expect(error.message).toBe(UNREACHABLE_MESSAGE);
  });

  it('a call the hub never answered tells the listeners at once; an answered failure does not', async () => {
    const down = setup(new TypeError('Failed to fetch'));
    const offline = vi.fn();
    down.transport.onUnreachable(offline);
    await down.transport.request('GET', '/objective').catch(() => undefined);
    await down.transport.image('/user/1/image').catch(() => undefined);
    expect(offline).toHaveBeenCalledTimes(2);

    const refused = setup(reply(503));
    const notOffline = vi.fn();
    refused.transport.onUnreachable(notOffline);
    await refused.transport.request('GET', '/objective').catch(() => undefined);
    expect(notOffline).not.toHaveBeenCalled();
  });

  it('a 401 on a request ends the session', async () => {
    const { transport, ended } = setup(reply(401, { errors: [{ message: 'Your session has ended.' }] }));
    await expect(transport.request('GET', '/auth/me')).rejects.toBeInstanceOf(HubError);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a wrong password is the form error, not the end of a session', async () => {
    const { transport, ended } = setup(reply(401, { errors: [{ message: 'Wrong username or password.' }] }));
    await expect(transport.signIn({ username: 'admin', password: 'x' })).rejects.toThrow('Wrong username or password.');
    expect(ended).not.toHaveBeenCalled();
  });

  it('sign-in returns the user and drops the access token', async () => {
    const { transport } = setup(reply(200, { data: { access_token: 'secret', user, first_login: false, password_must_change: true } }));
    const result = await transport.signIn({ username: 'admin', password: 'demo' });
    expect(result.user.isTeamLead).toBe(false);
    expect(result.firstLogin).toBe(false);
    expect(result.passwordMustChange).toBe(true);
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('uploads multipart with the CSRF header and the cookie, and answers the camelized data', async () => {
    const { fetch, transport } = setup(reply(200, { data: { image_path: '/user/1/image' } }));
    const file = new File([new Uint8Array([1, 2])], 'me.png', { type: 'image/png' });
    await expect(transport.upload('PUT', '/user/1/image', { fieldName: 'image', file, fields: { note: 'x' } })).resolves.toEqual({ imagePath: '/user/1/image' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/user/1/image');
    expect(init?.method).toBe('PUT');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'x-hub-request': '1' });
    // the browser sets the multipart content type with its boundary
    expect(init?.headers).not.toHaveProperty('content-type');
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('image') as File).name).toBe('me.png');
    expect(form.get('note')).toBe('x');
  });

  it('maps a refused upload to the one error shape; a 401 ends the session', async () => {
    const bad = setup(reply(400, { errors: [{ message: 'Only png or jpeg pictures.', field: 'image' }] }));
    const error = await bad.transport.upload('PUT', '/user/1/image', { fieldName: 'image', file: new Blob(['x']) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).fieldMessage('image')).toBe('Only png or jpeg pictures.');
    const gone = setup(reply(401, { errors: [{ message: 'Your session has ended.' }] }));
    await expect(gone.transport.upload('POST', '/user/upload-file', { fieldName: 'file', file: new Blob(['x']) })).rejects.toBeInstanceOf(HubError);
    expect(gone.ended).toHaveBeenCalledTimes(1);
  });
});
