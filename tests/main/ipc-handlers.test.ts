import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers, registerIpc, type IpcDeps } from '../../electron/ipc/register';
import { trustedSender } from '../../electron/ipc/sender';
import { memoryTokenStore } from '../../electron/token-store';
import { ipcSchemas, type HubSettings, type IpcChannel } from '../../shared/ipc';
import { containsToken } from './support/deep';
import { json, startFakeHub, wireUser } from './support/fake-hub';

vi.mock('electron', () => ({}));

const APP_URL = 'file:///opt/Bitstone%20Hub/resources/app.asar/dist/renderer/index.html';
const appFrame = { senderFrame: { url: `${APP_URL}#/team` } };
const TOKEN = 'very-secret-token-0123456789';

let hub: Awaited<ReturnType<typeof startFakeHub>>;
beforeAll(async () => {
  hub = await startFakeHub({
    'POST /api/auth/login': (_req, res) => json(res, 200, { data: { access_token: TOKEN, user: wireUser(), first_login: true, password_must_change: false } }),
    'GET /api/auth/me': (_req, res) => json(res, 200, { data: { user: wireUser(), first_login: false, password_must_change: false, access_token: TOKEN } }),
    'POST /api/auth/logout': (_req, res) => json(res, 200, { data: null }),
    'GET /api/user/1': (_req, res) => json(res, 200, { data: { ...wireUser(), access_token: TOKEN } }),
    'POST /api/objective': (_req, res) => json(res, 200, { data: { id: 12 } }),
    'GET /api/exports/users.xlsx': (req, res) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(res, 403, { errors: [{ message: 'You may not export the users.' }] });
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from('PK-bytes'));
    },
  });
});
afterAll(() => hub.close());

const settings: HubSettings = { hubUrl: null, activeUrl: null, embeddedStatus: 'starting', tokenPersistence: 'memory' };

function setup(overrides: Partial<IpcDeps> = {}) {
  const tokens = memoryTokenStore();
  const client = new HubClient({ fetch, resolveTarget: async () => ({ key: 'embedded', url: hub.url }), tokens });
  const deps: IpcDeps = {
    hub: client,
    connection: { settings: () => settings, setHubUrl: vi.fn(async () => settings) },
    saveFile: vi.fn(async () => ({ status: 'saved' as const, path: '/home/ada/users.xlsx' })),
    openExternal: vi.fn(async () => {}),
    isTrustedSender: trustedSender(APP_URL),
    ...overrides,
  };
  return { tokens, deps, handlers: createIpcHandlers(deps) };
}

