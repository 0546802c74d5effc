import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { notificationListResponseSchema } from '../../shared/api/notifications';
import { objectiveDetailSchema, objectiveUpdateSchema } from '../../shared/api/objectives';
import { statisticsResponseSchema } from '../../shared/api/statistics';
import { HOLIDAY_TEXT } from '../../shared/rules/holidays';
import { TOAST_TEXT } from '../../shared/rules/messages';
import { defaultStatisticsRange } from '../../shared/rules/statistics-range';
import { splitSummary, teamSummary } from '../../renderer/features/statistics/components/chart-summary';
import { BACK_ONLINE, offlineAnnouncement } from '../../renderer/lib/offline/messages';
import { cuttableLink } from '../support/cuttable-link';
import { expectTitle, openSignedIn, useBrowser, e2eHubUrl } from './helpers';
import { createOwnObjective, pageApi } from './hub-api';

// What changes without a click is said to screen readers. The bell's count as a
// notification is pushed, toasts (a failure assertive, a success polite, also as a dialog closes),
// the hub going away and coming back; and each statistics chart is an image with a name, described
// by a summary of its figures, beside its table.
const { session, signedIn, withSessions } = useBrowser({ failureShot: 'live-regions' });

interface Heard {
  text: string;
  politeness: string;
  /** under an aria-hidden ancestor as it was said: a screen reader would not have read it */
  hidden: boolean;
}

/**
 * Installed before the page's own scripts: notes what each live region holds every time its
 * content changes, as a screen reader hears it. Regions empty themselves after a while, so the
 * test reads the notes rather than the page, and no timing decides what it sees.
 */
