import { expect } from 'vitest';
import type { Page } from 'playwright-core';

// What the e2e tests share: the demo users (design §5) and the sign-in a person would do.

export const DEMO_PASSWORD = 'demo';

export const DEMO_USERS = {
  admin: { name: 'Andreea Marin', admin: true, myTeam: false },
  owner: { name: 'Mihai Dumitrescu', admin: false, myTeam: true },
  manager: { name: 'Cristian Radu', admin: false, myTeam: true },
  lead: { name: 'Alexandru Popa', admin: false, myTeam: true },
  member: { name: 'Elena Constantin', admin: false, myTeam: false },
  guest: { name: 'Ioana Georgescu', admin: false, myTeam: false },
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Waits until the path (without query) is the given one. */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/**
 * Signs in through the login form. A first login goes through the stepper with the prefilled
 * details kept, so tests may run in any order on the shared hub.
 */
export async function signIn(page: Page, username: DemoUser, options: { from?: string } = {}): Promise<void> {
  await page.goto(options.from ?? '/login');
  await fillLogin(page, username, DEMO_PASSWORD);
  const shell = page.getByTestId('user-name');
  const confirm = page.getByRole('heading', { name: 'Confirm your information' });
  await expect.poll(async () => (await shell.isVisible()) || (await confirm.isVisible()), { timeout: 15_000 }).toBe(true);
  if (await confirm.isVisible()) {
    await page.getByRole('button', { name: 'Continue' }).click();
    const mates = page.getByRole('heading', { name: 'See team mates' });
    await expect.poll(async () => (await shell.isVisible()) || (await mates.isVisible()), { timeout: 15_000 }).toBe(true);
    if (await mates.isVisible()) await page.getByRole('button', { name: 'Continue' }).click();
  }
  await shell.waitFor();
  expect(await shell.textContent()).toBe(DEMO_USERS[username].name);
}

/** beot-prefixed browser storage, as the page sees it. */
export function ownStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('beot')));
}

/** The screen's title (its h1); waits, since a route's chunk may still be loading. */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

/** Presses Tab until the element has focus, as a keyboard user would; fails after `max` presses. */
export async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 20): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}
