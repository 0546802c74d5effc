import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HubError, SERVER_ERROR_MESSAGE, UNREACHABLE_MESSAGE } from '../../shared/api/hub-error';
import { HubClient, apiUrl } from '../../electron/hub-client';
import { memoryTokenStore } from '../../electron/token-store';
import { json, startFakeHub, wireUser } from './support/fake-hub';

// HubClient only type-imports Electron; the mock keeps it that way (the binary cannot run here).
vi.mock('electron', () => ({}));

let hub: Awaited<ReturnType<typeof startFakeHub>>;

beforeAll(async () => {
  hub = await startFakeHub({
    'POST /api/auth/login': (req, res) => {
      const body = req.body as { username: string; password: string };
      if (body.password !== 'demo') return json(res, 401, { errors: [{ message: 'Wrong username or password.' }] });
      json(res, 200, { data: { access_token: 'tok-123', user: wireUser(), first_login: true, password_must_change: false } });
    },
    'GET /api/auth/me': (req, res) =>
      req.headers.authorization === 'Bearer tok-123'
        ? json(res, 200, { data: { user: wireUser(), first_login: false, password_must_change: false } })
        : json(res, 401, { errors: [{ message: 'Your session has ended.' }] }),
    'POST /api/auth/logout': (_req, res) => json(res, 200, { data: null }),
    'GET /api/user': (req, res) => json(res, 200, { data: { items: [{ user_id: 7, job_title: 'Dev' }], echo_query: req.url } }),
    'POST /api/user': (req, res) => json(res, 201, { data: { received: req.body } }),
    'PUT /api/user/1': (_req, res) => json(res, 400, { errors: [{ message: 'Email is invalid.', field: 'team_member_email' }, { message: 'Name is required.' }] }),
    'GET /api/boom': (_req, res) => json(res, 500, { errors: [{ message: 'relation "users" does not exist at db.ts:12' }] }),
    'GET /api/proxy-page': (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not here</body></html>');
    },
    'GET /api/bad-gateway': (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>nginx</html>');
    },
    'GET /api/revoked': (_req, res) => json(res, 401, { errors: [{ message: 'Your session has ended.' }] }),
    'GET /api/moved': (_req, res) => {
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    },
    'DELETE /api/user/1': (_req, res) => {
      res.writeHead(204);
      res.end();
    },
    'GET /api/slow': (_req, res) => void setTimeout(() => json(res, 200, { data: 'late' }), 600),
    // no Content-Length: the size shows only while reading
    'GET /api/user/9/image': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i < 6; i++) res.write(chunk);
      res.end();
    },
    'GET /api/exports/users.xlsx': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="users.xlsx"' });
      res.end(Buffer.from([0x50, 0x4b, 3, 4]));
    },
  });
});
afterAll(() => hub.close());

function client(token?: string) {
  const tokens = memoryTokenStore();
  if (token) tokens.set('company', token);
  return { tokens, hub: new HubClient({ fetch, resolveTarget: async () => ({ key: 'company', url: hub.url }), tokens }) };
}

async function hubError(promise: Promise<unknown>): Promise<HubError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HubError);
  return error as HubError;
}

