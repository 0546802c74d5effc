import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { objectiveListResponseSchema } from '../../shared/api/objectives';
import { keyResultsCompletedText, progressText } from '../../shared/rules/objective-messages';
import { DEMO_USERS, useBrowser } from './helpers';
import { createOwnObjective, pageApi } from './hub-api';

// Key-result check-ins end to end: a member checks in twice on their key result and sees the latest
// check-in, the trend line and the history newest first; their team lead follows the same history.
const { signedIn } = useBrowser({ noErrors: true });

const title = `Halve the build time ${Date.now()}`;
const krTitle = 'Cache the dependencies';

async function checkIn(page: Page, percent: number, confidence: string, comment: string) {
  const card = page.getByTestId('key-result-card').filter({ hasText: krTitle });
  await card.getByRole('button', { name: 'Check in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check in' });
  await dialog.getByRole('spinbutton', { name: 'Percent complete' }).fill(String(percent));
  await dialog.getByRole('radio', { name: confidence }).check();
  await dialog.getByLabel('Comment').fill(comment);
  await dialog.getByRole('button', { name: 'Save check-in' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const historyOf = (page: Page) => page.getByRole('list', { name: `Check-in history of ${krTitle}` }).getByTestId('check-in-entry');

describe('key-result check-ins', () => {
  let objectiveId = 0;

  it('a member checks in twice and sees the latest check-in, the trend line and the history newest first', () =>
    signedIn('member', async ({ page }) => {
      objectiveId = await createOwnObjective(page, {
        title, description: 'CI takes 20 minutes; we want 10.', priority: 'high',
        keyResult: { title: krTitle, description: 'Restore node_modules from the cache.' },
      });
      await page.goto(`/objective-tracking/objective-details?id=${objectiveId}`);
      const card = page.getByTestId('key-result-card').filter({ hasText: krTitle });
      await card.getByText('No check-ins yet').waitFor();

      // the form refuses a percent out of range before any round trip
      await card.getByRole('button', { name: 'Check in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Check in' });
      await dialog.getByRole('spinbutton', { name: 'Percent complete' }).fill('');
      await dialog.getByRole('button', { name: 'Save check-in' }).click();
      await dialog.getByText('Percent complete must be a whole number from 0 to 100').waitFor();
      await page.screenshot({ path: '/tmp/h5/check-in-dialog.png' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await checkIn(page, 30, 'At risk', 'Waiting for the cache server');
      await card.getByTestId('latest-check-in').getByText('30%').waitFor();
      await checkIn(page, 55, 'On track', 'Cache server is up');
      const latest = card.getByTestId('latest-check-in');
      await latest.getByText('55%').waitFor();
      expect(await latest.getByText('On track').count()).toBe(1);
      await card.getByText(`Latest check-in by ${DEMO_USERS.member.name}`).waitFor();
      await card.getByText('Cache server is up').first().waitFor();

      await expect.poll(() => historyOf(page).count()).toBe(2);
      const entries = await historyOf(page).allTextContents();
      expect(entries[0]).toContain('55%');
      expect(entries[0]).toContain('On track');
      expect(entries[1]).toContain('30%');
      expect(entries[1]).toContain('At risk');
      expect(entries[1]).toContain('Waiting for the cache server');

      // the trend line is drawn through both check-ins, rising
      const trend = card.getByTestId('check-in-trend');
      expect(await trend.getAttribute('aria-label')).toBe('Progress over 2 check-ins: from 30% to 55%');
      const points = (await trend.locator('polyline').getAttribute('points'))!.split(' ').map((p) => p.split(',').map(Number));
      expect(points).toHaveLength(2);
      expect(points[1][1]).toBeLessThan(points[0][1]);
      await page.screenshot({ path: '/tmp/h5/check-ins-member.png', fullPage: true });

      // the objective's bar on the list shows progress from the latest check-in
      await page.goto('/objective-tracking/objectives');
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Creation date', exact: true }).click();
      const listCard = page.getByTestId('objective-card').filter({ hasText: title });
      // each figure named: progress from the check-ins, key results completed
      await listCard.getByText(progressText(55), { exact: true }).waitFor();
      await listCard.getByText(keyResultsCompletedText(0, 1), { exact: true }).waitFor();
      expect(await listCard.getByRole('progressbar', { name: progressText(55) }).count()).toBe(1);
    }));

  it("the member's team lead follows the same history and may check in too", async () => {
    expect(objectiveId).toBeGreaterThan(0);
    await signedIn('lead', async ({ page }) => {
      await page.goto(`/objective-tracking/objective-details?id=${objectiveId}`);
      const card = page.getByTestId('key-result-card').filter({ hasText: krTitle });
      await card.getByTestId('latest-check-in').getByText('55%').waitFor();
      await expect.poll(() => historyOf(page).count()).toBe(2);
      expect((await historyOf(page).allTextContents())[0]).toContain(DEMO_USERS.member.name);
      await card.getByTestId('check-in-trend').waitFor();
      expect(await card.getByRole('button', { name: 'Check in' }).count()).toBe(1);

      // statistics count the team's key results at risk
      await page.goto('/objective-tracking/statistics');
      const teams = page.getByRole('table', { name: 'Objectives by team' });
      await teams.getByRole('columnheader', { name: 'At risk' }).waitFor();
      const phoenix = teams.getByRole('row').filter({ hasText: 'Phoenix' });
      expect(await phoenix.getByRole('cell').last().textContent()).toMatch(/^\d+( \(\d+ off track\))?$/);
      await page.screenshot({ path: '/tmp/h5/check-ins-statistics.png', fullPage: true });
    });
  });

  it('a colleague who may not edit the objective sees no Check in button', () =>
    signedIn('member', async ({ page }) => {
      // a public objective of another person, read-only for the member (spec §6)
      const { items } = await pageApi(page).call(objectiveListResponseSchema.shape.data, 'GET', '/objective?privacy=public&status=in%20progress&limit=100');
      const other = items.find((o) => o.readOnly && o.keyResultsTotal > 0)?.id ?? null;
      expect(other).not.toBeNull();
      await page.goto(`/objective-tracking/objective-details?id=${other}`);
      const card = page.getByTestId('key-result-card').first();
      await card.getByRole('region', { name: /^Check-ins of / }).waitFor();
      expect(await page.getByRole('button', { name: 'Check in' }).count()).toBe(0);
    }));
});
