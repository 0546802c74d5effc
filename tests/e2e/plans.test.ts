import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { EVALUATION_MESSAGES } from '../../shared/rules/objective-messages';
import { EVALUATION_CRITERIA, EVALUATION_LABELS } from '../../shared/rules/evaluation-scale';
import type { BrowserSession } from '../support/browser';
import { type DemoUser, expectTitle, ownStorageKeys, useBrowser } from './helpers';
import { readXlsx } from '../support/xlsx-read';

// End to end: plans page sizes, timeline toolbar and row click, statistics filters, and an
// evaluation created, viewed, edited and exported (read back with tests/support/xlsx-read.ts).
const { signedIn } = useBrowser({ noErrors: true });

/** Signed in as `user` on the screen at `path`, once its title shows. */
function as(user: DemoUser, path: string, title: string, test: (s: BrowserSession) => Promise<void>) {
  return signedIn(user, async (s) => {
    await s.page.goto(path);
    await expectTitle(s.page, title);
    await test(s);
  });
}

describe('plans, timeline, statistics and evaluations in Chromium', () => {
  it('plans: a teams manager picks a team and pages through 5, 10 and All', () =>
    as('manager', '/objective-tracking/plans', 'Plans', async ({ page }) => {
      const rows = page.getByRole('table', { name: 'Plan objectives' }).locator('tbody tr');
      await rows.first().waitFor();
      const team = page.getByLabel('Team', { exact: true });
      await team.selectOption({ index: 1 });
      await page.locator('[aria-label^="Plan of"]').nth(1).waitFor();
      await expect.poll(() => rows.count()).toBe(10);
      const pager = page.getByLabel('Rows per page');
      await pager.selectOption('5');
      await expect.poll(() => rows.count()).toBe(5);
      await pager.selectOption('All');
      await expect.poll(() => rows.count()).toBeGreaterThan(10);
      await page.getByRole('button', { name: /^Expand / }).first().click();
      await expect.poll(() => page.locator('tr[aria-label^="Key result"]').count()).toBeGreaterThan(0);
    }));

  it('timeline: zoom, collapse and expand, and a row opens the objective', () =>
    as('lead', '/objective-tracking/timeline', 'Timeline', async ({ page }) => {
      await page.locator('[data-row^="o"]').first().waitFor();
      const level = page.getByTestId('zoom-level');
      const before = await level.textContent();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(() => level.textContent()).not.toBe(before);
      await page.getByRole('button', { name: 'Collapse all' }).click();
      await expect.poll(() => page.locator('[data-row^="k"]').count()).toBe(0);
      await page.getByRole('button', { name: 'Expand all' }).click();
      await expect.poll(() => page.locator('[data-row^="k"]').count()).toBeGreaterThan(0);
      await page.getByLabel('Status', { exact: true }).selectOption('completed');
      await expect.poll(async () => (await ownStorageKeys(page)).includes('beot.timeline.filters')).toBe(true);
      await page.locator('[data-row^="o"]').first().click();
      await page.waitForURL((url) => url.pathname === '/objective-tracking/objective-details' && url.searchParams.has('id'));
    }));

  it('statistics: the owner’s Team filter changes the charts and tables', () =>
    as('owner', '/objective-tracking/statistics', 'Statistics', async ({ page }) => {
      const teams = page.getByRole('table', { name: 'Objectives by team' }).locator('tbody tr');
      await expect.poll(() => teams.count()).toBeGreaterThan(1);
      await page.getByLabel('Team', { exact: true }).selectOption({ index: 1 });
      await expect.poll(() => teams.count()).toBe(1);
      expect(await page.getByRole('img', { name: 'Objectives by status chart' }).locator('svg').count()).toBe(1);
    }));

  it('evaluations: the lead writes, views, edits and exports an evaluation of a member', () =>
    as('lead', '/objective-tracking/statistics', 'Statistics', async ({ page }) => {
      await page.getByRole('table', { name: 'Objectives by employee' }).getByText('Elena Constantin').click();
      await expectTitle(page, 'Employee details');
      const rows = page.getByRole('table', { name: 'Evaluations' }).locator('tbody tr');
      await rows.first().waitFor();
      const count = await rows.count();

      await page.getByRole('button', { name: 'New Evaluation' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Evaluation' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(EVALUATION_MESSAGES.targets).waitFor();
      for (const f of EVALUATION_CRITERIA) await dialog.getByLabel(EVALUATION_LABELS[f]).selectOption('4');
      await dialog.getByLabel('Conclusion').fill('Ready to lead the next release.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => rows.count()).toBe(count + 1);

      await rows.first().getByRole('button', { name: 'View evaluation' }).click();
      const view = page.getByRole('dialog', { name: 'Evaluation' });
      expect(await view.getByLabel('Teamwork').inputValue()).toBe('4');
      await view.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Evaluation' });
      await edit.getByLabel('Teamwork').selectOption('5');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'hidden' });

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
      expect(download.suggestedFilename()).toBe('Elena Constantin evaluations.xlsx');
      const sheet = readXlsx(await readFile(await download.path())).sheets[0];
      expect(sheet.cell(2, 4)).toBe('5 – Outstanding');
      expect(sheet.cell(2, 13)).toBe('Ready to lead the next release.');
    }));
});
