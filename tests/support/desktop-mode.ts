import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers, type IpcDeps, type IpcHandlers } from '../../electron/ipc/register';
import { trustedSender } from '../../electron/ipc/sender';
import { memoryTokenStore, type TokenStore } from '../../electron/token-store';
import { tokenOwner, WriteQueue } from '../../electron/write-queue';
import { IPC_CHANNELS } from '../../shared/ipc-channels';
import type { HubSettings, IpcChannel } from '../../shared/ipc';
import { WEB_ROOT } from './e2e-global-setup';

// Desktop mode without the Electron binary: the built renderer served alone, as the
// app loads it from disk (no way to the hub but window.hub), and a window.hub whose invoke()
// reaches the real main-process IPC handlers in the test's process through exposeBinding.
// A test file that imports this mocks 'electron' itself: vi.mock('electron', () => ({})).

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.json': 'application/json',
};

/** The built renderer in `dir` with the SPA fallback a router needs; nothing else on this origin. */
export async function serveRenderer(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir) || !(await stat(file).then((s) => s.isFile(), () => false))) file = path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(await readFile(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * For one test file (or describe block): the web build served as the packaged app loads it, from a
 * copy in a scratch folder (`root`, removed after), since another suite's global setup may rebuild
 * the web build meanwhile. `url` and `root` are set once beforeAll has run.
 */
export function useServedRenderer(prefix: string): { readonly url: string; readonly root: string } {
  const served = { url: '', root: '' };
  let server: { close(): Promise<void> } | undefined;
  beforeAll(async () => {
    served.root = await mkdtemp(path.join(os.tmpdir(), prefix));
    await cp(WEB_ROOT, path.join(served.root, 'web'), { recursive: true });
    const renderer = await serveRenderer(path.join(served.root, 'web'));
    server = renderer;
    served.url = renderer.url;
  });
  afterAll(async () => {
    await server?.close();
    if (served.root) await rm(served.root, { recursive: true, force: true });
  });
  return served;
}

/** The events preload forwards from main (webContents.send), by their window.hub method. */
export type BridgeEvent = 'onNotifications' | 'onUpdate' | 'onQueueChanged';

/**
 * What preload exposes, in page form: one frozen object, the allow-list, no ipcRenderer, and the
 * listed event methods only (the renderer tells what main offers by their presence). The test
 * plays main's events with window.__hubEmit(method, payload): see DesktopMode.emit.
 */
function installBridge({ channels, events }: { channels: readonly string[]; events: readonly string[] }) {
  const allowed = new Set(channels);
  const w = window as unknown as { __hubInvoke(c: string, p: unknown): Promise<unknown>; __hubEmit(event: string, payload: unknown): void; hub: unknown };
  const listeners = new Map(events.map((event) => [event, new Set<(payload: unknown) => void>()]));
  w.__hubEmit = (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload));
  const subscribe = (event: string) => (listener: (payload: unknown) => void) => {
    listeners.get(event)?.add(listener);
    return () => void listeners.get(event)?.delete(listener);
  };
  w.hub = Object.freeze({
    invoke: (channel: string, payload?: unknown) =>
      allowed.has(channel)
        ? w.__hubInvoke(channel, payload)
        : Promise.resolve({ ok: false, error: { status: 400, serverError: false, errors: [{ message: `Unknown channel: ${channel}` }] } }),
    onSessionEnded: () => () => {},
    ...Object.fromEntries(events.map((event) => [event, subscribe(event)])),
  });
}

/** Main sends an event to one page, as preload forwards it. */
export function emitToPage(page: Page, event: BridgeEvent, payload: unknown): Promise<void> {
  return page.evaluate(([e, p]) => (window as unknown as { __hubEmit(e: string, p: unknown): void }).__hubEmit(e, p), [event, payload] as const);
}

export interface DesktopMode {
  handlers: IpcHandlers;
  tokens: TokenStore;
  /** main's offline write queue, when writeQueueDir was given */
  writeQueue: WriteQueue | null;
}

export interface DesktopModeOptions {
  hubUrl: string;
  rendererUrl: string;
  offlineCacheDir?: string;
  writeQueueDir?: string;
  writeQueueRetryMs?: number;
  /** the app's version HubClient sends (the hub's version check) */
  appVersion?: string;
  /** main's other pieces as electron/main.ts passes them (updater, desktop settings, unread count…) */
  deps?: Partial<IpcDeps>;
  /** what Settings says of the hub, when not the company hub at hubUrl (e.g. the built-in one) */
  settings?: Pick<HubSettings, 'hubUrl' | 'embeddedStatus'>;
}

/**
 * Gives every page of `context` (served from rendererUrl) a window.hub bound to main's handlers,
 * whose HubClient talks to hubUrl; main keeps the offline cache in offlineCacheDir and the write
 * queue in writeQueueDir when given (retrying a hub that did not answer after writeQueueRetryMs).
 */
export async function bindDesktopMode(context: BrowserContext, options: DesktopModeOptions): Promise<DesktopMode> {
  const { hubUrl, rendererUrl } = options;
  const tokens = memoryTokenStore();
  const hub = new HubClient({ fetch, resolveTarget: async () => ({ key: hubUrl, url: hubUrl }), tokens, appVersion: options.appVersion });
  const settings: HubSettings = { hubUrl, activeUrl: hubUrl, embeddedStatus: 'off', tokenPersistence: 'memory', ...options.settings };
  // as electron/main.ts wires it, with the event sent to every page of the context
  const writeQueue = options.writeQueueDir
    ? new WriteQueue({
        dir: options.writeQueueDir,
        target: async () => ({ key: hubUrl, url: hubUrl }),
        token: (key) => tokens.get(key),
        whoAmI: tokenOwner(hub),
        send: (request) => hub.request(request),
        onChanged: (change) => {
          for (const page of context.pages()) emitToPage(page, 'onQueueChanged', change).catch(() => undefined);
        },
        firstRetryMs: options.writeQueueRetryMs,
      })
    : null;
  const handlers = createIpcHandlers({
    hub,
    connection: { settings: () => settings, setHubUrl: async () => settings },
    saveFile: async () => ({ status: 'cancelled' }),
    openExternal: async () => {},
    // the page plays the packaged index.html; its origin is the one trusted sender
    isTrustedSender: trustedSender(`${rendererUrl}/index.html`, rendererUrl),
    offlineCacheDir: options.offlineCacheDir,
    writeQueue: writeQueue ?? undefined,
    ...options.deps,
  });
  await context.exposeBinding('__hubInvoke', (source, channel: IpcChannel, payload: unknown) =>
    handlers[channel]({ senderFrame: { url: source.frame.url() } }, payload),
  );
  const events: BridgeEvent[] = ['onNotifications', 'onUpdate', ...(writeQueue ? (['onQueueChanged'] as const) : [])];
  await context.addInitScript(installBridge, { channels: IPC_CHANNELS, events });
  return { handlers, tokens, writeQueue };
}