describe('HubClient', () => {
  it('sends snake_case query keys and bodies and answers camelCase, unwrapping data', async () => {
    const { hub: c } = client('tok-123');
    const list = await c.request<{ items: unknown[]; echoQuery: string }>({ method: 'GET', path: '/user', query: { jobTitle: 'Dev', teamId: [1, 2], empty: undefined } });
    expect(list.items).toEqual([{ userId: 7, jobTitle: 'Dev' }]);
    expect(list.echoQuery).toBe('/api/user?job_title=Dev&team_id=1&team_id=2');

    const created = await c.request<{ received: unknown }>({ method: 'POST', path: '/user', body: { firstName: 'Ana', teamIds: [3] } });
    expect(hub.requests.at(-1)?.body).toEqual({ first_name: 'Ana', team_ids: [3] });
    expect(created.received).toEqual({ firstName: 'Ana', teamIds: [3] });
  });

  it("sends a submit's Idempotency-Key when it has one, and none otherwise", async () => {
    const { hub: c } = client('tok-123');
    await c.request({ method: 'POST', path: '/user', body: { name: 'Ana' }, idempotencyKey: 'key-of-the-submit' });
    expect(hub.requests.at(-1)?.headers['idempotency-key']).toBe('key-of-the-submit');
    await c.request({ method: 'POST', path: '/user', body: { name: 'Ana' } });
    expect(hub.requests.at(-1)?.headers['idempotency-key']).toBeUndefined();
  });

  it('sends the stored token as a bearer token', async () => {
    const { hub: c } = client('tok-123');
    await c.request({ method: 'GET', path: '/user' });
    expect(hub.requests.at(-1)?.headers.authorization).toBe('Bearer tok-123');
  });

  it('says it is the desktop app, with its own User-Agent, so the hub lists its sessions as desktop', async () => {
    const tokens = memoryTokenStore();
    const c = new HubClient({ fetch, resolveTarget: async () => ({ key: 'company', url: hub.url }), tokens, userAgent: 'BitstoneHub/1.4.0 (linux; Electron 37.2.0)' });
    await c.login('admin', 'demo');
    expect(hub.requests.at(-1)?.headers).toMatchObject({ 'x-hub-client': 'desktop', 'user-agent': 'BitstoneHub/1.4.0 (linux; Electron 37.2.0)' });
    await client('tok-123').hub.request({ method: 'GET', path: '/user' });
    expect(hub.requests.at(-1)?.headers['x-hub-client']).toBe('desktop');
  });

  it('turns a 400 into one message per field, with camelCase field names', async () => {
    const error = await hubError(client('tok-123').hub.request({ method: 'PUT', path: '/user/1', body: {} }));
    expect(error.toJSON()).toEqual({
      status: 400,
      serverError: false,
      errors: [{ message: 'Email is invalid.', field: 'teamMemberEmail' }, { message: 'Name is required.' }],
    });
    expect(error.fieldMessage('teamMemberEmail')).toBe('Email is invalid.');
  });

  it('marks a 5xx as a server error and shows none of its internals', async () => {
    const error = await hubError(client('tok-123').hub.request({ method: 'GET', path: '/boom' }));
    expect(error.toJSON()).toEqual({ status: 500, serverError: true, errors: [{ message: SERVER_ERROR_MESSAGE }] });
    expect(JSON.stringify(error.toJSON())).not.toContain('relation');
  });

  it('copes with error pages that are not JSON', async () => {
    const notFound = await hubError(client().hub.request({ method: 'GET', path: '/proxy-page' }));
    expect(notFound.toJSON()).toEqual({ status: 404, serverError: false, errors: [{ message: 'HTTP error! Status: 404' }] });
    const gateway = await hubError(client().hub.request({ method: 'GET', path: '/bad-gateway' }));
    expect(gateway.serverError).toBe(true);
    expect(gateway.status).toBe(502);
  });

  it('reports a hub that cannot be reached as a server error with status 0', async () => {
    const tokens = memoryTokenStore();
    const c = new HubClient({ fetch, resolveTarget: async () => ({ key: 'x', url: 'http://127.0.0.1:9' }), tokens });
    const error = await hubError(c.request({ method: 'GET', path: '/health' }));
    expect(error.toJSON()).toEqual({ status: 0, serverError: true, errors: [{ message: UNREACHABLE_MESSAGE }] });
  });

  it('on a 401 clears the stored token and says the session ended', async () => {
    const { hub: c, tokens } = client('tok-old');
    const ended = vi.fn();
    c.on('session-ended', ended);
    const error = await hubError(c.request({ method: 'GET', path: '/revoked' }));
    expect(error.status).toBe(401);
    expect(tokens.get('company')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('signs in, keeps the token in main and answers the session without it', async () => {
    const { hub: c, tokens } = client();
    const state = await c.login('admin', 'demo');
    expect(tokens.get('company')).toBe('tok-123');
    expect(state).toMatchObject({ signedIn: true, firstLogin: true, user: { username: 'admin', isOwner: false, accessLabel: 'Admin' } });
    expect(JSON.stringify(state)).not.toContain('tok-123');
    expect(JSON.stringify(state)).not.toMatch(/access_?token/i);
  });

  it('a wrong password is an error under the form, not a "session ended"', async () => {
    const { hub: c } = client();
    const ended = vi.fn();
    c.on('session-ended', ended);
    const error = await hubError(c.login('admin', 'nope'));
    expect(error.toJSON()).toEqual({ status: 401, serverError: false, errors: [{ message: 'Wrong username or password.' }] });
    expect(ended).not.toHaveBeenCalled();
  });

  it('reports the signed-in state from the stored token, and signed out when the hub refuses it', async () => {
    expect(await client().hub.state()).toEqual({ signedIn: false, user: null, firstLogin: false, passwordMustChange: false });
    expect(await client('tok-123').hub.state()).toMatchObject({ signedIn: true, firstLogin: false, user: { id: 1 } });
    const stale = client('tok-stale');
    expect(await stale.hub.state()).toEqual({ signedIn: false, user: null, firstLogin: false, passwordMustChange: false });
    expect(stale.tokens.get('company')).toBeNull();
  });

  it('signs out on the hub and forgets the token', async () => {
    const { hub: c, tokens } = client('tok-123');
    await c.logout();
    expect(hub.requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/auth/logout' });
    expect(hub.requests.at(-1)?.headers.authorization).toBe('Bearer tok-123');
    expect(tokens.get('company')).toBeNull();
  });

  it('downloads bytes with the file name the hub gives', async () => {
    const file = await client('tok-123').hub.download('/exports/users.xlsx');
    expect(Array.from(file.bytes)).toEqual([0x50, 0x4b, 3, 4]);
    expect(file.fileName).toBe('users.xlsx');
  });

  it('answers null for an empty body', async () => {
    expect(await client('tok-123').hub.request({ method: 'DELETE', path: '/user/1' })).toBeNull();
  });

  it('follows no redirect, so the token never goes anywhere else', async () => {
    const error = await hubError(client('tok-123').hub.request({ method: 'GET', path: '/moved' }));
    expect(error.status).toBe(302);
    expect(hub.requests.some((r) => r.url === '/elsewhere')).toBe(false);
  });

  it('gives up on a hub that does not answer in time, saying so', async () => {
    const c = new HubClient({ fetch, resolveTarget: async () => ({ key: 'company', url: hub.url }), tokens: memoryTokenStore(), timeoutMs: 100 });
    const error = await hubError(c.request({ method: 'GET', path: '/slow' }));
    expect(error.toJSON()).toEqual({ status: 0, serverError: true, errors: [{ message: 'The hub did not answer in time. Please try again.' }] });
  });

  it('stops reading a picture past 5 MB even when the hub does not say its size', async () => {
    const error = await hubError(client('tok-123').hub.image('/user/9/image'));
    expect(error.toJSON()).toMatchObject({ status: 413, serverError: false });
  });

  it('never sends the token outside <hub>/api', () => {
    expect(apiUrl('https://hub.example.com', '/user/1')).toBe('https://hub.example.com/api/user/1');
    expect(apiUrl('https://example.com/hub', '/user')).toBe('https://example.com/hub/api/user');
    expect(() => apiUrl('https://hub.example.com', '//evil.example.com/steal')).toThrow(HubError);
    expect(() => apiUrl('https://hub.example.com', '/%2e%2e/admin')).toThrow(HubError);
    expect(() => apiUrl('https://hub.example.com', 'user')).toThrow(HubError);
  });
});
