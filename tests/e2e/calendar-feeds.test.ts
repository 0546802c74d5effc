import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CALENDAR_FEED_TEXT } from '../../shared/rules/calendar-feeds';
import { useBrowser } from './helpers';

// issue 25 Settings → Calendar feeds: turning a feed on shows its private address once, with Copy
// and a webcal:// link; the address serves the calendar without a session; Renew and turning off
// make the old address answer 404.

const { signedIn } = useBrowser({ noErrors: true, failureShot: 'calendar-feeds' });

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: CALENDAR_FEED_TEXT.heading }).waitFor();
  await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'detached' });
}

/** What a calendar app gets: the address alone, from outside the browser (no cookie, no header). */
async function fetchFeed(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

describe('Settings → Calendar feeds', () => {
  it('turns my holidays feed on, shows the address to copy and open, renews it and turns it off', () =>
    signedIn('member', async ({ page }) => {
      await openSettings(page);
      const feed = page.getByTestId('calendar-feed').filter({ hasText: CALENDAR_FEED_TEXT.own });
      const toggle = feed.getByRole('switch', { name: CALENDAR_FEED_TEXT.own });
      expect(await toggle.isChecked()).toBe(false);

      await toggle.click();
      const field = feed.getByRole('textbox', { name: `${CALENDAR_FEED_TEXT.own}: address` });
      await field.waitFor();
      const first = await field.inputValue();
      expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect(await feed.getByRole('link', { name: CALENDAR_FEED_TEXT.open }).getAttribute('href')).toBe(first.replace(/^https?:/, 'webcal:'));
      await feed.getByText(CALENDAR_FEED_TEXT.shownOnce).waitFor();
      const served = await fetchFeed(first);
      expect(served.status).toBe(200);
      expect(served.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);

      await feed.getByRole('button', { name: `${CALENDAR_FEED_TEXT.renew}: ${CALENDAR_FEED_TEXT.own}` }).click();
      await expect.poll(() => field.inputValue()).not.toBe(first);
      const second = await field.inputValue();
      expect((await fetchFeed(first)).status).toBe(404);
      expect((await fetchFeed(second)).status).toBe(200);

      // after a reload the hub cannot show the address again: it says so
      await page.reload();
      await page.getByRole('heading', { name: CALENDAR_FEED_TEXT.heading }).waitFor();
      await feed.getByText(CALENDAR_FEED_TEXT.onWithoutAddress).waitFor();
      expect(await toggle.isChecked()).toBe(true);

      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      expect((await fetchFeed(second)).status).toBe(404);
    }));
});
