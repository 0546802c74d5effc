import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './helpers';

// prefers-reduced-motion turns off the app's animations (WCAG 2.3.3): the drawers,
// dialogs and toasts open at once instead of sliding or fading.
const { signedIn } = useBrowser({ noErrors: true });

/**
 * The longest motion (ms) on the page, whether a CSS animation or transition or one of Fluent's Web
 * Animations. Durations, not a count of running ones: a 0.01 ms animation can still read 'running'
 * until the next frame on a busy machine, while a slide lasts hundreds of ms.
 */
async function longestMotion(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, ...document.getAnimations()
    .map((a) => Number(a.effect?.getComputedTiming().activeDuration ?? 0))));
}

async function openAccountDrawer(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog').first().waitFor({ state: 'attached' });
  return longestMotion(page);
}

describe('reduced motion', () => {
  it('with the system asking for less motion, the account drawer opens without animating; otherwise it slides in', async () => {
    await signedIn('member', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await openAccountDrawer(page)).toBeLessThanOrEqual(1);
    });
    await signedIn('member', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await openAccountDrawer(page)).toBeGreaterThan(100);
    });
  });
});
