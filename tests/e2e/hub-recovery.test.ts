import { EventEmitter } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedHub, type UtilityProcessApi } from '../../electron/embedded-hub';
import { HubClient } from '../../electron/hub-client';
import { HubConnection } from '../../electron/hub-connection';
import type { RestartPolicy } from '../../electron/hub-supervisor';
import { createIpcHandlers } from '../../electron/ipc/register';
import { trustedSender } from '../../electron/ipc/sender';
import { createSettingsStore } from '../../electron/settings';
import { memoryKeyValueStore, memoryTokenStore } from '../../electron/token-store';
import type { HubStatus } from '../../shared/hub-status';
import { IPC_CHANNELS, IPC_EVENTS } from '../../shared/ipc-channels';
import type { IpcChannel } from '../../shared/ipc';
import { HUB_BACK, HUB_FAILED_TITLE } from '../../renderer/lib/hub-status/messages';
import { OFFLINE_TITLE } from '../../renderer/lib/offline/messages';
import { cuttableLink, type CuttableLink } from '../support/cuttable-link';
import { serveRenderer } from '../support/desktop-mode';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { signIn, useBrowser, e2eHubUrl } from './helpers';

// Recovery of the built-in hub, desktop mode: the built renderer with window.hub bound to main's real IPC
// handlers, over a real HubConnection whose supervisor restarts the built-in hub. Each "hub
// process" is a fake utilityProcess child that serves the shared demo hub on a port of its own
// (a loopback proxy, tests/support/cuttable-link.ts) and takes that port with it when it exits:
// the restarted hub answers on another port, as the real one does (PORT=0), with the same data.
vi.mock('electron', () => ({}));

const baseUrl = e2eHubUrl();
const SLOW = 120_000;

type Plan = 'ready' | 'hold' | 'fail';

/** A hub process: listens on a new port once ready, and closes it when it exits. */
class ProxyChild extends EventEmitter {
  link: CuttableLink | null = null;
  exited = false;
  async ready(): Promise<void> {
    this.link = await cuttableLink(baseUrl);
    this.emit('message', { type: 'ready', url: this.link.url });
  }
  async exit(code: number): Promise<void> {
    if (this.exited) return;
    this.exited = true;
    await this.link?.close();
    this.emit('exit', code);
  }
  postMessage(message: unknown) {
    if ((message as { type?: string }).type === 'stop') void this.exit(0);
  }
  kill() {
    void this.exit(143);
    return true;
  }
}

/** What preload does, in page form, with main's events delivered through __hubEmit. */
function installBridge(options: { channels: readonly string[]; sessionEnded: string; hubStatus: string }) {
  const allowed = new Set(options.channels);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const on = (event: string, listener: (payload: unknown) => void) => {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)?.add(listener);
    return () => void listeners.get(event)?.delete(listener);
  };
  const w = window as unknown as { __hubInvoke(c: string, p: unknown): Promise<unknown>; __hubEmit(e: string, p: unknown): void; hub: unknown };
  w.__hubEmit = (event, payload) => listeners.get(event)?.forEach((l) => l(payload));
  w.hub = Object.freeze({
    invoke: (channel: string, payload?: unknown) =>
      allowed.has(channel)
        ? w.__hubInvoke(channel, payload)
        : Promise.resolve({ ok: false, error: { status: 400, serverError: false, errors: [{ message: `Unknown channel: ${channel}` }] } }),
    onSessionEnded: (listener: () => void) => on(options.sessionEnded, () => listener()),
    onHubStatus: (listener: (status: unknown) => void) => on(options.hubStatus, listener),
  });
}

interface Rig {
  conn: HubConnection;
  children: ProxyChild[];
  /** every hub address main's HubClient called */
  called: string[];
  statuses: HubStatus[];
}

