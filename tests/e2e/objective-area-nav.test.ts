import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { approvalsCountResponseSchema } from '../../shared/api/approvals';
import { objectiveDetailSchema, objectiveUpdateSchema } from '../../shared/api/objectives';
import type { ObjectiveAreaKey } from '../../shared/rules/objective-area';
import { CONFIRM_TEXT } from '../../shared/rules/objective-status';
import { bindDesktopMode, serveRenderer } from '../support/desktop-mode';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { DEMO_USERS, type DemoUser, expectTitle, signIn, tabTo, useBrowser, waitForPath, e2eHubUrl } from './helpers';
import { createOwnObjective, pageApi } from './hub-api';

// The objective-tracking area's own navigation (shared/rules/objective-area.ts): reached from the
// side menu's Objective Tracking (a new tab on the web, spec §2; the window on the desktop), its
// entries by role, the current one marked, the count waiting for approval kept fresh, the
// keyboard, and 320 px (reflow). The desktop half runs the built renderer with window.hub bound
// to main's real IPC handlers (tests/support/desktop-mode.ts).
vi.mock('electron', () => ({}));

const baseUrl = e2eHubUrl();
const browser = useBrowser({ failureShot: 'objective-area-nav' });

const AREA: Record<ObjectiveAreaKey, string> = {
  objectives: 'Objectives', approvals: 'Approvals', plans: 'Plans', timeline: 'Timeline', statistics: 'Statistics', alignment: 'Alignment',
};
/** What each demo person's area navigation lists (approvers see Approvals, the Guest role neither it nor Statistics). */
const ENTRIES: Record<DemoUser, ObjectiveAreaKey[]> = {
  admin: ['objectives', 'plans', 'timeline', 'statistics', 'alignment'],
  owner: ['objectives', 'approvals', 'plans', 'timeline', 'statistics', 'alignment'],
  manager: ['objectives', 'approvals', 'plans', 'timeline', 'statistics', 'alignment'],
  lead: ['objectives', 'approvals', 'plans', 'timeline', 'statistics', 'alignment'],
  member: ['objectives', 'plans', 'timeline', 'statistics', 'alignment'],
  guest: ['objectives', 'plans', 'timeline', 'alignment'],
};

const areaNav = (page: Page) => page.getByRole('navigation', { name: 'Objective Tracking' });
const entry = (page: Page, key: ObjectiveAreaKey) => areaNav(page).getByTestId(`area-nav-${key}`);

/** The entries the navigation lists, by their visible label, in order. */
async function listed(page: Page): Promise<string[]> {
  await areaNav(page).waitFor();
  return (await areaNav(page).getByRole('link').allInnerTexts()).map((text) => text.replace(/\s*\d+\s*(waiting)?$/, '').trim());
}

async function currentEntries(page: Page): Promise<string[]> {
  return areaNav(page).locator('a[aria-current="page"]').allInnerTexts().then((texts) => texts.map((t) => t.replace(/\s*\d+\s*(waiting)?$/, '').trim()));
}

async function openSideMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  return nav;
}

/** What the Approvals entry shows: its count, 0 without a badge. */
async function shownWaiting(page: Page): Promise<number> {
  const badge = entry(page, 'approvals').getByTestId('approvals-waiting');
  return (await badge.count()) === 0 ? 0 : Number((await badge.textContent())?.replace(/\D/g, ''));
}

/** The links named so, by their accessible name (what a screen reader says), exactly. */
const named = (page: Page, name: string) => areaNav(page).getByRole('link', { name, exact: true }).count();

const waitingOnHub = async (page: Page) => (await pageApi(page).call(approvalsCountResponseSchema.shape.data, 'GET', '/objective/approvals/count')).count;

