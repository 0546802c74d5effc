import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { CALENDAR_FEED_TEXT } from '../../shared/rules/calendar-feeds';
import { bindDesktopMode, useServedRenderer } from '../support/desktop-mode';
import { signIn, useBrowser, e2eHubUrl } from './helpers';

// Settings → Calendar feeds: turning a feed on shows its private address once, with Copy
// and a webcal:// link; the address serves the calendar without a session; Renew and turning off
// make the old address answer 404. In the desktop app the webcal:// link goes through main's
// real IPC handlers to shell.openExternal (electron/external-links.ts), i.e. the calendar app.
vi.mock('electron', () => ({}));

const { signedIn, session: openSession } = useBrowser({ noErrors: true, failureShot: 'calendar-feeds' });

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

describe('Settings → Calendar feeds in the desktop app', () => {
  const renderer = useServedRenderer('hub-calendar-feeds-');

  it('"Open in calendar app" hands the webcal:// address to the operating system; the window stays on Settings', async () => {
    const s = await openSession(renderer.url);
    try {
      const opened: string[] = [];
      await bindDesktopMode(s.context, {
        hubUrl: e2eHubUrl(), rendererUrl: renderer.url,
        deps: { openExternal: async (url) => void opened.push(url) },
      });
      await signIn(s.page, 'member');
      await s.page.goto('/settings');
      const feed = s.page.getByTestId('calendar-feed').filter({ hasText: CALENDAR_FEED_TEXT.public });
      await feed.getByRole('switch', { name: CALENDAR_FEED_TEXT.public }).click();
      const field = feed.getByRole('textbox', { name: `${CALENDAR_FEED_TEXT.public}: address` });
      await field.waitFor();
      const address = await field.inputValue();
      const link = feed.getByRole('link', { name: CALENDAR_FEED_TEXT.open });
      expect(await link.getAttribute('href')).toBe(address.replace(/^https?:/, 'webcal:'));
      await link.click();
      await expect.poll(() => opened).toEqual([address.replace(/^https?:/, 'webcal:')]);
      expect(new URL(s.page.url()).pathname).toBe('/settings');
      await feed.getByRole('switch', { name: CALENDAR_FEED_TEXT.public }).click();
      await expect.poll(() => feed.getByRole('switch', { name: CALENDAR_FEED_TEXT.public }).isChecked()).toBe(false);
    } finally {
      await s.close();
    }
  });
});
