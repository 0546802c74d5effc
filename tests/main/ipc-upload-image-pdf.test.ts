import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers, type IpcDeps } from '../../electron/ipc/register';
import { trustedSender, type IpcSenderEvent } from '../../electron/ipc/sender';
import { memoryTokenStore } from '../../electron/token-store';
import { startHub, type RunningHub } from '../../server/start';
import type { HubSettings, IpcChannel } from '../../shared/ipc';
import { containsToken } from './support/deep';

// The desktop's upload, picture and CV-PDF channels (hub:upload, hub:image, file:save-pdf):
// against a small local server for odd answers, and against the real demo hub end to end.
vi.mock('electron', () => ({}));

const APP_URL = 'file:///opt/Bitstone%20Hub/resources/app.asar/dist/renderer/index.html';
const appFrame: IpcSenderEvent = { senderFrame: { url: `${APP_URL}#/team/1` } };
const TOKEN = 'local-secret-token-0123456789';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const settings: HubSettings = { hubUrl: null, activeUrl: null, embeddedStatus: 'off', tokenPersistence: 'memory' };

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }
type Route = (req: Seen, res: ServerResponse) => void;

/** A local hub that records raw bodies (multipart), keyed 'METHOD /path'. */
async function startLocal(routes: Record<string, Route>) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(entry);
      const route = routes[`${entry.method} ${entry.url.split('?')[0]}`];
      if (route) route(entry, res);
      else send(res, 404, { errors: [{ message: 'Not found' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

const authorized = (req: Seen) => req.headers.authorization === `Bearer ${TOKEN}`;

let local: Awaited<ReturnType<typeof startLocal>>;
let real: RunningHub;
beforeAll(async () => {
  local = await startLocal({
    'PUT /api/user/1/image': (req, res) => (authorized(req)
      ? send(res, 200, { data: { image_path: '/user/1/image', access_token: TOKEN, size: req.body.length } })
      : send(res, 401, { errors: [{ message: 'Your session has ended.' }] })),
    'GET /api/user/1/image': (req, res) => (authorized(req) ? send(res, 200, PNG, 'image/png') : send(res, 401, { errors: [{ message: 'Your session has ended.' }] })),
    'GET /api/user/2/image': (_req, res) => send(res, 200, '<html>not a picture</html>', 'text/html'),
    'GET /api/user/3/image': (_req, res) => send(res, 200, Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'image/png'),
  });
  real = await startHub({ port: 0, demo: true, logger: false, webRoot: null });
}, 120_000);
afterAll(async () => {
  await local?.close();
  await real?.close();
});

function setup(url: string, overrides: Partial<IpcDeps> = {}) {
  const tokens = memoryTokenStore();
  const client = new HubClient({ fetch, resolveTarget: async () => ({ key: 'embedded', url }), tokens });
  const ended = vi.fn();
  client.on('session-ended', ended);
  const deps: IpcDeps = {
    hub: client,
    connection: { settings: () => settings, setHubUrl: vi.fn(async () => settings) },
    saveFile: vi.fn(async () => ({ status: 'saved' as const, path: '/home/ada/Downloads/Ada Admin_CV.pdf' })),
    openExternal: vi.fn(async () => {}),
    isTrustedSender: trustedSender(APP_URL),
    ...overrides,
  };
  return { tokens, deps, ended, handlers: createIpcHandlers(deps) };
}

const upload = (overrides: Record<string, unknown> = {}) => ({
  method: 'PUT', path: '/user/1/image', fieldName: 'image', fileName: 'picture.png', contentType: 'image/png', bytes: new Uint8Array(PNG), ...overrides,
});

describe('hub:upload, hub:image and file:save-pdf', () => {
  it('upload: main builds the multipart form with the bearer token; the answer is camelized and token-free', async () => {
    const { handlers, tokens } = setup(local.url);
    tokens.set('embedded', TOKEN);
    const result = await handlers['hub:upload'](appFrame, upload({ fields: { link: '{"id":1}' } }));
    expect(result).toMatchObject({ ok: true, data: { imagePath: '/user/1/image' } });
    expect(containsToken(result, TOKEN)).toBe(false);
    const req = local.seen.at(-1) as Seen;
    expect(req.method).toBe('PUT');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = req.body.toString('latin1');
    expect(text).toContain('name="link"');
    expect(text).toContain('name="image"; filename="picture.png"');
    expect(text).toContain('Content-Type: image/png');
    expect(req.body.includes(PNG)).toBe(true);
  });

  it('image: the bytes and content type of a picture, fetched with the token', async () => {
    const { handlers, tokens } = setup(local.url);
    tokens.set('embedded', TOKEN);
    const result = await handlers['hub:image'](appFrame, { path: '/user/1/image' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.contentType).toBe('image/png');
    expect(Buffer.from(result.data.bytes).equals(PNG)).toBe(true);
    expect(local.seen.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('image: refuses an answer that is not a picture, and one over 5 MB', async () => {
    const { handlers } = setup(local.url);
    expect(await handlers['hub:image'](appFrame, { path: '/user/2/image' })).toMatchObject({ ok: false, error: { status: 415, serverError: false } });
    expect(await handlers['hub:image'](appFrame, { path: '/user/3/image' })).toMatchObject({ ok: false, error: { status: 413, serverError: false } });
  });

  it.each<[IpcChannel, string]>([['hub:upload', 'upload'], ['hub:image', 'image']])('%s: a 401 clears the token and ends the session', async (channel) => {
    const { handlers, tokens, ended } = setup(local.url);
    tokens.set('embedded', 'stale-token');
    const payload = channel === 'hub:upload' ? upload() : { path: '/user/1/image' };
    const result = await handlers[channel](appFrame, payload);
    expect(result).toMatchObject({ ok: false, error: { status: 401, errors: [{ message: 'Your session has ended.' }] } });
    expect(tokens.get('embedded')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it.each<[IpcChannel, unknown]>([
    ['hub:upload', null],
    ['hub:upload', upload({ method: 'GET' })],
    ['hub:upload', upload({ path: '../etc/passwd' })],
    ['hub:upload', upload({ path: '//evil.example.com/x' })],
    ['hub:upload', upload({ bytes: [1, 2, 3] })],
    ['hub:upload', upload({ bytes: new Uint8Array(5 * 1024 * 1024 + 1) })],
    ['hub:upload', upload({ fieldName: 'image"; x="' })],
    ['hub:upload', upload({ fileName: 'a\r\nContent-Type: text/html' })],
    ['hub:upload', upload({ contentType: 'image/png\r\nX: 1' })],
    ['hub:upload', upload({ fields: { ok: 3 } })],
    ['hub:upload', upload({ path: '/auth/login' })],
    ['hub:image', {}],
    ['hub:image', { path: 'http://evil.example.com/a.png' }],
    ['hub:image', { path: '/user/%2e%2e/../x' }],
    ['hub:image', { path: '/auth/logout' }],
    ['file:save-pdf', {}],
    ['file:save-pdf', { suggestedName: '' }],
    ['file:save-pdf', { suggestedName: 'x'.repeat(300) }],
  ])('refuse a malformed %s payload %#: typed 400, nothing sent, nothing saved', async (channel, payload) => {
    const printToPDF = vi.fn(async () => new Uint8Array([37]));
    const { handlers, deps } = setup(local.url);
    const before = local.seen.length;
    const result = await handlers[channel]({ ...appFrame, sender: { printToPDF } }, payload);
    expect(result).toMatchObject({ ok: false, error: { status: 400, serverError: false } });
    if (!result.ok) expect(typeof result.error.errors[0].message).toBe('string');
    expect(local.seen.length).toBe(before);
    expect(printToPDF).not.toHaveBeenCalled();
    expect(deps.saveFile).not.toHaveBeenCalled();
  });

  it.each<[IpcChannel, unknown]>([
    ['hub:upload', upload()],
    ['hub:image', { path: '/user/1/image' }],
    ['file:save-pdf', { suggestedName: 'Ada Admin_CV.pdf' }],
  ])('refuse %s from a foreign sender', async (channel, payload) => {
    const printToPDF = vi.fn(async () => new Uint8Array([37]));
    const { handlers, deps, tokens } = setup(local.url);
    tokens.set('embedded', TOKEN);
    const before = local.seen.length;
    for (const url of ['https://evil.example.com/', 'file:///tmp/evil.html']) {
      const result = await handlers[channel]({ senderFrame: { url }, sender: { printToPDF } }, payload);
      expect(result).toMatchObject({ ok: false, error: { status: 403 } });
    }
    expect(await handlers[channel]({ senderFrame: null, sender: { printToPDF } }, payload)).toMatchObject({ ok: false, error: { status: 403 } });
    expect(local.seen.length).toBe(before);
    expect(printToPDF).not.toHaveBeenCalled();
    expect(deps.saveFile).not.toHaveBeenCalled();
  });

  it('save-pdf: prints the sender page on A4 at 0.75 and saves it through the save dialog', async () => {
    const pdf = Buffer.from('%PDF-1.7 fake');
    const printToPDF = vi.fn(async () => pdf);
    const { handlers, deps } = setup(local.url);
    const result = await handlers['file:save-pdf']({ ...appFrame, sender: { printToPDF } }, { suggestedName: 'Ada Admin_CV.pdf' });
    expect(result).toEqual({ ok: true, data: { status: 'saved', path: '/home/ada/Downloads/Ada Admin_CV.pdf' } });
    expect(printToPDF).toHaveBeenCalledWith({ pageSize: 'A4', scale: 0.75 });
    const [input] = vi.mocked(deps.saveFile).mock.calls[0];
    expect(input.suggestedName).toBe('Ada Admin_CV.pdf');
    expect(Buffer.from(input.bytes).toString()).toBe('%PDF-1.7 fake');
  });

  it('save-pdf: a cancelled dialog is cancelled; a failing print is an error result, not an exception', async () => {
    const cancelled = setup(local.url, { saveFile: vi.fn(async () => ({ status: 'cancelled' as const })) });
    expect(await cancelled.handlers['file:save-pdf']({ ...appFrame, sender: { printToPDF: async () => new Uint8Array([1]) } }, { suggestedName: 'a_CV.pdf' }))
      .toEqual({ ok: true, data: { status: 'cancelled' } });
    const log = vi.fn();
    const failing = setup(local.url, { log });
    const result = await failing.handlers['file:save-pdf']({ ...appFrame, sender: { printToPDF: async () => { throw new Error('render process gone'); } } }, { suggestedName: 'a_CV.pdf' });
    expect(result).toMatchObject({ ok: false, error: { status: 500, serverError: true } });
    expect(JSON.stringify(result)).not.toContain('render process gone');
    expect(failing.deps.saveFile).not.toHaveBeenCalled();
  });

  it('against the real hub: upload a picture as admin, read it back, refuse a non-picture; no token anywhere', async () => {
    const { handlers, tokens } = setup(real.url);
    const results: unknown[] = [];
    results.push(await handlers['session:login'](appFrame, { username: 'admin', password: 'demo' }));
    const token = tokens.get('embedded') as string;
    expect(token).toBeTruthy();
    const me = await handlers['hub:request'](appFrame, { method: 'GET', path: '/auth/me' });
    results.push(me);
    if (!me.ok) throw new Error('no /auth/me');
    const id = (me.data as { user: { id: number } }).user.id;

    const saved = await handlers['hub:upload'](appFrame, upload({ path: `/user/${id}/image` }));
    results.push(saved);
    expect(saved).toEqual({ ok: true, data: { imagePath: `/user/${id}/image` } });

    const image = await handlers['hub:image'](appFrame, { path: `/user/${id}/image` });
    results.push(image);
    expect(image.ok && image.data.contentType).toBe('image/png');
    expect(image.ok && Buffer.from(image.data.bytes).equals(PNG)).toBe(true);

    const refused = await handlers['hub:upload'](appFrame, upload({ path: `/user/${id}/image`, bytes: new TextEncoder().encode('not a picture'), contentType: 'text/plain', fileName: 'a.txt' }));
    results.push(refused);
    expect(refused).toMatchObject({ ok: false, error: { status: 400, serverError: false, errors: [{ field: 'image' }] } });

    for (const result of results) expect(containsToken(result, token)).toBe(false);
  });
});
