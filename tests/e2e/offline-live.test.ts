import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { NOT_KEPT_OFFLINE, OFFLINE_TITLE } from '../../renderer/lib/offline/messages';
import { SHELL_CACHE_PREFIX } from '../../renderer/lib/offline/service-worker';
import { OFFLINE_FILES, type OfflineFileList } from '../../scripts/vite-offline-files';
import type { BrowserSession } from '../support/browser';
import { useCuttableHub } from '../support/cuttable-hub';
import { bindDesktopMode } from '../support/desktop-mode';
import { signIn, useBrowser } from './helpers';

// Going offline without a reload: a person looks at the objectives page and the hub
// goes away under them. The first call that gets no answer puts the app offline at once (banner,
// Edit and New disabled, the cards still readable); a screen never opened before still loads its
// code (on the web from the service worker, which kept every file of the build as it installed)
// and says plainly that its data is not kept offline; the hub back, the banner goes by itself.
// This file runs its own demo hub behind a link it can cut (tests/support/cuttable-link.ts), in
// web mode (the hub serves the app) and desktop mode (window.hub bound to main's IPC handlers).
vi.mock('electron', () => ({}));

const LIST = '/objective-tracking/objectives';
const OBJECTIVES_BANNER = /^Offline — showing objectives as of \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/;
const SLOW = 180_000;

const { session } = useBrowser();
const env = useCuttableHub('offline-live');

const cards = (page: Page) => page.getByTestId('objective-card');
const banner = (page: Page) => page.getByTestId('offline-banner');
const newObjective = (page: Page) => page.getByRole('button', { name: 'New Objective' });
const firstEdit = (page: Page) => cards(page).first().getByRole('button', { name: 'Edit' });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(os.tmpdir(), `offline-live-${name}.png`) });
}

async function openFromMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('link', { name: entry }).click();
}

/** Set on the page before the hub goes: still there at the end means no reload happened. */
const markDocument = (page: Page) => page.evaluate(() => void ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** The person's own objectives, with Edit and New enabled while the hub answers. */
async function openObjectives(page: Page): Promise<string[]> {
  await page.goto(LIST);
  await cards(page).first().waitFor();
  expect(await newObjective(page).isEnabled()).toBe(true);
  expect(await firstEdit(page).isEnabled()).toBe(true);
  return cards(page).locator('.fui-CardHeader__header').allTextContents();
}

/** Offline on the objectives page: the same cards, read-only under the dated banner. */
async function expectObjectivesOffline(page: Page, titles: string[]): Promise<void> {
  await page.getByText(OBJECTIVES_BANNER).waitFor({ timeout: 15_000 });
  expect(await cards(page).locator('.fui-CardHeader__header').allTextContents()).toEqual(titles);
  expect(await newObjective(page).isDisabled()).toBe(true);
  expect(await firstEdit(page).isDisabled()).toBe(true);
}

/**
 * Screens never opened before, reached in the app (no reload) with the hub away: the holidays,
 * whose data is kept only once seen, and the org chart, which is never kept. Each says so plainly.
 */
async function expectNeverOpenedScreens(page: Page, mode: string): Promise<void> {
  // not the directory: a first sign-in lands there, so it may be kept before the hub goes
  await openFromMenu(page, 'Holidays');
  await page.getByText(NOT_KEPT_OFFLINE).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor();
  expect(await banner(page).textContent()).toContain(OFFLINE_TITLE);
  await shot(page, `${mode}-holidays`);

  await openFromMenu(page, 'Org Chart');
  await page.getByTestId('not-kept-offline').waitFor();
  expect(await page.getByTestId('not-kept-offline').textContent()).toBe(NOT_KEPT_OFFLINE);
  await shot(page, `${mode}-org-chart`);
  expect(await page.getByText('Something went wrong').count()).toBe(0);
}

/** The hub back: the health poll notices, the banner goes and the screen asks the hub again. */
async function expectBackOnline(page: Page): Promise<void> {
  await env.link.restore();
  // the org chart that was gated shows itself, and nothing is offline any more
  await page.getByTestId('not-kept-offline').waitFor({ state: 'detached', timeout: 60_000 });
  await page.getByRole('heading', { level: 1, name: 'Org chart' }).waitFor();
  await page.goBack();
  await page.goBack();
  await cards(page).first().waitFor();
  expect(await banner(page).count()).toBe(0);
  expect(await newObjective(page).isEnabled()).toBe(true);
  expect(await firstEdit(page).isEnabled()).toBe(true);
  await openFromMenu(page, 'Holidays');
  await page.getByTestId('days-left').waitFor();
  expect(await sameDocument(page)).toBe(true);
}

/** Page errors other than the failed loads the hub's absence causes (Chromium logs those). */
const unexpectedErrors = (s: BrowserSession) => s.errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|net::ERR_/.test(e));

