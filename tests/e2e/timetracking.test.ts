import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { monthLabel, monthOfOffset, TIMETRACKING_TEXT } from '../../shared/rules/timetracking';
import { openSignedIn, useBrowser, waitForPath } from './helpers';

// people-and-shell §2 Time tracking, as the demo users see it.
const { withSession } = useBrowser();

/** SCREENSHOTS=1 keeps a picture of the screen under /tmp for a person to look at. */
async function snap(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
}

/**
 * Console errors that are not ours: pictures (GET /user/:id/image) belong to another issue and
 * may 404 until it lands. Our own calls are checked by status instead (`watchOwnCalls`).
 */
const foreignErrors = (errors: string[]) => errors.filter((e) => !e.includes('status of 404'));

/** Every answer of the time-tracking API this page received with a 4xx/5xx status. */
function watchOwnCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/timetracking') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  return failed;
}

const hoursOf = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

describe('time tracking', () => {
  it('shows my month grouped by day with daily totals that add up to the month total, and moves between months', () =>
    withSession(async ({ page, errors }) => {
      const failed = watchOwnCalls(page);
      await openSignedIn(page, 'member');
      await page.goto('/timetracking');
      await page.getByTestId('month-total').waitFor();
      expect(await page.getByTestId('import-info').textContent()).toBe(TIMETRACKING_TEXT.info);
      expect(await page.getByTestId('month-label').textContent()).toBe(monthLabel(monthOfOffset(0).month));
      expect(await page.getByRole('button', { name: 'Next month' }).isDisabled()).toBe(true);

      const dayTotals = await page.getByTestId('day-total').allTextContents();
      expect(dayTotals.length).toBeGreaterThan(0);
      const sum = Math.round(dayTotals.map(hoursOf).reduce((a, b) => a + b, 0) * 100) / 100;
      expect(await page.getByTestId('month-total').textContent()).toBe(TIMETRACKING_TEXT.total(sum));
      const firstDay = page.getByTestId('day').first();
      expect(await firstDay.getByTestId('day-weekday').textContent()).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/);
      expect(await firstDay.getByTestId('task-summary').count()).toBeGreaterThan(0);
      await snap(page, 'timetracking-member');

      await page.getByRole('button', { name: 'Previous month' }).click();
      await expect.poll(() => page.getByTestId('month-label').textContent()).toBe(monthLabel(monthOfOffset(-1).month));
      await page.getByTestId('day').first().waitFor();
      expect(new URL(page.url()).search).toBe('?months=-1');
      expect(await page.getByRole('button', { name: 'Next month' }).isDisabled()).toBe(false);
      await page.getByRole('button', { name: 'Next month' }).click();
      await expect.poll(() => page.getByTestId('month-label').textContent()).toBe(monthLabel(monthOfOffset(0).month));
      await waitForPath(page, '/timetracking');
      expect(foreignErrors(errors)).toEqual([]);
      expect(failed).toEqual([]);
    }));

  it('tells a user who is not in the time-tracking database whom to contact', () =>
    withSession(async ({ page, errors }) => {
      const failed = watchOwnCalls(page);
      await openSignedIn(page, 'guest');
      await page.goto('/timetracking');
      const notice = page.getByTestId('not-in-database');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(TIMETRACKING_TEXT.notInDatabase('Andreea Marin'));
      expect(await page.getByTestId('month-total').count()).toBe(0);
      await snap(page, 'timetracking-guest');
      expect(foreignErrors(errors)).toEqual([]);
      expect(failed).toEqual([]);
    }));
});
