import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { objectives } from '../../server/db/schema';
import type { BrowserSession } from '../support/browser';
import { bindDesktopMode, serveRenderer } from '../support/desktop-mode';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { releaseOf, SHELL_CACHE_PREFIX, shellCacheName } from '../../renderer/lib/offline/service-worker';
import { signIn, useBrowser } from './helpers';

// Offline viewing for real: this file runs ITS OWN hub as a separate
// process (web build, PGlite folder, fixed port), signs in, opens objectives, a details page and
// the directory, then stops the hub process. A reload shows the kept answers read-only under the
// banner; the hub restarted on the same port and data brings fresh data and the banner goes.
// The web app reloads through its service worker; the desktop variant has window.hub bound to
// the real IPC handlers, which keep the cache in a file per user.
vi.mock('electron', () => ({}));

const LIST = '/objective-tracking/objectives';
const TEAM = '/super-awesome-team';
const bannerText = (what: string) => new RegExp(`^Offline — showing ${what} as of \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}$`);
const BANNER = {
  objectives: bannerText('objectives'),
  directory: bannerText('the team directory'),
  profile: bannerText('this profile'),
  links: bannerText('links'),
  holidays: bannerText('holidays'),
};

interface Seen {
  id: number;
  title: string;
  members: number;
  profilePath: string;
  profileName: string;
  links: number;
}
const SLOW = 240_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The hub as `npm run serve` runs it (server/cli.ts), in its own process, stopped with SIGTERM. */
class HubProcess {
  private child: ChildProcess | null = null;
  private stderr = '';
  constructor(
    readonly port: number,
    readonly dataDir: string,
    readonly webRoot: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.stderr = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'serve'], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', HUB_DATA_DIR: this.dataDir, HUB_WEB_ROOT: this.webRoot, HUB_IMPORTS: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child = child;
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the hub exited (${child.exitCode}): ${this.stderr}`);
      const healthy = await fetch(`${this.url}/api/health`).then((r) => r.ok, () => false);
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the hub did not start: ${this.stderr}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}

const { session } = useBrowser();
let root: string;
let webRoot: string;
let hub: HubProcess;
/** The built renderer alone, as the desktop app loads it from disk: no way to the hub but window.hub. */
let renderer: { url: string; close(): Promise<void> };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hub-offline-e2e-'));
  // a copy: another suite's global setup may rebuild dist/renderer while this file runs
  webRoot = path.join(root, 'web');
  await cp(WEB_ROOT, webRoot, { recursive: true });
  hub = new HubProcess(await freePort(), path.join(root, 'hub-data'), webRoot);
  await hub.start();
  renderer = await serveRenderer(webRoot);
});

// each test stops and restarts the hub; a failed one must not leave the next without it
beforeEach(() => hub.start());

afterAll(async () => {
  await hub?.stop();
  await renderer?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const cards = (page: Page) => page.getByTestId('objective-card');
const cardTitle = (page: Page) => cards(page).first().locator('.fui-CardHeader__header');
const banner = (page: Page) => page.getByTestId('offline-banner');

/** With the hub down: rename an objective right in its PGlite folder, so fresh data is recognisable. */
async function renameWhileDown(id: number, title: string): Promise<void> {
  const database = await openDatabase({ dataDir: hub.dataDir });
  try {
    await database.db.update(objectives).set({ title }).where(eq(objectives.id, id));
  } finally {
    await database.close();
  }
}

/** What the cache holds now, as text (the IndexedDB snapshot on the web, the user's file on the desktop). */
type KeptText = () => Promise<string>;

/**
 * Opens the member's objectives, the first one's details and the directory, each kept before the
 * next full page load (a person reads a screen for a moment; the cache writes within ~250 ms).
 */
async function browseOnline(page: Page, kept: KeptText): Promise<Seen> {
  await page.goto(LIST);
  await cards(page).first().waitFor();
  const title = ((await cardTitle(page).textContent()) ?? '').trim();
  expect(title).not.toBe('');
  await cards(page).first().getByRole('button', { name: 'Details' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect(id).toBeGreaterThan(0);
  await expect.poll(kept, { timeout: 20_000 }).toContain(`["objective","one",${id}]`);
  expect(await kept()).toContain('["objective","list"');
  await page.goto(TEAM);
  await page.getByTestId('member-card').first().waitFor();
  const members = await page.getByTestId('member-card').count();
  await expect.poll(kept, { timeout: 20_000 }).toContain('["user","directory"');
  // what was kept before the full page load is still there after it
  expect(await kept()).toContain(`["objective","one",${id}]`);

  // kept as well: a profile the user opened, the dashboard links and the month's holidays
  await page.getByTestId('member-card').first().click();
  await page.getByTestId('profile-name').waitFor();
  const profilePath = new URL(page.url()).pathname;
  const profileName = ((await page.getByTestId('profile-name').textContent()) ?? '').trim();
  await expect.poll(kept, { timeout: 20_000 }).toContain('["user","profile",');
  await page.goto('/dashboard');
  await page.getByTestId('link-card').first().waitFor();
  const links = await page.getByTestId('link-card').count();
  await expect.poll(kept, { timeout: 20_000 }).toContain('["link","active"]');
  await page.goto('/holidays');
  await page.getByTestId('holiday-calendar').waitFor();
  await expect.poll(kept, { timeout: 20_000 }).toContain('["holidays","days-left"]');
  return { id, title, members, profilePath, profileName, links };
}

/** With the hub stopped: each screen comes back from the cache, read-only, under its banner. */
async function expectOfflineViews(page: Page, seen: Seen): Promise<void> {
  await page.goto(LIST);
  await page.getByText(BANNER.objectives).waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
    // what the screen showed instead, for whoever reads the failure
    await page.screenshot({ path: path.join(os.tmpdir(), 'offline-e2e-failure.png') });
    throw e;
  });
  expect((await cardTitle(page).textContent())?.trim()).toBe(seen.title);
  expect(await page.getByRole('button', { name: 'New Objective' }).isDisabled()).toBe(true);
  expect(await cards(page).first().getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);

  await page.goto(`/objective-tracking/objective-details?id=${seen.id}`);
  await page.getByRole('heading', { name: seen.title }).waitFor();
  await page.getByText(BANNER.objectives).waitFor();
  const addKr = page.getByRole('button', { name: 'Add KeyResult' });
  if (await addKr.count()) expect(await addKr.isDisabled()).toBe(true);

  await page.goto(TEAM);
  await page.getByText(BANNER.directory).waitFor({ timeout: 30_000 });
  // the cards are drawn after the banner (a deferred render)
  await expect.poll(() => page.getByTestId('member-card').count()).toBe(seen.members);

  await page.goto(seen.profilePath);
  await page.getByText(BANNER.profile).waitFor({ timeout: 30_000 });
  expect((await page.getByTestId('profile-name').textContent())?.trim()).toBe(seen.profileName);

  await page.goto('/dashboard');
  await page.getByText(BANNER.links).waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('link-card').count()).toBe(seen.links);

  await page.goto('/holidays');
  await page.getByText(BANNER.holidays).waitFor({ timeout: 30_000 });
  await page.getByTestId('holiday-calendar').waitFor();
}

/** The hub restarted on the same port and data: the list refreshes by itself and the banner goes. */
async function expectRecovery(page: Page, seen: { id: number }, freshTitle: string): Promise<void> {
  await page.goto(LIST);
  await page.getByText(BANNER.objectives).waitFor({ timeout: 30_000 });
  await renameWhileDown(seen.id, freshTitle);
  await hub.start();
  // the health poll backs off up to 15 s between tries
  await banner(page).waitFor({ state: 'detached', timeout: 60_000 });
  await cards(page).filter({ hasText: freshTitle }).first().waitFor({ timeout: 30_000 });
  expect(await page.getByRole('button', { name: 'New Objective' }).isDisabled()).toBe(false);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** The member's kept cache in IndexedDB (web), as the page sees it: the kept query keys, or null. */
function keptKeys(page: Page): Promise<string[] | null> {
  return page.evaluate(
    () =>
      new Promise<string[] | null>((resolve) => {
        const open = indexedDB.open('beot-offline', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('snapshots');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('snapshots', 'readonly');
          const all = tx.objectStore('snapshots').getAll();
          tx.oncomplete = () => {
            db.close();
            const texts = all.result as string[];
            if (!texts.length) return resolve(null);
            // what TanStack Query's persister wrote: the dehydrated client, one per user
            resolve(texts.flatMap((t) => (JSON.parse(t) as { clientState: { queries: Array<{ queryKey: unknown[] }> } }).clientState.queries.map((q) => JSON.stringify(q.queryKey))));
          };
        };
      }),
  );
}

/** The service worker's caches of the web app's files (one per release), by name. */
function shellCaches(page: Page): Promise<string[]> {
  return page.evaluate(async (prefix) => (await caches.keys()).filter((name) => name.startsWith(prefix)).sort(), SHELL_CACHE_PREFIX);
}

/** How many of the web app's own files the current release's cache holds (0 while there is not exactly one cache). */
async function shellFiles(page: Page): Promise<number> {
  const [only, ...more] = await shellCaches(page);
  if (!only || more.length) return 0;
  return page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, only);
}

/** What a new release does: its page registers the worker under another release id; resolves once that worker is active. */
function activateRelease(page: Page, release: string): Promise<void> {
  return page.evaluate(async (scriptUrl) => {
    const registration = await navigator.serviceWorker.register(scriptUrl);
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    if (!worker) throw new Error('no worker');
    if (worker.state !== 'activated') await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
  }, `/offline-sw.js?release=${release}`);
}

describe('offline viewing with the hub process stopped', () => {
  it('web: kept objectives, details, directory, an opened profile, links and holidays read-only under their banners; fresh data once the hub is back', async () => {
    const s: BrowserSession = await session(hub.url);
    try {
      const { page } = s;
      await signIn(page, 'member');
      const kept = async () => (await keptKeys(page))?.join(' ') ?? '';
      await browseOnline(page, kept);
      await expect.poll(() => shellFiles(page), { timeout: 20_000 }).toBeGreaterThan(3);

      // a new release's worker deletes the earlier release's cache as it activates
      const [first] = await shellCaches(page);
      const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src);
      expect(first).toBe(shellCacheName(releaseOf(entry) ?? 'no entry'));
      await activateRelease(page, 'e2e-next');
      expect(await shellCaches(page)).not.toContain(first);
      await page.evaluate(() => fetch('/hub-base.js'));
      await expect.poll(() => shellCaches(page)).toEqual([`${SHELL_CACHE_PREFIX}e2e-next`]);
      // the page's own release, registered again on reload, is the next new one: the app's files
      // are kept anew under it (browsing fetches each screen's files through its worker)
      await page.reload();
      await expect.poll(() => shellCaches(page), { timeout: 20_000 }).toEqual([first]);
      const seen = await browseOnline(page, kept);
      await expect.poll(() => shellFiles(page), { timeout: 20_000 }).toBeGreaterThan(3);

      await hub.stop();
      expect(await fetch(`${hub.url}/api/health`).then(() => 'up', () => 'down')).toBe('down');
      await expectOfflineViews(page, seen);
      await expectRecovery(page, seen, 'Fresh on the web after the hub came back');

      // sign-out forgets the member's kept answers
      await signOut(page);
      await expect.poll(() => keptKeys(page)).toBeNull();
    } finally {
      await s.close();
    }
  }, SLOW);

  it('desktop: the cache is a file per user through IPC; the app reads it back after a reload with the hub down', async () => {
    const cacheDir = path.join(root, 'userData', 'offline-cache');
    const s = await session(renderer.url);
    try {
      const { page, context } = s;
      await bindDesktopMode(context, { hubUrl: hub.url, rendererUrl: renderer.url, offlineCacheDir: cacheDir });

      await signIn(page, 'member');
      const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('beot.user') ?? '{}') as { id?: number }).id);
      const file = path.join(cacheDir, `user-${userId}.json`);
      const seen = await browseOnline(page, () => readFile(file, 'utf8').catch(() => ''));

      await hub.stop();
      // a reload loses everything in memory: what shows now came back from the file through IPC
      await page.reload();
      await expectOfflineViews(page, seen);
      await expectRecovery(page, seen, 'Fresh on the desktop after the hub came back');

      await signOut(page);
      await expect.poll(() => readdir(cacheDir)).toEqual([]);
    } finally {
      await s.close();
    }
  }, SLOW);
});
