import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeepLinks, type DeepLinkDeps, type DeepLinks } from '../../electron/deep-links';
import { COPY_LINK_TEXT } from '../../shared/rules/app-links';
import type { BrowserSession } from '../support/browser';
import { bindDesktopMode, emitToPage, serveRenderer } from '../support/desktop-mode';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { expectTitle, fillLogin, DEMO_PASSWORD, DEMO_USERS, reachShell, signIn, useBrowser, e2eHubUrl } from './helpers';
import { createOwnObjective } from './hub-api';

// Links into the app, in desktop mode: the built renderer with a window.hub bound to main's real IPC
// handlers (as tests/e2e/desktop.test.ts), and main's real deep-link module
// (electron/deep-links.ts) handing links to the page the way main.ts does: a link kept until the
// page asks for it (app-link:take), later ones sent as the notification click's event.
vi.mock('electron', () => ({}));

const baseUrl = e2eHubUrl();
const browser = useBrowser({ failureShot: 'desktop-links' });
let renderer: { url: string; close(): Promise<void> };
let rendererRoot = '';
const open: BrowserSession[] = [];

beforeAll(async () => {
  // a copy: another suite's global setup may rebuild the web build while this one runs
  rendererRoot = await mkdtemp(path.join(os.tmpdir(), 'hub-desktop-links-'));
  await cp(WEB_ROOT, rendererRoot, { recursive: true });
  renderer = await serveRenderer(rendererRoot);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await renderer?.close();
  if (rendererRoot) await rm(rendererRoot, { recursive: true, force: true });
});

interface Desktop {
  page: Page;
  deepLinks: DeepLinks;
}

/**
 * The app as main starts it: `argv` its command line, `hubUrl` the company hub chosen in
 * Settings (null: the built-in one; the requests go to the demo hub either way).
 */
async function startDesktop(options: { argv?: string[]; hubUrl?: string | null } = {}): Promise<Desktop> {
  const hubUrl = options.hubUrl === undefined ? baseUrl : options.hubUrl;
  const app = { setAsDefaultProtocolClient: () => true, on: () => app } as unknown as DeepLinkDeps['app'];
  const deepLinks = createDeepLinks({ app, platform: 'win32', defaultApp: false, execPath: '/opt/Bitstone Hub/bitstone-hub', argv: options.argv ?? ['/opt/Bitstone Hub/bitstone-hub'] });
  const session = await browser.session(renderer.url);
  open.push(session);
  // the requests go to the demo hub whichever hub Settings names
  await bindDesktopMode(session.context, {
    hubUrl: baseUrl,
    rendererUrl: renderer.url,
    settings: { hubUrl, embeddedStatus: hubUrl ? 'off' : 'running' },
    deps: { takePendingLink: () => deepLinks.takePending() },
  });
  const { page } = session;
  // main.ts's openInWindow: webContents.send(IPC_EVENTS.notificationOpen, { link }), which preload forwards as 'open'
  deepLinks.attach((link) => void emitToPage(page, 'onNotifications', { type: 'open', link }));
  return { page, deepLinks };
}

/** An objective of the member's own, made on the hub through the web app; its id and title. */
async function memberObjective(): Promise<{ id: number; title: string }> {
  const title = `Desktop link ${Date.now()}`;
  let id = 0;
  await browser.signedIn('member', async ({ page }) => {
    id = await createOwnObjective(page, { title, description: 'Opened from a bitstone-hub:// link', priority: 'high' });
  });
  return { id, title };
}

const atObjective = (page: Page, id: number) =>
  page.waitForURL((url) => url.pathname === '/objective-tracking/objective-details' && url.searchParams.get('id') === String(id));

describe('links into the desktop app', () => {
  it('a link that started the app waits for the sign-in, then opens its objective', async () => {
    const { id, title } = await memberObjective();
    const { page } = await startDesktop({ argv: ['/opt/Bitstone Hub/bitstone-hub', '--no-sandbox', `bitstone-hub://objective/${id}`] });
    await page.goto('/login');
    await page.getByLabel(/^Username/).waitFor();
    await fillLogin(page, 'member', DEMO_PASSWORD);
    await reachShell(page, DEMO_USERS.member.name);
    await atObjective(page, id);
    await expectTitle(page, title);
  });

  it("signed in, a second start's link opens its screen in the running window, and a notification click still does", async () => {
    const { page, deepLinks } = await startDesktop();
    await signIn(page, 'manager');
    const profileId = await page.evaluate(async () => {
      const hub = (window as unknown as { hub: { invoke(c: string): Promise<{ ok: boolean; data: { user: { id: number } } }> } }).hub;
      return (await hub.invoke('session:state')).data.user.id;
    });
    deepLinks.fromArgv(['C:\\Program Files\\Bitstone Hub\\Bitstone Hub.exe', '--allow-file-access-from-files', `bitstone-hub://profile/${profileId}`]);
    await page.waitForURL((url) => url.pathname === `/profile/${profileId}`);
    await expectTitle(page, 'Profile');

    deepLinks.fromArgv(['x', 'bitstone-hub://approvals/']);
    await page.waitForURL((url) => url.pathname === '/objective-tracking/approvals');

    // a refused link opens nothing: the window only comes forward
    deepLinks.fromArgv(['x', 'bitstone-hub://objective/0']);
    deepLinks.fromArgv(['x', 'bitstone-hub://admin']);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/objective-tracking/approvals');

    // a native notification's click goes the same way
    await emitToPage(page, 'onNotifications', { type: 'open', link: '/holidays' });
    await page.waitForURL((url) => url.pathname === '/holidays');
  });

  it("'Copy link' copies the company hub's web address, and bitstone-hub:// on the built-in hub", async () => {
    const { id, title } = await memberObjective();
    for (const [hubUrl, expected] of [
      [baseUrl, `${baseUrl}/objective/${id}`],
      [null, `bitstone-hub://objective/${id}`],
    ] as const) {
      const { page } = await startDesktop({ hubUrl });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: renderer.url });
      await signIn(page, 'member');
      await page.goto(`/objective-tracking/objective-details?id=${id}`);
      await expectTitle(page, title);
      await page.getByRole('button', { name: COPY_LINK_TEXT.action }).click();
      await page.getByText(COPY_LINK_TEXT.copied, { exact: true }).first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    }
  });
});
