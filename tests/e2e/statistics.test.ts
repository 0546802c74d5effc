import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useBrowser } from './helpers';

// The statistics tables' numbers are right-aligned, and their headers with them.
const { signedIn } = useBrowser({ failureShot: 'statistics' });

/** Where a cell's text ends, in page pixels (the cell itself spans the whole column). */
const textRight = (cell: Locator) =>
  cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect().right;
  });

describe('statistics tables', () => {
  it("'By employee': each number column's header ends where its numbers end", () =>
    signedIn('owner', async ({ page }) => {
      await page.goto('/objective-tracking/statistics');
      const table = page.getByRole('table', { name: 'Objectives by employee' });
      await table.getByRole('row').nth(1).waitFor();
      const headers = table.getByRole('columnheader');
      const firstRow = table.getByRole('row').nth(1).getByRole('cell');
      expect(await headers.count()).toBe(8);
      // Name and Team are text, left as they are; the six after them are counts
      for (let column = 2; column < 8; column += 1) {
        const [head, number] = await Promise.all([textRight(headers.nth(column)), textRight(firstRow.nth(column))]);
        expect(Math.abs(head - number)).toBeLessThanOrEqual(2);
      }
    }));
});
