import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HOLIDAY_TYPES } from '../../shared/rules/constants';
import { HOLIDAY_TEXT } from '../../shared/rules/holidays';
import type { BrowserSession } from '../support/browser';
import { type DemoUser, openSignedIn, useBrowser } from './helpers';

// people-and-shell §2 Holidays, as the demo users see it.
const { withSession } = useBrowser();

async function snap(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
}

/** Pictures (GET /user/:id/image) belong to another issue and may 404 until it lands. */
const foreignErrors = (errors: string[]) => errors.filter((e) => !e.includes('status of 404'));

interface Opened {
  s: BrowserSession;
  page: Page;
  /** the from/to of every GET /holidays the page made */
  ranges: Array<{ from: string; to: string }>;
}

/** Runs `test` on the Holidays screen as `username`, in a session of its own; `prepare` goes before the sign-in. */
function inHolidays(username: DemoUser, test: (opened: Opened) => Promise<void>, prepare?: (page: Page) => Promise<unknown>): Promise<void> {
  // a test that fakes the hub's answers runs without the offline service worker, whose fetches no route sees
  return withSession(async (s) => {
    const { page } = s;
    const ranges: Opened['ranges'] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/holidays') ranges.push({ from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' });
    });
    await prepare?.(page);
    await openSignedIn(page, username);
    await page.goto('/holidays');
    // The calendar is its own lazy chunk; a loaded machine may take a while to fetch it the first time.
    await page.getByTestId('holiday-calendar').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('days-left').textContent()).not.toBe('');
    await test({ s, page, ranges });
  }, prepare ? { serviceWorkers: 'block' } : {});
}

const monthName = (offset: number) => {
  const now = new Date();
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(new Date(now.getFullYear(), now.getMonth() + offset, 1));
};
const eventTitles = (page: Page) => page.locator('.rbc-month-view .holiday-event').allTextContents();

describe('holidays', () => {
  it('shows days left, the legend, the user’s own team, and moves between months fetching only the visible range', () =>
    inHolidays('lead', async ({ s, page, ranges }) => {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(HOLIDAY_TEXT.heading);
      await expect.poll(() => page.getByTestId('days-left').textContent()).toMatch(/^\d+ days left$/);
      expect(await page.getByTestId('legend-item').allTextContents()).toEqual(Object.values(HOLIDAY_TYPES));
      await expect.poll(() => page.getByRole('combobox', { name: 'Teams' }).inputValue()).toBe('Phoenix');
      // The holidays app opens outside the hub (a new tab on the web), at the address the hub configures.
      await s.context.route('https://holidays.bitstone.example/**', (route) => route.fulfill({ contentType: 'text/html', body: 'Holidays app' }));
      const [tab] = await Promise.all([
        s.context.waitForEvent('page'),
        page.getByRole('button', { name: HOLIDAY_TEXT.openApp }).click(),
      ]);
      await tab.waitForURL('https://holidays.bitstone.example/');
      await tab.close();
      expect(await page.getByTestId('calendar-label').textContent()).toBe(monthName(0));
      await snap(page, 'holidays-lead');

      await page.getByRole('button', { name: 'Next month' }).click();
      await expect.poll(() => page.getByTestId('calendar-label').textContent()).toBe(monthName(1));
      await page.getByRole('button', { name: 'Previous month' }).click();
      await page.getByRole('button', { name: 'Previous month' }).click();
      await expect.poll(() => page.getByTestId('calendar-label').textContent()).toBe(monthName(-1));
      await page.getByRole('button', { name: HOLIDAY_TEXT.thisMonth }).click();
      await expect.poll(() => page.getByTestId('calendar-label').textContent()).toBe(monthName(0));

      expect(ranges.length).toBeGreaterThanOrEqual(3);
      for (const { from, to } of ranges) {
        const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(27);
        expect(days).toBeLessThanOrEqual(42);
      }
      expect(foreignErrors(s.errors)).toEqual([]);
    }));

  it('filters by team, searches by title and opens the overflow popup', () =>
    inHolidays('lead', async ({ s, page }) => {
      await expect.poll(() => page.getByRole('combobox', { name: 'Teams' }).inputValue()).toBe('Phoenix');
      const phoenixOnly = (await eventTitles(page)).length;
      // The dropdown filters its teams as one types.
      await page.getByRole('combobox', { name: 'Teams' }).click();
      await page.getByRole('combobox', { name: 'Teams' }).fill('pho');
      await expect.poll(() => page.getByRole('menuitemcheckbox').allTextContents()).toEqual(['Phoenix']);
      await page.keyboard.press('Escape');
      // Deselect Phoenix: no team selected means All Members.
      await page.getByRole('combobox', { name: 'Teams' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Phoenix' }).click(); // Fluent's multiselect options
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('combobox', { name: 'Teams' }).getAttribute('placeholder')).toBe(HOLIDAY_TEXT.allMembers);
      await expect.poll(async () => (await eventTitles(page)).length).toBeGreaterThan(phoenixOnly);

      // Find a day with more events than fit and open its popup.
      let more = page.locator('.rbc-show-more').first();
      for (let i = 0; i < 4 && (await more.count()) === 0; i++) {
        await page.getByRole('button', { name: 'Next month' }).click();
        await page.waitForTimeout(500);
        more = page.locator('.rbc-show-more').first();
      }
      expect(await more.textContent()).toMatch(/^\+\d+ more$/);
      await more.click();
      const overlay = page.locator('.rbc-overlay');
      await overlay.waitFor();
      expect(await overlay.locator('.holiday-event').count()).toBeGreaterThan(1);
      await snap(page, 'holidays-popup');
      await page.keyboard.press('Escape');
      await page.mouse.click(10, 10);

      await page.getByRole('searchbox', { name: 'Search events' }).fill('birthday');
      await expect.poll(async () => (await eventTitles(page)).every((t) => /birthday/i.test(t))).toBe(true);
      expect((await eventTitles(page)).length).toBeGreaterThan(0);
      expect(foreignErrors(s.errors)).toEqual([]);
    }));

  it('reads No information yet when the days left are below zero or missing', async () => {
    for (const username of ['guest', 'owner'] as const) {
      await inHolidays(username, async ({ page }) => {
        await expect.poll(() => page.getByTestId('days-left').textContent()).toBe('No information yet');
        if (username === 'guest') await snap(page, 'holidays-guest');
      });
    }
  });

  it('shows public holidays as national days, and the other events when that call fails', async () => {
    const toDecember = 11 - new Date().getMonth();
    await inHolidays('member', async ({ page }) => {
      for (let i = 0; i < toDecember; i++) await page.getByRole('button', { name: 'Next month' }).click();
      await expect.poll(() => eventTitles(page)).toContainEqual(expect.stringMatching(/Ziua na[țt]ional/));
    });

    const failCall = (p: Page) => p.route('**/api/public-holidays/**', (route) => route.fulfill({ status: 500, body: '' }));
    await inHolidays('member', async ({ s, page }) => {
      for (let i = 0; i < toDecember; i++) await page.getByRole('button', { name: 'Next month' }).click();
      await expect.poll(async () => (await eventTitles(page)).length).toBeGreaterThan(0);
      expect(await eventTitles(page)).not.toContainEqual(expect.stringMatching(/Ziua na[țt]ional/));
      await expect.poll(() => s.errors.some((e) => e.startsWith('Failed fetching reports:'))).toBe(true);
    }, failCall);
  });
});
