import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loginBodySchema, loginResponseSchema } from '../../shared/api/auth';
import { camelize } from '../../shared/api/case';
import { CSRF_HEADER } from '../../shared/api/common';
import { isoDay } from '../../shared/rules/dates';
import { PATHS } from '../../renderer/lib/paths';
import { storageKey } from '../../renderer/lib/session/storage';
import { launchBrowser, newSession, type BrowserSession } from '../support/browser';

// What the e2e tests share: the demo users (design §5) and the sign-in a person would do.

export const DEMO_PASSWORD = 'demo';

/** The demo hub this file holds while it runs (tests/support/e2e-hub-lease.ts). */
export function e2eHubUrl(): string {
  const url = process.env.E2E_HUB_URL;
  if (!url) throw new Error('no e2e hub is held: tests/support/e2e-hub-lease.ts runs before each e2e file');
  return url;
}

/** The calendar day `n` days from now (a test's deadline, far enough from midnight's edge). */
export const inDays = (n: number): string => isoDay(new Date(Date.now() + n * 86_400_000));

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
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  // exact: a hub with single sign-on also shows 'Sign in with <provider>'
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Waits until the path (without query) is the given one. */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/**
 * After a sign-in of any kind: past the first-login stepper when it shows (the prefilled details
 * kept, a phone given when there is none), to the shell with the person's name.
 */
export async function reachShell(page: Page, name: string): Promise<void> {
  // in the page, not necessarily shown: a narrow window's header leaves the name out (reflow, WCAG 1.4.10)
  const shell = page.getByTestId('user-name');
  const inShell = async () => (await shell.count()) > 0;
  const confirm = page.getByRole('heading', { name: 'Confirm your information' });
  await expect.poll(async () => (await inShell()) || (await confirm.isVisible()), { timeout: 20_000 }).toBe(true);
  if (await confirm.isVisible()) {
    const phone = page.getByLabel(/^Phone/);
    if (!(await phone.inputValue())) await phone.fill('+40 700 000 001');
    await page.getByRole('button', { name: 'Continue' }).click();
    const mates = page.getByRole('heading', { name: 'See team mates' });
    await expect.poll(async () => (await inShell()) || (await mates.isVisible()), { timeout: 20_000 }).toBe(true);
    if (await mates.isVisible()) await page.getByRole('button', { name: 'Continue' }).click();
  }
  await shell.waitFor({ state: 'attached' });
  expect(await shell.textContent()).toBe(name);
}

/** Signs in through the login form as the demo user; tests may run in any order on the shared hub. */
export async function signIn(page: Page, username: DemoUser, options: { from?: string } = {}): Promise<void> {
  await page.goto(options.from ?? '/login');
  await fillLogin(page, username, DEMO_PASSWORD);
  await reachShell(page, DEMO_USERS[username].name);
}

/**
 * Signs in as the demo user the way a person who comes back finds the app: the session open and
 * the person kept in the browser's storage as the form leaves them (spec §4: a restart restores
 * the stored user, then confirms it with GET /auth/me), then the app opened where the form goes
 * (objectives, spec §4) or at `path`. The session comes from the form's own POST /auth/login,
 * sent with the page's cookie jar and browser name, so Settings → Sessions and the new-device
 * rule see this browser. For the files that sign in only to test something else; the form itself
 * is login.test.ts's and shell.test.ts's. Web build only: a desktop-mode page uses signIn.
 */