function listenToLiveRegions(): void {
  const heard: Heard[] = [];
  (window as unknown as { __heard: Heard[] }).__heard = heard;
  const regionOf = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    return element?.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]') ?? null;
  };
  new MutationObserver((records) => {
    const changed = new Set<Element>();
    for (const record of records) {
      const region = regionOf(record.target);
      if (region) changed.add(region);
    }
    for (const region of changed) {
      const text = region.textContent?.trim() ?? '';
      if (!text) continue;
      const politeness = region.getAttribute('aria-live') ?? (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
      heard.push({ text, politeness, hidden: region.closest('[aria-hidden="true"]') !== null });
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { __heard?: Heard[] }).__heard ?? []);
const heardText = async (page: Page, text: string) => (await heard(page)).filter((h) => h.text === text);

async function unreadCount(page: Page): Promise<number> {
  const [text] = await page.getByTestId('notification-count').allTextContents();
  return text === undefined ? 0 : Number(text.replace(/\D/g, ''));
}

describe('live regions', () => {
  it("the bell: a pushed notification is said politely ('N unread notifications'); the count it loaded with is not", () =>
    withSessions(2, async ([lead, member]) => {
      await lead.page.addInitScript(listenToLiveRegions);
      await openSignedIn(lead.page, 'lead');
      await lead.page.goto('/objective-tracking/objectives');
      // the bell's first count (whatever other tests left the lead), shown and not said
      const before = (await pageApi(lead.page).call(notificationListResponseSchema.shape.data, 'GET', '/notifications')).unreadCount;
      await expect.poll(() => unreadCount(lead.page), { timeout: 15_000 }).toBe(before);
      expect((await heard(lead.page)).filter((h) => /unread notification/.test(h.text))).toEqual([]);

      // the member asks to complete an objective: the lead's approval is pushed to the open page
      await openSignedIn(member.page, 'member');
      const id = await createOwnObjective(member.page, { title: `Announce the bell ${Date.now()}`, description: 'Heard, not only seen.', priority: 'low' });
      await pageApi(member.page).call(objectiveDetailSchema, 'PUT', `/objective/${id}`, objectiveUpdateSchema.parse({ action: 'complete' }));

      await expect.poll(() => unreadCount(lead.page), { timeout: 15_000 }).toBe(before + 1);
      const text = `${before + 1} unread notifications`;
      await expect.poll(() => heardText(lead.page, text)).toEqual([{ text, politeness: 'polite', hidden: false }]);
      const region = lead.page.getByTestId('notification-announcer');
      expect(await region.getAttribute('role')).toBe('status');
      expect(await region.textContent()).toBe(text);
    }), 150_000); // two people sign in on a loaded machine

  it('toasts: a failure is said assertively, a success politely, each time, and one raised as its dialog closes is not hidden', () =>
    signedIn('member', async (s) => {
      const { page } = s;
      await page.addInitScript(listenToLiveRegions);
      await page.goto('/settings');
      const weekly = page.getByRole('group', { name: 'In the app' }).getByRole('switch', { name: 'Weekly check-in reminder', exact: true });
      await weekly.waitFor();
      const wasOn = await weekly.isChecked();

      // the hub refuses the save: 'Failed', assertive
      await page.route('**/api/notifications/settings', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Something broke' }] }) })
          : route.fallback());
      await weekly.click();
      await expect.poll(() => heardText(page, TOAST_TEXT.error)).toEqual([{ text: TOAST_TEXT.error, politeness: 'assertive', hidden: false }]);
      await page.unrouteAll();
      s.errors.splice(0, s.errors.length, ...s.errors.filter((e) => !e.includes('status of 500')));

      // saved twice (the setting back as it was): 'Successful', polite, heard both times
      await page.reload();
      await weekly.waitFor();
      expect(await weekly.isChecked()).toBe(wasOn);
      await weekly.click();
      await expect.poll(() => heardText(page, TOAST_TEXT.success)).toHaveLength(1);
      await weekly.click();
      await expect.poll(() => heardText(page, TOAST_TEXT.success)).toEqual([
        { text: TOAST_TEXT.success, politeness: 'polite', hidden: false },
        { text: TOAST_TEXT.success, politeness: 'polite', hidden: false },
      ]);
      await page.reload();
      await weekly.waitFor();
      expect(await weekly.isChecked()).toBe(wasOn);

      // a dialog's save: the toast comes as the dialog (which hides the rest of the page) closes
      const stamp = Date.now();
      const objectiveId = await createOwnObjective(page, {
        title: `Say the toast ${stamp}`, description: 'Out loud.', priority: 'low', keyResult: { title: `Heard ${stamp}`, description: 'Once.' },
      });
      await page.goto(`/objective-tracking/objective-details?id=${objectiveId}`);
      const card = page.getByTestId('key-result-card').filter({ hasText: `Heard ${stamp}` });
      await card.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Key Result' });
      await dialog.getByLabel('Title').fill(`Heard again ${stamp}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => heardText(page, TOAST_TEXT.success)).toEqual([{ text: TOAST_TEXT.success, politeness: 'polite', hidden: false }]);
      expect(s.errors).toEqual([]);
    }, { serviceWorkers: 'block' }), 90_000); // routes do not see the offline service worker's fetches

  it('offline: the banner is a status region, and the hub going away and coming back are both said', async () => {
    // a link of its own in front of the shared hub, cut and restored as offline-live does it
    const link = await cuttableLink(e2eHubUrl());
    const s = await session(link.url);
    try {
      const { page } = s;
      await page.addInitScript(listenToLiveRegions);
      await openSignedIn(page, 'member');
      await page.goto('/objective-tracking/objectives');
      await page.getByTestId('objective-card').first().waitFor();
      const away = offlineAnnouncement(true);
      expect(await heardText(page, away)).toEqual([]);

      await link.cut();
      // nobody clicks: the notification stream drops, the call it prompts fails, the app is offline
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor({ timeout: 15_000 });
      expect(['status', 'alert']).toContain(await banner.getAttribute('role'));
      await expect.poll(() => heardText(page, away)).toEqual([{ text: away, politeness: 'polite', hidden: false }]);
      expect(await heardText(page, BACK_ONLINE)).toEqual([]);

      await link.restore();
      await banner.waitFor({ state: 'detached', timeout: 60_000 });
      await expect.poll(() => heardText(page, BACK_ONLINE)).toEqual([{ text: BACK_ONLINE, politeness: 'polite', hidden: false }]);
    } finally {
      await s.close();
      await link.close();
    }
  }, 120_000);

  it('statistics: each chart is an image with a name, described by the summary of its figures, beside its table', () =>
    signedIn('owner', async ({ page }) => {
      await page.goto('/objective-tracking/statistics');
      const { from, to } = defaultStatisticsRange();
      const stats = await pageApi(page).call(statisticsResponseSchema.shape.data, 'GET', `/statistics?from=${from}&to=${to}`);
      const expected = [
        { chart: 'Objectives by status chart', table: 'Objectives by status', summary: splitSummary('Objectives by status', stats.byStatus.items.map((r) => ({ name: r.status, ...r }))) },
        { chart: 'Objectives by category chart', table: 'Objectives by category', summary: splitSummary('Objectives by category', stats.byCategory.items.map((r) => ({ name: r.category, ...r }))) },
        { chart: 'Objectives by team chart', table: 'Objectives by team', summary: teamSummary('Objectives by team', stats.byTeam) },
      ];
      for (const { chart, table, summary } of expected) {
        const image = page.getByRole('img', { name: chart, exact: true });
        await image.waitFor();
        expect(summary).toMatch(/ in all: .*; most: /);
        const described = await image.getAttribute('aria-describedby');
        expect(await page.locator(`[id="${described}"]`).textContent()).toBe(summary);
        // the drawing itself, and every number in a table beside it
        expect(await image.locator('svg').count()).toBe(1);
        expect(await page.getByRole('table', { name: table, exact: true }).locator('tbody tr').count()).toBeGreaterThan(0);
      }
    }));

  it('the side menu opens as a named dialog with the current screen marked (nothing in it changes by itself)', () =>
    signedIn('member', async ({ page }) => {
      await page.goto('/holidays');
      await expectTitle(page, HOLIDAY_TEXT.heading);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const menu = page.getByRole('dialog', { name: 'Main menu' });
      await menu.waitFor();
      expect(await menu.getByRole('link', { name: 'Holidays' }).getAttribute('aria-current')).toBe('page');
      expect(await menu.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
      expect(await menu.getByRole('link', { name: 'Objective Tracking opens in a new tab' }).count()).toBe(1);
    }));
});