describe('the objective area navigation on the web', () => {
  it.each(Object.keys(DEMO_USERS) as DemoUser[])(
    "%s: the side menu's Objective Tracking opens the area in a new tab, whose navigation lists the role's entries and marks the current one",
    (user) =>
      browser.signedIn(user, async ({ page, context, errors }) => {
        await page.goto('/dashboard');
        await expectTitle(page, 'Dashboard');
        const menu = await openSideMenu(page);
        const link = menu.getByRole('link', { name: 'Objective Tracking opens in a new tab' });
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(new URL((await link.getAttribute('href')) ?? '', baseUrl).toString()).toBe(`${baseUrl}/objective-tracking/objectives`);
        // nothing of the area is in the side menu but its link, and Settings is there on the web too
        for (const label of ['Alignment', 'Approvals', 'Plans', 'Timeline', 'Statistics']) expect(await menu.getByRole('link', { name: label }).count(), label).toBe(0);
        expect(await menu.getByRole('link', { name: 'Settings' }).count()).toBe(1);

        const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await tab.waitForURL((url) => url.pathname === '/objective-tracking/objectives');
        await expectTitle(tab, 'Objectives');
        expect(await listed(tab)).toEqual(ENTRIES[user].map((key) => AREA[key]));
        expect(await currentEntries(tab)).toEqual(['Objectives']);

        // each entry opens its screen, and becomes the one marked
        for (const key of ENTRIES[user].slice(1)) {
          await entry(tab, key).click();
          await expectTitle(tab, AREA[key]);
          expect(await currentEntries(tab), key).toEqual([AREA[key]]);
        }
        // the side menu marks Objective Tracking anywhere in the area
        const tabMenu = await openSideMenu(tab);
        expect(await tabMenu.getByRole('link', { name: /Objective Tracking/ }).getAttribute('aria-current')).toBe('page');
        expect(errors).toEqual([]);
      }),
    90_000,
  );

  it("Approvals carries the count waiting, which rises when a member asks and falls when the lead approves", () =>
    browser.withSessions(2, async ([lead, member]) => {
      await signIn(lead.page, 'lead');
      await lead.page.goto('/objective-tracking/plans');
      await expectTitle(lead.page, 'Plans');
      const before = await waitingOnHub(lead.page);
      await expect.poll(() => shownWaiting(lead.page)).toBe(before);
      expect(await named(lead.page, before > 0 ? `Approvals ${before} waiting` : 'Approvals')).toBe(1);

      // the member asks to complete an objective: the notification's push refreshes the count on the open screen
      await signIn(member.page, 'member');
      const title = `Count me in ${Date.now()}`;
      const id = await createOwnObjective(member.page, { title, description: 'Waits for the lead.', priority: 'low' });
      await pageApi(member.page).call(objectiveDetailSchema, 'PUT', `/objective/${id}`, objectiveUpdateSchema.parse({ action: 'complete' }));
      await expect.poll(() => shownWaiting(lead.page), { timeout: 15_000 }).toBe(before + 1);
      expect(await named(lead.page, `Approvals ${before + 1} waiting`)).toBe(1);

      // the lead approves it on the Approvals page: the count goes down with it
      await entry(lead.page, 'approvals').click();
      await expectTitle(lead.page, 'Approvals');
      const row = lead.page.getByRole('row').filter({ hasText: title });
      await row.getByRole('button', { name: 'Approve' }).click();
      await lead.page.getByText(CONFIRM_TEXT.action('approve', 'objective')).waitFor();
      await lead.page.getByRole('button', { name: 'Yes' }).click();
      await row.waitFor({ state: 'detached' });
      await expect.poll(() => shownWaiting(lead.page)).toBe(before);
      expect(await waitingOnHub(lead.page)).toBe(before);
      expect([...lead.errors, ...member.errors]).toEqual([]);
    }), 150_000);

  it('the navigation is reached with Tab after the header, and Enter follows an entry', () =>
    browser.signedIn('owner', async ({ page }) => {
      await page.goto('/objective-tracking/objectives');
      await expectTitle(page, 'Objectives');
      await page.locator('body').focus();
      const objectives = entry(page, 'objectives');
      await tabTo(page, objectives);
      expect(await objectives.getAttribute('aria-current')).toBe('page');
      await page.keyboard.press('Tab');
      expect(await entry(page, 'approvals').evaluate((el) => el === document.activeElement)).toBe(true);
      await tabTo(page, entry(page, 'timeline'), 5);
      await page.keyboard.press('Enter');
      await waitForPath(page, '/objective-tracking/timeline');
      await expectTitle(page, 'Timeline');
      expect(await entry(page, 'timeline').getAttribute('aria-current')).toBe('page');
      // a visible focus ring on the entry that has focus
      expect(await entry(page, 'timeline').evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    }));

  it('at 320 px every entry stays on screen, none behind a scroll, each a target big enough to touch', () =>
    browser.signedIn('lead', async ({ page, errors }) => {
      await page.goto('/objective-tracking/approvals');
      await expectTitle(page, 'Approvals');
      expect(await listed(page)).toEqual(ENTRIES.lead.map((key) => AREA[key]));
      for (const key of ENTRIES.lead) {
        const box = await entry(page, key).boundingBox();
        expect(box, key).not.toBeNull();
        expect(box!.x, key).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, key).toBeLessThanOrEqual(320);
        expect(box!.height, key).toBeGreaterThanOrEqual(24);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(await currentEntries(page)).toEqual(['Approvals']);
      await entry(page, 'alignment').click();
      await expectTitle(page, 'Alignment');
      expect(await currentEntries(page)).toEqual(['Alignment']);
      expect(errors).toEqual([]);
    }, { viewport: { width: 320, height: 720 } }));

  it("an objective's details mark Objectives, an employee's evaluations (from Plans or Statistics) mark none", () =>
    browser.signedIn('manager', async ({ page }) => {
      await page.goto('/objective-tracking/plans');
      await expectTitle(page, 'Plans');
      // an employee's evaluations, reached from the member's card on her team's plan
      await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Phoenix' });
      await page.getByLabel(`Plan of ${DEMO_USERS.member.name}`).getByText(DEMO_USERS.member.name).click();
      await waitForPath(page, '/objective-tracking/employee-details');
      // the URL changes before the lazy screen has rendered, so the mark is waited for
      await expect.poll(() => currentEntries(page), { timeout: 10_000 }).toEqual([]);
      await entry(page, 'objectives').click();
      await expectTitle(page, 'Objectives');
      await page.getByRole('button', { name: 'Details' }).first().click();
      await waitForPath(page, '/objective-tracking/objective-details');
      await expect.poll(() => currentEntries(page), { timeout: 10_000 }).toEqual(['Objectives']);
    }));
});

describe('the objective area in the desktop app', () => {
  let renderer: { url: string; close(): Promise<void> };
  let rendererRoot = '';
  beforeAll(async () => {
    // a copy: another suite's global setup may rebuild the web build while this one runs
    rendererRoot = await mkdtemp(path.join(os.tmpdir(), 'hub-area-nav-'));
    await cp(WEB_ROOT, rendererRoot, { recursive: true });
    renderer = await serveRenderer(rendererRoot);
  });
  afterAll(async () => {
    await renderer?.close();
    if (rendererRoot) await rm(rendererRoot, { recursive: true, force: true });
  });

  it("Objective Tracking opens the area in the window, not the browser, and the Go menu gets the person's entries", async () => {
    const session = await browser.session(renderer.url);
    try {
      const opened: string[] = [];
      const reported: Array<ObjectiveAreaKey[] | null> = [];
      await bindDesktopMode(session.context, {
        hubUrl: baseUrl,
        rendererUrl: renderer.url,
        deps: { openExternal: async (url) => void opened.push(url), onAreaScreens: (screens) => void reported.push(screens) },
      });
      const { page, context } = session;
      await signIn(page, 'lead');
      await expect.poll(() => reported.at(-1)).toEqual(ENTRIES.lead);

      await page.goto('/dashboard');
      await expectTitle(page, 'Dashboard');
      const menu = await openSideMenu(page);
      const link = menu.getByRole('link', { name: 'Objective Tracking', exact: true });
      expect(await link.getAttribute('target')).toBeNull();
      let tabs = 0;
      context.on('page', () => void (tabs += 1));
      await link.click();
      await waitForPath(page, '/objective-tracking/objectives');
      await expectTitle(page, 'Objectives');
      expect(await listed(page)).toEqual(ENTRIES.lead.map((key) => AREA[key]));
      expect(await currentEntries(page)).toEqual(['Objectives']);
      expect(opened).toEqual([]);
      expect(tabs).toBe(0);

      // signing out tells main there is nobody: the Go menu falls back to the entries for everyone
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/login');
      await expect.poll(() => reported.at(-1)).toBeNull();
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  }, 90_000);

  it('the Guest role is told no Approvals and no Statistics, for the Go menu as for the navigation', async () => {
    const session = await browser.session(renderer.url);
    try {
      const reported: Array<ObjectiveAreaKey[] | null> = [];
      await bindDesktopMode(session.context, { hubUrl: baseUrl, rendererUrl: renderer.url, deps: { onAreaScreens: (screens) => void reported.push(screens) } });
      await signIn(session.page, 'guest');
      await expect.poll(() => reported.at(-1)).toEqual(ENTRIES.guest);
      await session.page.goto('/objective-tracking/timeline');
      expect(await listed(session.page)).toEqual(ENTRIES.guest.map((key) => AREA[key]));
    } finally {
      await session.close();
    }
  }, 60_000);
});
