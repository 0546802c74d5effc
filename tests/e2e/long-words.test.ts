import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './helpers';
import { createOwnObjective } from './hub-api';

// A word with no spaces, as long as people may type, wraps where it is shown; the page
// never scrolls sideways because of it.
const { signedIn } = useBrowser({ failureShot: 'long-words' });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBe(client);
}

describe('long words', () => {
  it('an objective whose title, description and key result are one long word each: no sideways scroll on its details or the list', () =>
    signedIn('member', async ({ page }) => {
      // 'Aa…' sorts first by title, so the card is on the list's first page
      const title = `Aa${'a'.repeat(180)}${Date.now()}`;
      const word = 'x'.repeat(300);
      const id = await createOwnObjective(page, {
        title, description: `Before ${word} after`, priority: 'low', keyResult: { title: `K${word.slice(0, 150)}`, description: word },
      });

      await page.goto(`/objective-tracking/objective-details?id=${id}`);
      await page.getByTestId('key-result-card').waitFor();
      await page.getByText(`Before ${word} after`).waitFor();
      await expectNoSidewaysScroll(page);

      await page.goto('/objective-tracking/objectives');
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Title' }).click();
      await page.getByTestId('objective-card').filter({ hasText: title }).waitFor();
      await expectNoSidewaysScroll(page);
    }));
});