export async function openSignedIn(page: Page, username: DemoUser, path: string = PATHS.objectives): Promise<void> {
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const answer = await page.context().request.post('/api/auth/login', {
    data: loginBodySchema.parse({ username, password: DEMO_PASSWORD }),
    headers: { [CSRF_HEADER]: '1', 'user-agent': userAgent },
  });
  if (!answer.ok()) throw new Error(`POST /api/auth/login as ${username}: ${answer.status()} ${await answer.text()}`);
  // a desktop-mode page's origin serves the renderer alone, which answers every path with its page
  if (!answer.headers()['content-type']?.includes('json')) throw new Error(`openSignedIn needs a page of the web build on a hub; this origin answered ${answer.headers()['content-type']}`);
  const { user, firstLogin, passwordMustChange } = loginResponseSchema.parse(camelize(await answer.json())).data;
  // written as the app's page starts, before its scripts read it, for this one load only
  const stored = await page.addInitScript((entries) => { for (const [key, value] of entries) window.localStorage.setItem(key, value); }, [
    [storageKey('user'), JSON.stringify(user)],
    [storageKey('firstLogin'), JSON.stringify(firstLogin)],
    [storageKey('passwordMustChange'), JSON.stringify(passwordMustChange)],
  ]);
  try {
    await page.goto(path);
  } finally {
    await stored.dispose();
  }
  await reachShell(page, DEMO_USERS[username].name);
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

export interface SessionOptions {
  /** Another hub than the shared demo one (a file that runs its own). */
  url?: string;
  /** The window's size, when the screen under test needs more room than the default. */
  viewport?: { width: number; height: number };
  /** Page and console errors seen by the end of the test body fail it (the body may take out the ones it provoked). */
  noErrors?: boolean;
  /** A failing test leaves a screenshot at /tmp/<failureShot>-failure-<time>.png to look at. */
  failureShot?: string;
  /**
   * 'block' for a test that fakes the hub's answers with a route: Playwright's routes do not see
   * what the offline service worker fetches once it controls the page.
   */
  serviceWorkers?: 'allow' | 'block';
}

export interface E2eBrowser {
  /** A fresh context and page on the hub, for a test with several people at once; the caller closes it. */
  session(url?: string): Promise<BrowserSession>;
  /** Runs `test` in a fresh session, closed afterwards whatever happens. */
  withSession(test: (s: BrowserSession) => Promise<void>, options?: SessionOptions): Promise<void>;
  /** The same, signed in first as the demo user. */
  signedIn(user: DemoUser, test: (s: BrowserSession) => Promise<void>, options?: SessionOptions): Promise<void>;
  /** Runs `test` with `count` fresh sessions at once (several people), all closed afterwards. */
  withSessions(count: number, test: (sessions: BrowserSession[]) => Promise<void>, options?: SessionOptions): Promise<void>;
}

/**
 * One Debian Chromium for the test file, launched in beforeAll and closed in afterAll, and fresh
 * sessions on the shared demo hub; `defaults` apply to every withSession/signedIn of the file.
 * Call at the top level of a test file.
 */
export function useBrowser(defaults: SessionOptions = {}): E2eBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const session = (url?: string, viewport?: SessionOptions['viewport'], serviceWorkers?: SessionOptions['serviceWorkers']) => {
    if (!browser) throw new Error('useBrowser: the browser starts in beforeAll; open sessions inside tests');
    return newSession(browser, url ?? e2eHubUrl(), viewport, serviceWorkers);
  };

  async function run(count: number, test: (sessions: BrowserSession[]) => Promise<void>, options: SessionOptions, user?: DemoUser): Promise<void> {
    const { url, viewport, noErrors, failureShot, serviceWorkers } = { ...defaults, ...options };
    const sessions: BrowserSession[] = [];
    try {
      for (let i = 0; i < count; i += 1) sessions.push(await session(url, viewport, serviceWorkers));
      if (user) await openSignedIn(sessions[0].page, user);
      await test(sessions);
      if (noErrors) expect(sessions.flatMap((s) => s.errors)).toEqual([]);
    } catch (error) {
      if (failureShot) {
        await Promise.all(sessions.map((s, i) => s.page.screenshot({ path: `/tmp/${failureShot}-failure-${Date.now()}-${i}.png` }).catch(() => undefined)));
      }
      throw error;
    } finally {
      await Promise.all(sessions.map((s) => s.close()));
    }
  }

  return {
    session: (url) => session(url, defaults.viewport),
    withSession: (test, options = {}) => run(1, ([s]) => test(s), options),
    signedIn: (user, test, options = {}) => run(1, ([s]) => test(s), options, user),
    withSessions: (count, test, options = {}) => run(count, test, options),
  };
}