/** main.ts's wiring of the built-in hub, its supervisor and the IPC handlers, for one page. */
async function bindBuiltInHub(context: BrowserContext, page: () => Page, rendererUrl: string, plan: Plan[], policy: Partial<RestartPolicy>): Promise<Rig> {
  const children: ProxyChild[] = [];
  const statuses: HubStatus[] = [];
  const called: string[] = [];
  const emit = (event: string, payload?: unknown) =>
    void page()
      .evaluate(([e, p]) => (window as unknown as { __hubEmit(e: string, p: unknown): void }).__hubEmit(e as string, p), [event, payload] as const)
      .catch(() => undefined);
  const utilityProcess = {
    fork: () => {
      const child = new ProxyChild();
      children.push(child);
      const next = plan.shift() ?? 'ready';
      if (next === 'ready') void child.ready();
      if (next === 'fail') setTimeout(() => void child.exit(1), 50);
      return child;
    },
  } as unknown as UtilityProcessApi;
  const tokens = memoryTokenStore();
  const conn = new HubConnection({
    settings: createSettingsStore(memoryKeyValueStore()),
    tokenPersistence: 'memory',
    startEmbedded: () => startEmbeddedHub({ utilityProcess, entryPath: '/app/hub.mjs', dataDir: '/unused', healthIntervalMs: 50, stopTimeoutMs: 500 }),
    onHubStatus: (status) => {
      statuses.push(status);
      emit(IPC_EVENTS.hubStatus, status);
    },
    restartPolicy: policy,
  });
  const hub = new HubClient({
    tokens,
    resolveTarget: () => conn.target(),
    fetch: (url, init) => {
      called.push(new URL(String(url)).origin);
      return fetch(url, init);
    },
  });
  hub.on('session-ended', () => emit(IPC_EVENTS.sessionEnded));
  const handlers = createIpcHandlers({
    hub,
    connection: conn,
    hubStatus: { status: () => conn.hubStatus(), restart: () => conn.restartEmbedded() },
    saveFile: async () => ({ status: 'cancelled' }),
    openExternal: async () => {},
    isTrustedSender: trustedSender(`${rendererUrl}/index.html`, rendererUrl),
  });
  await context.exposeBinding('__hubInvoke', (source, channel: IpcChannel, payload: unknown) => handlers[channel]({ senderFrame: { url: source.frame.url() } }, payload));
  await context.addInitScript(installBridge, { channels: IPC_CHANNELS, sessionEnded: IPC_EVENTS.sessionEnded, hubStatus: IPC_EVENTS.hubStatus });
  conn.start();
  return { conn, children, called, statuses };
}

const { session } = useBrowser();
let root: string;
let renderer: { url: string; close(): Promise<void> };
const rigs: Rig[] = [];

