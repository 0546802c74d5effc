import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers, type IpcHandlers } from '../../electron/ipc/register';
import { trustedSender } from '../../electron/ipc/sender';
import { memoryTokenStore, type TokenStore } from '../../electron/token-store';
import { IPC_CHANNELS } from '../../shared/ipc-channels';
import type { HubSettings, IpcChannel } from '../../shared/ipc';
import type { BrowserSession } from '../support/browser';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { signIn, useBrowser, e2eHubUrl } from './helpers';
import { containsToken } from '../main/support/deep';

// Desktop mode without the Electron binary: the built renderer runs in Chromium with a
// window.hub whose invoke() reaches, through Playwright's exposeBinding, the real main-process
// IPC handlers in this Node process: renderer → IPC handler → HubClient → demo hub, for real.
// The page is served by its own static server, so it has no way to the hub except window.hub.
vi.mock('electron', () => ({}));

const baseUrl = e2eHubUrl();
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.json': 'application/json',
};

/**
 * The built renderer with the SPA fallback a router needs; nothing else on this origin. Served
 * from a copy: another suite's global setup may rebuild dist/renderer while this one runs.
 */
async function serveRenderer(): Promise<{ server: Server; url: string; root: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'hub-desktop-renderer-'));
  await cp(WEB_ROOT, root, { recursive: true });
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root) || !(await stat(file).then((s) => s.isFile(), () => false))) file = path.join(root, 'index.html');
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(await readFile(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, root, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

/** What preload does, in page form: one object, the allow-list, no ipcRenderer. */
function installBridge(channels: readonly string[]) {
  const allowed = new Set(channels);
  const listeners = new Set<() => void>();
  const w = window as unknown as { __hubInvoke(c: string, p: unknown): Promise<unknown>; __hubSessionEnded(): void; hub: unknown };
  w.__hubSessionEnded = () => listeners.forEach((l) => l());
  w.hub = Object.freeze({
    invoke: (channel: string, payload?: unknown) =>
      allowed.has(channel)
        ? w.__hubInvoke(channel, payload)
        : Promise.resolve({ ok: false, error: { status: 400, serverError: false, errors: [{ message: `Unknown channel: ${channel}` }] } }),
    onSessionEnded(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
}

interface Desktop {
  handlers: IpcHandlers;
  session: BrowserSession;
  page: Page;
  tokens: TokenStore;
  /** every call and the result the page received from main, for the "no token" check */
  results: Array<{ channel: string; payload: unknown; result: unknown }>;
  /** resolves once the page has had no IPC call in flight for a moment */
  settled(): Promise<void>;
}

const { session: openSession } = useBrowser();
let renderer: { server: Server; url: string; root: string };
const open: Desktop[] = [];

beforeAll(async () => {
  renderer = await serveRenderer();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.session.close()));
});
afterAll(async () => {
  await new Promise((resolve) => renderer?.server.close(resolve));
  if (renderer) await rm(renderer.root, { recursive: true, force: true });
});

async function startDesktop(): Promise<Desktop> {
  const tokens = memoryTokenStore();
  const hub = new HubClient({ fetch, resolveTarget: async () => ({ key: baseUrl, url: baseUrl }), tokens });
  const settings: HubSettings = { hubUrl: baseUrl, activeUrl: baseUrl, embeddedStatus: 'off', tokenPersistence: 'memory' };
  const handlers: IpcHandlers = createIpcHandlers({
    hub,
    connection: { settings: () => settings, setHubUrl: async () => settings },
    saveFile: async () => ({ status: 'cancelled' }),
    openExternal: async () => {},
    // The page plays the packaged index.html; its origin is the one trusted sender.
    isTrustedSender: trustedSender(`${renderer.url}/index.html`, renderer.url),
  });
  const session = await openSession(renderer.url);
  const results: Desktop['results'] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  await session.context.exposeBinding('__hubInvoke', async (source, channel: IpcChannel, payload: unknown) => {
    inFlight++;
    try {
      const result = await handlers[channel]({ senderFrame: { url: source.frame.url() } }, payload);
      results.push({ channel, payload, result });
      return result;
    } finally {
      inFlight--;
      lastActivity = Date.now();
    }
  });
  const settled = async () => {
    while (inFlight > 0 || Date.now() - lastActivity < 500) await new Promise((r) => setTimeout(r, 50));
  };
  await session.context.addInitScript(installBridge, IPC_CHANNELS);
  // main.ts does the same with webContents.send(IPC_EVENTS.sessionEnded).
  hub.on('session-ended', () => void session.page.evaluate(() => (window as unknown as { __hubSessionEnded(): void }).__hubSessionEnded()).catch(() => {}));
  const desktop = { handlers, session, page: session.page, tokens, results, settled };
  open.push(desktop);
  return desktop;
}

/** Everything the page can read by itself: storage and the DOM. */
async function pageSideText(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie, html: document.documentElement.outerHTML }));
}

