import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers, type IpcHandlers } from '../../electron/ipc/register';
import { trustedSender } from '../../electron/ipc/sender';
import { memoryTokenStore, type TokenStore } from '../../electron/token-store';
import { IPC_CHANNELS } from '../../shared/ipc-channels';
import type { HubSettings, IpcChannel } from '../../shared/ipc';

// Desktop mode without the Electron binary (issue 4): the built renderer served alone, as the
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

/** What preload exposes, in page form: one frozen object, the allow-list, no ipcRenderer. */
function installBridge(channels: readonly string[]) {
  const allowed = new Set(channels);
  const w = window as unknown as { __hubInvoke(c: string, p: unknown): Promise<unknown>; hub: unknown };
  w.hub = Object.freeze({
    invoke: (channel: string, payload?: unknown) =>
      allowed.has(channel)
        ? w.__hubInvoke(channel, payload)
        : Promise.resolve({ ok: false, error: { status: 400, serverError: false, errors: [{ message: `Unknown channel: ${channel}` }] } }),
    onSessionEnded: () => () => {},
  });
}

export interface DesktopMode {
  handlers: IpcHandlers;
  tokens: TokenStore;
}

/**
 * Gives every page of `context` (served from rendererUrl) a window.hub bound to main's handlers,
 * whose HubClient talks to hubUrl; main keeps the offline cache in offlineCacheDir when given.
 */
export async function bindDesktopMode(context: BrowserContext, options: { hubUrl: string; rendererUrl: string; offlineCacheDir?: string }): Promise<DesktopMode> {
  const { hubUrl, rendererUrl } = options;
  const tokens = memoryTokenStore();
  const hub = new HubClient({ fetch, resolveTarget: async () => ({ key: hubUrl, url: hubUrl }), tokens });
  const settings: HubSettings = { hubUrl, activeUrl: hubUrl, embeddedStatus: 'off', tokenPersistence: 'memory' };
  const handlers = createIpcHandlers({
    hub,
    connection: { settings: () => settings, setHubUrl: async () => settings },
    saveFile: async () => ({ status: 'cancelled' }),
    openExternal: async () => {},
    // the page plays the packaged index.html; its origin is the one trusted sender
    isTrustedSender: trustedSender(`${rendererUrl}/index.html`, rendererUrl),
    offlineCacheDir: options.offlineCacheDir,
  });
  await context.exposeBinding('__hubInvoke', (source, channel: IpcChannel, payload: unknown) =>
    handlers[channel]({ senderFrame: { url: source.frame.url() } }, payload),
  );
  await context.addInitScript(installBridge, IPC_CHANNELS);
  return { handlers, tokens };
}
