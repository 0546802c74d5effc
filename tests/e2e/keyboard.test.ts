import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tabTo, useBrowser } from './helpers';

// Keyboard use: the first Tab of a screen offers 'Skip to content', which puts focus on
// the screen past the header; a drawer opened from the keyboard takes focus and gives it back to
// what opened it when Escape closes it.
const { signedIn } = useBrowser({ noErrors: true });

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { id: el?.id ?? '', text: el?.textContent?.trim() ?? '', label: el?.getAttribute('aria-label') ?? '' };
  });

describe('keyboard', () => {
  it("the first Tab offers 'Skip to content', shown while focused, which moves focus to the screen", () =>
    signedIn('member', async ({ page }) => {
      await page.goto('/team');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('body').focus();
      await page.keyboard.press('Tab');
      expect((await focused(page)).text).toBe('Skip to content');
      const box = await page.getByRole('link', { name: 'Skip to content' }).boundingBox();
      expect(box && box.x >= 0 && box.y >= 0).toBe(true);
      await page.keyboard.press('Enter');
      expect((await focused(page)).id).toBe('main');
    }));

  it('the account drawer opened with the keyboard takes focus, and Escape gives it back to the Account button', () =>
    signedIn('member', async ({ page }) => {
      await page.goto('/team');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const account = page.getByRole('button', { name: 'Account' });
      await tabTo(page, account, 40);
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog');
      await drawer.waitFor();
      await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await expect.poll(() => account.evaluate((el) => el === document.activeElement)).toBe(true);
    }));
});