describe('desktop mode: renderer → IPC → HubClient → hub', () => {
  it('signs in as admin through the UI, and the page never receives the token', async () => {
    const { page, tokens, results, session } = await startDesktop();
    await signIn(page, 'admin');
    const token = tokens.get(baseUrl);
    expect(token).toBeTruthy();
    expect(results.some((r) => r.channel === 'session:login' && (r.result as { ok: boolean }).ok)).toBe(true);
    // The shell is there: the account button of the signed-in admin.
    await expect.poll(() => page.getByRole('banner').isVisible()).toBe(true);
    for (const { result } of results) expect(containsToken(result, token as string)).toBe(false);
    expect(await pageSideText(page)).not.toContain(token);
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    expect(session.errors).toEqual([]);
  });

  it('a session revoked on the hub ends at the next request: back to /login, without ret', async () => {
    const { page, tokens } = await startDesktop();
    await signIn(page, 'admin');
    const token = tokens.get(baseUrl);
    const revoke = await fetch(`${baseUrl}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(revoke.status).toBe(200);
    // A restart: the stored user shows at once, GET /auth/me through IPC gets the 401.
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('ret')).toBeNull();
    expect(tokens.get(baseUrl)).toBeNull();
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
  });

  it('a revoked session ends at the next in-app call (the my-team drawer), without a reload', async () => {
    const { page, tokens, results, settled } = await startDesktop();
    // The teams manager has the my-team button and no first-login stepper in the demo company.
    await signIn(page, 'manager');
    await expect.poll(() => page.getByRole('button', { name: 'My team' }).isVisible()).toBe(true);
    // The landing page's own calls first: the next call must be the one this test makes.
    await settled();
    const token = tokens.get(baseUrl);
    await fetch(`${baseUrl}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const before = results.length;
    await page.getByRole('button', { name: 'My team' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // the next call to the hub (the offline cache's own saves go to main, not the hub)
    const next = results.slice(before).find((r) => r.channel === 'hub:request');
    expect(next).toMatchObject({ channel: 'hub:request', payload: { method: 'GET', path: '/teamDetails' }, result: { ok: false, error: { status: 401 } } });
    expect(tokens.get(baseUrl)).toBeNull();
  });

  it('Settings: the hub is chosen from the login page signed out, and Settings is inside the shell once signed in', async () => {
    const { page, session } = await startDesktop();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Hub settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('radio', { name: 'Company hub' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    // signed in, Settings has the header and side menu like every screen, the hub among its sections
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Hub' }).waitFor();
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('refuses a channel that is not on the list, and a sender that is not the app', async () => {
    const { page } = await startDesktop();
    await page.goto('/login');
    const unknown = await page.evaluate(() => (window as unknown as { hub: { invoke(c: string): Promise<unknown> } }).hub.invoke('electron-store-get-data'));
    expect(unknown).toMatchObject({ ok: false, error: { status: 400 } });
    const foreign = await createIpcHandlers({
      hub: new HubClient({ fetch, resolveTarget: async () => ({ key: baseUrl, url: baseUrl }), tokens: memoryTokenStore() }),
      connection: { settings: () => { throw new Error('unreachable'); }, setHubUrl: async () => { throw new Error('unreachable'); } },
      saveFile: async () => ({ status: 'cancelled' }),
      openExternal: async () => {},
      isTrustedSender: trustedSender(`${renderer.url}/index.html`, renderer.url),
    })['session:login']({ senderFrame: { url: baseUrl } }, { username: 'admin', password: 'demo' });
    expect(foreign).toMatchObject({ ok: false, error: { status: 403 } });
  });

  it('shows a hub picture as a blob: image, its bytes fetched by main (hub:upload, then hub:image)', async () => {
    const { page, handlers, results, tokens } = await startDesktop();
    await signIn(page, 'admin');
    const app = { senderFrame: { url: `${renderer.url}/index.html` } };
    const me = await handlers['hub:request'](app, { method: 'GET', path: '/auth/me' });
    if (!me.ok) throw new Error('no /auth/me');
    const id = (me.data as { user: { id: number } }).user.id;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const saved = await handlers['hub:upload'](app, { method: 'PUT', path: `/user/${id}/image`, fieldName: 'image', fileName: 'me.png', contentType: 'image/png', bytes: new Uint8Array(png) });
    expect(saved).toMatchObject({ ok: true });
    // A restart: the signed-in user now has a picture, which the header's avatar shows.
    await page.reload();
    const img = page.getByRole('banner').locator('img').first();
    await expect.poll(async () => (await img.count()) ? img.getAttribute('src') : null, { timeout: 15_000 }).toMatch(/^blob:/);
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    expect(results.some((r) => r.channel === 'hub:image' && (r.result as { ok: boolean }).ok)).toBe(true);
    const token = tokens.get(baseUrl) as string;
    for (const { result } of results) expect(containsToken(result, token)).toBe(false);
  });
});