beforeAll(async () => {
  // a copy: another suite's global setup may rebuild dist/renderer while this one runs
  root = await mkdtemp(path.join(os.tmpdir(), 'hub-recovery-'));
  await cp(WEB_ROOT, path.join(root, 'web'), { recursive: true });
  renderer = await serveRenderer(path.join(root, 'web'));
});
afterAll(async () => {
  await Promise.all(rigs.splice(0).map((r) => r.conn.stop()));
  await renderer?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const banner = (page: Page) => page.getByTestId('hub-status-banner');
const announcer = (page: Page) => page.getByTestId('hub-status-announcer');

describe('desktop: the built-in hub stops', () => {
  it('the window says it restarts, then goes on signed in with the hub on its new port', async () => {
    const s = await session(renderer.url);
    try {
      const rig = await bindBuiltInHub(s.context, () => s.page, renderer.url, ['ready', 'hold'], { firstDelayMs: 500 });
      rigs.push(rig);
      const { page } = s;
      // the teams manager: the my-team button, no first-login stepper in the demo company, lands on the objectives
      await signIn(page, 'manager');
      const first = rig.children[0].link?.url as string;
      expect(rig.called).toContain(first);
      await expect.poll(() => banner(page).count()).toBe(0);

      // the process dies under the signed-in person
      await rig.children[0].exit(139);
      await banner(page).waitFor();
      expect(await banner(page).getByText('The built-in hub stopped. Restarting… (attempt 1)').count()).toBe(1);
      expect(await page.getByRole('complementary', { name: 'Built-in hub' }).count()).toBe(1);
      await page.screenshot({ path: '/tmp/hub-recovery-restarting.png' });
      await expect.poll(() => announcer(page).textContent()).toBe('The built-in hub stopped. Restarting…');
      // non-blocking: the shell is still there and usable
      expect(await page.getByRole('banner').isVisible()).toBe(true);
      // a call meanwhile fails as an unreachable hub; the generic offline words stand back for the hub's banner
      await page.getByRole('button', { name: 'My team', exact: true }).click();
      await expect.poll(() => rig.children.length).toBe(2);
      await page.keyboard.press('Escape');
      // offline now (actions that need the hub are disabled), without the undated offline banner or its words
      await expect.poll(() => page.getByRole('button', { name: 'New Objective' }).isDisabled()).toBe(true);
      await page.screenshot({ path: '/tmp/hub-recovery-offline.png' });
      expect(await page.getByText(OFFLINE_TITLE, { exact: true }).count()).toBe(0);
      expect(await page.getByTestId('offline-announcer').textContent()).not.toContain(OFFLINE_TITLE);
      expect(rig.statuses.map((x) => x.state)).toEqual(['running', 'restarting', 'restarting']);

      // the new process is up, on another port
      await rig.children[1].ready();
      const second = rig.children[1].link?.url as string;
      expect(second).not.toBe(first);
      await expect.poll(() => banner(page).count()).toBe(0);
      await expect.poll(() => announcer(page).textContent()).toBe(HUB_BACK);

      // the same session (the token is the built-in hub's, not a port's) on the new process
      const before = rig.called.length;
      await page.reload();
      await page.getByRole('button', { name: 'Account' }).waitFor();
      expect(page.url()).not.toContain('/login');
      expect(rig.called.slice(before)).toContain(second);
      expect(rig.called.slice(before)).not.toContain(first);
      expect(rig.conn.settings()).toMatchObject({ activeUrl: second, embeddedStatus: 'running' });
      expect(s.errors.filter((e) => !/Failed to load resource|status of 0/.test(e))).toEqual([]);
    } finally {
      await s.close();
    }
  }, SLOW);

  it('after too many failures in a row it says it could not restart it, and Try again brings it back', async () => {
    const s = await session(renderer.url);
    try {
      const rig = await bindBuiltInHub(s.context, () => s.page, renderer.url, ['ready', 'fail', 'ready'], { firstDelayMs: 200, maxFailures: 2 });
      rigs.push(rig);
      const { page } = s;
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await expect.poll(() => rig.conn.hubStatus().state).toBe('running');

      await rig.children[0].exit(1);
      // restarted once, failed again: main gives up and the banner offers Try again
      await banner(page).getByText(HUB_FAILED_TITLE).waitFor();
      expect(await banner(page).textContent()).toMatch(/could not start\. It stopped with code 1\./);
      await expect.poll(() => announcer(page).textContent()).toMatch(/^The built-in hub could not be restarted\./);
      await page.screenshot({ path: '/tmp/hub-recovery-failed.png' });
      expect(rig.children).toHaveLength(2);

      await banner(page).getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => banner(page).count()).toBe(0);
      expect(rig.children).toHaveLength(3);
      expect(rig.statuses.map((x) => [x.state, x.attempt])).toEqual([
        ['running', 0],
        ['restarting', 1],
        ['restarting', 1],
        ['failed', 1],
        ['restarting', 1],
        ['running', 0],
      ]);
      // and the hub answers sign-in on its new port
      await signIn(page, 'admin');
      expect(rig.called).toContain(rig.children[2].link?.url);
      expect(rig.conn.hubStatus().state).toBe('running');
      // what a window loaded now asks: the state as it is
      expect(await page.evaluate(() => (window as unknown as { hub: { invoke(c: string): Promise<unknown> } }).hub.invoke('hub:status'))).toEqual({
        ok: true,
        data: { state: 'running', attempt: 0, retryInMs: 0, message: null },
      });
    } finally {
      await s.close();
    }
  }, SLOW);
});
