import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ThemeChoice } from '../../shared/api/preferences';
import { signIn, useBrowser, e2eHubUrl } from './helpers';

// Themes: the app follows the system (prefers-color-scheme, forced-colors) until the
// person picks a theme in Settings; the pick is kept on the hub, so it sticks after a reload and in
// another browser, and the first paint is already in it.

const { withSession, withSessions } = useBrowser({ noErrors: true, failureShot: 'themes' });

const PERSON = 'guest';

/** The theme the app applied, and the colour its root is painted in. */
async function painted(page: Page): Promise<{ theme: string | null; background: string }> {
  const root = page.locator('.fui-FluentProvider[data-theme]').first();
  await root.waitFor();
  return {
    theme: await page.evaluate(() => document.documentElement.getAttribute('data-theme')),
    background: await root.evaluate((el) => getComputedStyle(el).backgroundColor),
  };
}

const LIGHT = { theme: 'light', background: 'rgb(255, 255, 255)' };
const DARK = { theme: 'dark', background: 'rgb(41, 41, 41)' };
const HIGH_CONTRAST = { theme: 'high-contrast', background: 'rgb(0, 0, 0)' };

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Theme' }).waitFor();
  // the drawer slides out over the page for a moment; a click before it has gone reaches nothing
  await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'detached' });
}

async function choose(page: Page, label: string): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/preferences') && r.request().method() === 'PUT');
  // click, not check(): the radio follows the saved choice, set once a read of it still under way
  // is cancelled, a moment after the click rather than within it
  const radio = page.getByRole('radio', { name: label, exact: true });
  await radio.click();
  expect((await saved).status()).toBe(200);
  await expect.poll(() => radio.isChecked()).toBe(true);
}

/**
 * The page before its bundle runs, in a browser with this one's cookies and storage: the build's
 * scripts refused (and no service worker to serve them), so only public/theme-boot.js paints.
 */
async function firstPaint(context: BrowserContext): Promise<{ theme: string | null; background: string }> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const probe = await browser.newContext({ baseURL: e2eHubUrl(), storageState: await context.storageState(), serviceWorkers: 'block' });
  try {
    const page = await probe.newPage();
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/login');
    return await page.evaluate(() => ({
      theme: document.documentElement.getAttribute('data-theme'),
      background: getComputedStyle(document.body).backgroundColor,
    }));
  } finally {
    await probe.close();
  }
}

/** The shared demo hub: the person follows the system again for the files after this one. */
async function backToSystem(page: Page): Promise<void> {
  await page.evaluate(async (theme) => {
    await fetch('/api/preferences', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-hub-request': '1' }, body: JSON.stringify({ theme }) });
  }, 'system' satisfies ThemeChoice);
}

describe('themes', () => {
  it('follows the system: the colour scheme, live, and forced colours as high contrast', () =>
    withSession(async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/login');
      expect(await painted(page)).toEqual(DARK);
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => painted(page)).toEqual(LIGHT);
      await page.emulateMedia({ colorScheme: 'dark', forcedColors: 'active' });
      await expect.poll(async () => (await painted(page)).theme).toBe('high-contrast');

      // signed in, a person who never chose still follows the system
      await page.emulateMedia({ colorScheme: 'dark', forcedColors: 'none' });
      await signIn(page, PERSON);
      expect(await painted(page)).toEqual(DARK);
    }));

  it('a choice in Settings wins over the system, sticks after a reload and paints first; a new browser gets it from the hub', () =>
    withSessions(2, async ([first, second]) => {
      await first.page.emulateMedia({ colorScheme: 'light' });
      await signIn(first.page, PERSON);
      try {
        await openSettings(first.page);
        expect(await first.page.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);

        await choose(first.page, 'Dark');
        expect(await painted(first.page)).toEqual(DARK);
        await first.page.reload();
        await first.page.getByRole('heading', { name: 'Theme' }).waitFor();
        expect(await painted(first.page)).toEqual(DARK);
        expect(await first.page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
        // before the bundle: the cached choice, painted by public/theme-boot.js
        expect(await firstPaint(first.context)).toEqual({ theme: 'dark', background: 'rgb(31, 31, 31)' });

        await choose(first.page, 'High contrast');
        expect(await painted(first.page)).toEqual(HIGH_CONTRAST);

        // another browser (none of the first one's storage), its system dark: the hub's choice wins
        await second.page.emulateMedia({ colorScheme: 'dark' });
        await signIn(second.page, PERSON);
        await expect.poll(() => painted(second.page)).toEqual(HIGH_CONTRAST);
        await openSettings(second.page);
        expect(await second.page.getByRole('radio', { name: 'High contrast' }).isChecked()).toBe(true);

        await choose(second.page, 'Light');
        expect(await painted(second.page)).toEqual(LIGHT);
        await second.page.reload();
        await second.page.getByRole('heading', { name: 'Theme' }).waitFor();
        expect(await painted(second.page)).toEqual(LIGHT);

        // signed out, the login page keeps this browser's last choice instead of flashing the system's
        await second.page.goto('/objective-tracking/objectives');
        await second.page.getByRole('button', { name: 'Account' }).click();
        await second.page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
        await second.page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
        expect(await painted(second.page)).toEqual(LIGHT);
        expect(await firstPaint(second.context)).toEqual({ theme: 'light', background: 'rgb(245, 245, 245)' });

        // System again: the first browser follows its system once more, after a reload too
        await choose(first.page, 'System');
        expect(await painted(first.page)).toEqual(LIGHT);
        await first.page.emulateMedia({ colorScheme: 'dark' });
        await expect.poll(() => painted(first.page)).toEqual(DARK);
        await first.page.reload();
        await first.page.getByRole('heading', { name: 'Theme' }).waitFor();
        expect(await painted(first.page)).toEqual(DARK);
      } finally {
        await backToSystem(first.page);
      }
    }));

  it('high contrast: a disabled button is grey, unlike the white of the enabled ones beside it (no highlight green)', () =>
    withSession(async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await signIn(page, PERSON);
      try {
        await openSettings(page);
        await choose(page, 'High contrast');
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await page.getByRole('link', { name: 'Org Chart' }).click();
        await page.getByTestId('org-card').first().waitFor();
        // the chart opens with teams folded; once all are unfolded, Expand all has nothing to do
        const expandAll = page.getByRole('button', { name: 'Expand all' });
        await expandAll.click();
        await expect.poll(() => expandAll.isDisabled()).toBe(true);
        const look = (name: string) => page.getByRole('button', { name, exact: true }).evaluate((el) => {
          const style = getComputedStyle(el);
          return { text: style.color, border: style.borderTopColor };
        });
        const grey = 'rgb(140, 140, 140)';
        // the button's colours change with a short transition: read them once it has ended
        await expect.poll(() => look('Expand all')).toEqual({ text: grey, border: grey });
        const enabled = await look('List');
        expect(enabled.text).toBe('rgb(255, 255, 255)');
        await page.screenshot({ path: '/tmp/themes-high-contrast-disabled.png' });
      } finally {
        await backToSystem(page);
      }
    }));
});
