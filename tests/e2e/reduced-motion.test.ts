import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './helpers';

// issue 21: prefers-reduced-motion turns off the app's animations (WCAG 2.3.3): the drawers,
// dialogs and toasts open at once instead of sliding or fading.
const { signedIn } = useBrowser({ noErrors: true });

/** Animations and transitions running on the page, whether CSS or Fluent's Web Animations. */
async function runningMotions(page: Page): Promise<number> {
  return page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
}

async function openAccountDrawer(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog').first().waitFor({ state: 'attached' });
  return runningMotions(page);
}

describe('reduced motion', () => {
  it('with the system asking for less motion, the account drawer opens without animating; otherwise it slides in', async () => {
    await signedIn('member', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await openAccountDrawer(page)).toBe(0);
    });
    await signedIn('member', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await openAccountDrawer(page)).toBeGreaterThan(0);
    });
  });
});