describe('IPC handlers', () => {
  it('answer every channel in the map', () => {
    expect(Object.keys(setup().handlers).sort()).toEqual(Object.keys(ipcSchemas).sort());
  });

  it.each<[IpcChannel, unknown]>([
    ['session:login', { username: 'admin' }],
    ['session:login', { username: 42, password: 'demo' }],
    ['session:login', 'admin:demo'],
    ['hub:request', { method: 'GET', path: '../etc/passwd' }],
    ['hub:request', { method: 'TRACE', path: '/user' }],
    ['hub:request', { method: 'GET', path: '//evil.example.com/x' }],
    ['hub:request', null],
    ['hub:request', { method: 'POST', path: '/objective', idempotencyKey: 'with space' }],
    ['hub:request', { method: 'POST', path: '/objective', idempotencyKey: 'x'.repeat(256) }],
    ['settings:set-hub-url', { hubUrl: 'javascript:alert(1)' }],
    ['settings:set-hub-url', { hubUrl: 'file:///etc/passwd' }],
    ['file:save', { suggestedName: 'a.xlsx' }],
    ['file:save', { suggestedName: 'a.xlsx', bytes: new Uint8Array([1]), hubPath: '/x' }],
    ['shell:open-external', { url: 'not a url' }],
    ['session:state', { extra: true }],
  ])('refuse a malformed %s payload %j with a typed 400, never an exception', async (channel, payload) => {
    const { handlers, deps } = setup();
    const result = await handlers[channel](appFrame, payload);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.status).toBe(400);
    expect(result.error.serverError).toBe(false);
    expect(result.error.errors.length).toBeGreaterThan(0);
    expect(typeof result.error.errors[0].message).toBe('string');
    expect(deps.saveFile).not.toHaveBeenCalled();
    expect(deps.openExternal).not.toHaveBeenCalled();
  });

  it('name the field that is wrong', async () => {
    const result = await setup().handlers['session:login'](appFrame, { username: 'admin', password: 7 });
    expect(result).toMatchObject({ ok: false, error: { status: 400, errors: [{ field: 'password' }] } });
  });

  it.each([
    ['a web page', 'https://evil.example.com/'],
    ['another local file', 'file:///tmp/evil.html'],
    ['no frame at all', null],
  ])('refuse a sender that is %s', async (_label, url) => {
    const { handlers, tokens } = setup();
    const event = { senderFrame: url === null ? null : { url } };
    const login = await handlers['session:login'](event, { username: 'admin', password: 'demo' });
    expect(login).toMatchObject({ ok: false, error: { status: 403, serverError: false } });
    expect(tokens.get('embedded')).toBeNull();
    expect(hub.requests.some((r) => r.url === '/api/auth/login' && r.headers.referer === url)).toBe(false);
  });

  it('accept the dev server in development', async () => {
    const deps = { isTrustedSender: trustedSender(APP_URL, 'http://localhost:5173') };
    const result = await setup(deps).handlers['settings:get']({ senderFrame: { url: 'http://localhost:5173/login' } });
    expect(result).toEqual({ ok: true, data: settings });
  });

  it('the token never reaches the renderer', async () => {
    const { handlers, tokens } = setup();
    const results = [
      await handlers['session:login'](appFrame, { username: 'admin', password: 'demo' }),
      await handlers['session:state'](appFrame, undefined),
      await handlers['hub:request'](appFrame, { method: 'GET', path: '/user/1' }),
      await handlers['hub:request'](appFrame, { method: 'POST', path: '/auth/login', body: { username: 'admin', password: 'demo' } }),
      await handlers['settings:get'](appFrame, undefined),
    ];
    expect(tokens.get('embedded')).toBe(TOKEN);
    expect(results[0]).toMatchObject({ ok: true, data: { signedIn: true, user: { username: 'admin' } } });
    expect(results[1]).toMatchObject({ ok: true, data: { signedIn: true } });
    expect(results[3]).toMatchObject({ ok: false, error: { status: 400 } });
    for (const result of results) expect(containsToken(result, TOKEN)).toBe(false);
  });

  it("pass a submit's Idempotency-Key on to the hub", async () => {
    const { handlers } = setup();
    expect(await handlers['hub:request'](appFrame, { method: 'POST', path: '/objective', body: { title: 'x' }, idempotencyKey: 'key-of-the-submit' })).toEqual({ ok: true, data: { id: 12 } });
    expect(hub.requests.at(-1)?.headers['idempotency-key']).toBe('key-of-the-submit');
  });

  it('answer a hub failure as an error result, not an exception', async () => {
    const { handlers } = setup();
    const result = await handlers['hub:request'](appFrame, { method: 'GET', path: '/nowhere' });
    expect(result).toEqual({ ok: false, error: { status: 404, serverError: false, errors: [{ message: 'Not found' }] } });
  });

  it('turn an unexpected exception into a server error without internals', async () => {
    const log = vi.fn();
    const { handlers } = setup({ connection: { settings: () => { throw new Error('EACCES /home/ada/.config'); }, setHubUrl: vi.fn() }, log });
    const result = await handlers['settings:get'](appFrame, undefined);
    expect(result).toMatchObject({ ok: false, error: { status: 500, serverError: true } });
    expect(JSON.stringify(result)).not.toContain('EACCES');
    expect(log).toHaveBeenCalled();
  });

  it('open only web links in the browser', async () => {
    const { handlers, deps } = setup();
    expect(await handlers['shell:open-external'](appFrame, { url: 'https://okr.bitstone.test/' })).toEqual({ ok: true, data: null });
    expect(deps.openExternal).toHaveBeenCalledWith('https://okr.bitstone.test/');
    const refused = await handlers['shell:open-external'](appFrame, { url: 'file:///etc/passwd' });
    expect(refused).toMatchObject({ ok: false, error: { status: 400, errors: [{ field: 'url' }] } });
    expect(deps.openExternal).toHaveBeenCalledTimes(1);
  });

  it('save bytes the renderer hands over through the save dialog', async () => {
    const { handlers, deps } = setup();
    const bytes = new Uint8Array([1, 2, 3]);
    const result = await handlers['file:save'](appFrame, { suggestedName: 'Ada_CV.pdf', bytes });
    expect(result).toEqual({ ok: true, data: { status: 'saved', path: '/home/ada/users.xlsx' } });
    expect(deps.saveFile).toHaveBeenCalledWith({ suggestedName: 'Ada_CV.pdf', bytes });
  });

  it('save an export the hub makes, fetched by main with the token the renderer does not have', async () => {
    const { handlers, deps } = setup();
    const refused = await handlers['file:save'](appFrame, { suggestedName: 'users.xlsx', hubPath: '/exports/users.xlsx' });
    expect(refused).toEqual({ ok: false, error: { status: 403, serverError: false, errors: [{ message: 'You may not export the users.' }] } });
    expect(deps.saveFile).not.toHaveBeenCalled();

    await handlers['session:login'](appFrame, { username: 'admin', password: 'demo' });
    const saved = await handlers['file:save'](appFrame, { suggestedName: 'users.xlsx', hubPath: '/exports/users.xlsx' });
    expect(saved).toEqual({ ok: true, data: { status: 'saved', path: '/home/ada/users.xlsx' } });
    const [input] = vi.mocked(deps.saveFile).mock.calls[0];
    expect(Buffer.from(input.bytes).toString()).toBe('PK-bytes');
  });

  it('switching to another hub ends the session in the window; saving the same hub does not', async () => {
    let current: string | null = null;
    const onHubChanged = vi.fn();
    const connection = {
      settings: () => ({ ...settings, hubUrl: current }),
      setHubUrl: vi.fn(async (url: string | null) => ({ ...settings, hubUrl: (current = url) })),
    };
    const { handlers } = setup({ connection, onHubChanged });
    expect(await handlers['settings:set-hub-url'](appFrame, { hubUrl: 'https://hub.bitstone.example' })).toMatchObject({ ok: true, data: { hubUrl: 'https://hub.bitstone.example' } });
    expect(onHubChanged).toHaveBeenCalledTimes(1);
    await handlers['settings:set-hub-url'](appFrame, { hubUrl: 'https://hub.bitstone.example' });
    expect(onHubChanged).toHaveBeenCalledTimes(1);
  });

  it('explain a hub address main cannot use under the field', async () => {
    const connection = { settings: () => settings, setHubUrl: vi.fn(async () => { throw new Error('The hub address must not contain a user name or password'); }) };
    const result = await setup({ connection }).handlers['settings:set-hub-url'](appFrame, { hubUrl: 'https://ada:pw@hub.example' });
    expect(result).toEqual({ ok: false, error: { status: 400, serverError: false, errors: [{ message: 'The hub address must not contain a user name or password', field: 'hubUrl' }] } });
  });

  it('register every handler on ipcMain and remove them again', () => {
    const ipcMain = { handle: vi.fn(), removeHandler: vi.fn() };
    const unregister = registerIpc(ipcMain, setup().handlers);
    expect(ipcMain.handle.mock.calls.map((c) => c[0]).sort()).toEqual(Object.keys(ipcSchemas).sort());
    unregister();
    expect(ipcMain.removeHandler).toHaveBeenCalledTimes(Object.keys(ipcSchemas).length);
  });
});
