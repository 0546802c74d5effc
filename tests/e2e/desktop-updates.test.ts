import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { version as appVersion } from '../../package.json';
import type { UpdateNotice } from '../../shared/ipc';
import { COMPAT_TITLES, HUB_API_LEVEL } from '../../shared/rules/app-compat';
import type { BrowserSession } from '../support/browser';
import { bindDesktopMode, emitToPage, serveRenderer } from '../support/desktop-mode';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { signIn, useBrowser, e2eHubUrl } from './helpers';

// Updates from the hub, in desktop mode: the built renderer with window.hub bound to the real IPC handlers in
// this process. Main's 'update:ready' event is played by the test's bridge (what preload forwards);
// 'update:state' and 'update:install' reach a stand-in for electron/updater.ts. The version check
// runs for real: HubClient → a tiny hub that reports levels the app cannot work with.
vi.mock('electron', () => ({}));

const baseUrl = e2eHubUrl();
const { session: openSession } = useBrowser();
let root: string;
let renderer: { url: string; close(): Promise<void> };

beforeAll(async () => {
  // a copy: another suite's global setup may rebuild the web build while this file runs
  root = await mkdtemp(path.join(os.tmpdir(), 'hub-desktop-updates-'));
  await cp(WEB_ROOT, root, { recursive: true });
  renderer = await serveRenderer(root);
});
afterAll(async () => {
  await renderer?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

interface Desktop {
  session: BrowserSession;
  page: Page;
  installs: ReturnType<typeof vi.fn>;
  /** what main's updater holds (update:state answers it) */
  updater: { current: UpdateNotice | null };
  /** main sends 'update:ready' */
  emit(notice: UpdateNotice): Promise<void>;
}

const open: BrowserSession[] = [];
afterAll(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function startDesktop(hubUrl: string): Promise<Desktop> {
  const installs = vi.fn();
  const updater = { current: null as UpdateNotice | null };
  const session = await openSession(renderer.url);
  open.push(session);
  await bindDesktopMode(session.context, {
    hubUrl,
    rendererUrl: renderer.url,
    appVersion,
    deps: { updater: { notice: () => updater.current, install: installs }, appVersion },
  });
  const emit = async (notice: UpdateNotice) => {
    updater.current = notice;
    await emitToPage(session.page, 'onUpdate', notice);
  };
  return { session, page: session.page, installs, updater, emit };
}

/** A hub that answers /health with the given levels and nothing else. */
async function fakeHub(levels: { apiLevel: number; minAppVersion: string }): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const body = (req.url ?? '').startsWith('/api/health')
      ? { data: { status: 'ok', database: 'postgres', migrations: 3, version: '0.0.3', api_level: levels.apiLevel, min_app_version: levels.minAppVersion } }
      : { errors: [{ message: 'Not found.' }] };
    res.writeHead((req.url ?? '').startsWith('/api/health') ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const announcer = (page: Page) => page.getByTestId('update-announcer');
const bar = (page: Page) => page.getByRole('region', { name: 'App update' });

describe('desktop mode: the update bar', () => {
  it('says a downloaded update is ready without interrupting, restarts on request, and says when one is required', async () => {
    const { page, emit, installs } = await startDesktop(baseUrl);
    await signIn(page, 'member');
    await expect.poll(() => bar(page).count()).toBe(0);

    await emit({ version: '1.3.0', required: false, installing: false });
    await bar(page).waitFor();
    const ready = 'Update 1.3.0 is ready. It is installed when you restart or quit.';
    await expect.poll(() => bar(page).textContent()).toContain(ready);
    // heard by screen readers without a click, and never a modal in the way
    await expect.poll(() => announcer(page).textContent()).toBe(ready);
    expect(await announcer(page).getAttribute('aria-live')).toBe('polite');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.screenshot({ path: '/tmp/desktop-updates-bar.png' });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.keyboard.press('Escape');

    await bar(page).getByRole('button', { name: 'Restart to update' }).click();
    await expect.poll(() => installs.mock.calls.length).toBe(1);

    // 'Later' puts it away; an admin's required mark brings it back, without 'Later'
    await bar(page).getByRole('button', { name: 'Later' }).click();
    await expect.poll(() => bar(page).count()).toBe(0);
    await emit({ version: '1.3.0', required: true, installing: false });
    await expect.poll(() => bar(page).textContent()).toContain('An update is required: restart to update to 1.3.0.');
    await expect.poll(() => announcer(page).textContent()).toBe('An update is required: restart to update to 1.3.0.');
    expect(await bar(page).getByRole('button', { name: 'Later' }).count()).toBe(0);
    expect(await bar(page).getByRole('button', { name: 'Restart to update' }).isVisible()).toBe(true);
  });

  it('a window that opens after the announcement shows it too; a required update at start says it is being installed', async () => {
    const desktop = await startDesktop(baseUrl);
    desktop.updater.current = { version: '2.0.0', required: true, installing: true };
    await desktop.page.goto('/login');
    await bar(desktop.page).waitFor();
    await expect.poll(() => bar(desktop.page).textContent()).toContain('A required update to 2.0.0 is being installed…');
    // main installs by itself: nothing to click
    expect(await bar(desktop.page).getByRole('button').count()).toBe(0);
  });
});

describe('desktop mode: an app and a hub too far apart in version', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('a hub too old for the app: the plain-words reason instead of sign-in, with Hub settings still there', async () => {
    const hub = await fakeHub({ apiLevel: HUB_API_LEVEL - 1, minAppVersion: '0.0.1' });
    servers.push(hub.server);
    const { page } = await startDesktop(hub.url);
    await page.goto('/login');
    const notice = page.getByRole('alert').filter({ hasText: COMPAT_TITLES.hubTooOld });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`This app (${appVersion}) is newer than the hub at ${hub.url}. Ask IT to update the hub`);
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    expect(await page.getByLabel('Username').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Hub settings' }).isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/desktop-updates-hub-too-old.png' });
  });

  it('an app too old for the hub: says which version the hub needs and how to get it', async () => {
    const hub = await fakeHub({ apiLevel: HUB_API_LEVEL, minAppVersion: '99.0.0' });
    servers.push(hub.server);
    const { page } = await startDesktop(hub.url);
    await page.goto('/login');
    const notice = page.getByRole('alert').filter({ hasText: COMPAT_TITLES.appTooOld });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`This app (${appVersion}) is older than the hub at ${hub.url} supports (99.0.0 or newer).`);
    expect(await page.getByLabel('Username').count()).toBe(0);
  });

  it('the demo hub (this version) shows sign-in as always', async () => {
    const { page } = await startDesktop(baseUrl);
    await page.goto('/login');
    await page.getByLabel('Username').waitFor();
    expect(await page.getByTestId('hub-compat-notice').count()).toBe(0);
  });
});