/** The paths of the files this origin's worker keeps, in every release's cache. */
function keptByWorker(page: Page): Promise<string[]> {
  return page.evaluate(async (prefix) => {
    const names = (await caches.keys()).filter((name) => name.startsWith(prefix));
    const lists = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)));
    return lists.flat().sort();
  }, SHELL_CACHE_PREFIX);
}

/**
 * Waits for the offline worker to control the page: it installs by keeping every file of the
 * build, which a loaded machine has taken more than 20 s to do. Says where it stands if it never does.
 */
async function workerControls(page: Page): Promise<void> {
  try {
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);
  } catch (error) {
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration
        ? { installing: registration.installing?.state ?? null, waiting: registration.waiting?.state ?? null, active: registration.active?.state ?? null }
        : 'no registration';
    });
    throw new Error(`the offline worker never controlled the page: ${JSON.stringify(state)}`, { cause: error });
  }
}

describe('going offline without a reload', () => {
  it('web: the dropped stream puts the open objectives page offline at once; never-opened screens load their code from the worker and say they are not kept; the hub back, the banner goes', async () => {
    const s = await session(env.link.url);
    try {
      const { page } = s;
      // the app's own files fetched once the hub is away
      const fetchedOffline: Response[] = [];
      let hubAway = false;
      page.on('response', (res) => {
        if (hubAway && new URL(res.url()).pathname.startsWith('/assets/')) fetchedOffline.push(res);
      });
      await signIn(page, 'member');
      const titles = await openObjectives(page);

      // the worker kept every file of the build as it installed, not only what this page loaded
      const listed = (JSON.parse(await readFile(path.join(env.webRoot, OFFLINE_FILES), 'utf8')) as OfflineFileList).files;
      expect(listed.some((file) => /^assets\/HolidaysPage-/.test(file))).toBe(true);
      await workerControls(page);
      await expect.poll(() => keptByWorker(page), { timeout: 30_000 }).toEqual(expect.arrayContaining(['/', ...listed.map((file) => `/${file}`)]));

      await markDocument(page);
      await env.link.cut();
      hubAway = true;
      // nobody clicks: the notification stream drops, the call it prompts fails, the app is offline
      await expectObjectivesOffline(page, titles);
      await shot(page, 'web-objectives');

      await expectNeverOpenedScreens(page, 'web');
      // their code (the org chart's at least; the holidays' may share what the objectives
      // page loaded) came from the worker's copy while the hub was away
      const names = fetchedOffline.map((res) => new URL(res.url()).pathname.slice('/assets/'.length));
      expect(names.some((name) => name.startsWith('OrgChartPage-'))).toBe(true);
      for (const res of fetchedOffline) {
        expect(res.ok(), res.url()).toBe(true);
        expect(res.fromServiceWorker(), res.url()).toBe(true);
      }

      await page.goBack();
      await page.goBack();
      await expectObjectivesOffline(page, titles);
      await page.goForward();
      await page.goForward();
      await expectBackOnline(page);
      await shot(page, 'web-back');
      expect(unexpectedErrors(s)).toEqual([]);
    } finally {
      await s.close();
    }
  }, SLOW);

  it('desktop: the first IPC call main could not take to the hub puts the app offline at once; never-opened screens say they are not kept; the hub back, the banner goes', async () => {
    const s = await session(env.renderer.url);
    try {
      const { page, context } = s;
      await bindDesktopMode(context, { hubUrl: env.link.url, rendererUrl: env.renderer.url, offlineCacheDir: path.join(env.root, 'desktop-offline-cache') });
      await signIn(page, 'member');
      const titles = await openObjectives(page);

      await markDocument(page);
      await env.link.cut();
      // the first call: the person opens an objective they had not opened before
      await cards(page).first().getByRole('button', { name: 'Details' }).click();
      await page.getByText(NOT_KEPT_OFFLINE).waitFor();
      expect(await banner(page).textContent()).toContain(OFFLINE_TITLE);
      await shot(page, 'desktop-details');
      await page.goBack();
      await expectObjectivesOffline(page, titles);
      await shot(page, 'desktop-objectives');

      await expectNeverOpenedScreens(page, 'desktop');
      await expectBackOnline(page);
      await shot(page, 'desktop-back');
      expect(unexpectedErrors(s)).toEqual([]);
    } finally {
      await s.close();
    }
  }, SLOW);
});
