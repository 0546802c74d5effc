import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newSession, type BrowserSession } from '../support/browser';
import { DEMO_USERS, expectTitle, ownStorageKeys, signIn, tabTo, waitForPath, type DemoUser } from './helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function session(): Promise<BrowserSession> {
  return newSession(browser, baseUrl);
}

describe('the shell each role sees', () => {
  it.each(Object.keys(DEMO_USERS) as DemoUser[])('%s signs in and sees the shell their role allows', async (username) => {
    const s = await session();
    try {
      const { page } = s;
      const expected = DEMO_USERS[username];
      await signIn(page, username);
      await expect.poll(() => page.getByTestId('user-name').textContent()).toBe(expected.name);
      expect(await page.getByRole('button', { name: 'My team' }).count()).toBe(expected.myTeam ? 1 : 0);

      await page.getByRole('button', { name: 'Menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.waitFor();
      for (const entry of ['Dashboard', 'Super-Awesome Team', 'Time Tracking', 'Holidays', 'Objective Tracking']) {
        expect(await nav.getByRole('link', { name: entry }).count(), entry).toBe(1);
      }
      expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(expected.admin ? 1 : 0);
      expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0); // desktop only
      await page.keyboard.press('Escape');
      await nav.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Account' }).click();
      const drawer = page.getByRole('dialog', { name: 'Account' });
      expect(await drawer.getByTestId('account-name').textContent()).toBe(expected.name);
      expect(await drawer.getByTestId('account-email').textContent()).toContain('@');
      await drawer.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      expect(await ownStorageKeys(page)).toEqual([]);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('shell behaviour', () => {
  it('the menu navigates, highlights the current entry and closes on an outside click', async () => {
    const s = await session();
    try {
      const { page } = s;
      await signIn(page, 'admin');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Holidays' }).click();
      await waitForPath(page, '/holidays');
      await expectTitle(page, 'Holidays');

      await page.getByRole('button', { name: 'Menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Holidays' }).getAttribute('aria-current')).toBe('page');
      expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
      const external = nav.getByRole('link', { name: /Objective Tracking/ });
      expect(await external.getAttribute('target')).toBe('_blank');
      expect(await external.getAttribute('href')).toBe(`${baseUrl}/objective-tracking/objectives`);

      await page.mouse.click(1200, 600); // outside the menu
      await nav.waitFor({ state: 'hidden' });

      await page.getByRole('link', { name: /go to the dashboard/ }).click();
      await waitForPath(page, '/dashboard');
      await expectTitle(page, 'Dashboard');
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('works from the keyboard: Tab reaches the header, Enter opens, Escape closes', async () => {
    const s = await session();
    try {
      const { page } = s;
      await signIn(page, 'lead');
      await page.goto('/super-awesome-team');
      await expectTitle(page, 'Super-Awesome Team');
      await page.locator('body').focus();
      await tabTo(page, page.getByRole('button', { name: 'Menu' }));
      await page.keyboard.press('Enter');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.waitFor();
      await tabTo(page, nav.getByRole('link', { name: 'Holidays' }));
      await page.keyboard.press('Enter');
      await waitForPath(page, '/holidays');
      await nav.waitFor({ state: 'hidden' });

      await tabTo(page, page.getByRole('button', { name: 'Account' }));
      await page.keyboard.press('Enter');
      const account = page.getByRole('dialog', { name: 'Account' });
      await account.waitFor();
      await page.keyboard.press('Escape');
      await account.waitFor({ state: 'hidden' });
      await tabTo(page, page.getByRole('button', { name: 'My team' }));
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'My team' }).waitFor();
    } finally {
      await s.close();
    }
  });

  it('the global search text stays while moving between screens', async () => {
    const s = await session();
    try {
      const { page } = s;
      await signIn(page, 'member');
      await page.getByRole('searchbox', { name: 'Search' }).fill('elena');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Super-Awesome Team' }).click();
      await waitForPath(page, '/super-awesome-team');
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('elena');
    } finally {
      await s.close();
    }
  });

  it('the team drawer lists the teams of a lead', async () => {
    const s = await session();
    try {
      const { page } = s;
      await signIn(page, 'lead');
      await page.getByRole('button', { name: 'My team' }).click();
      const drawer = page.getByRole('dialog', { name: 'My team' });
      await drawer.getByRole('heading', { name: 'Phoenix' }).waitFor();
      expect(await drawer.getByRole('link').count()).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('View profile opens the signed-in user\'s profile', async () => {
    const s = await session();
    try {
      const { page } = s;
      await signIn(page, 'owner');
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'View profile' }).click();
      await page.waitForURL((url) => /^\/profile\/\d+$/.test(url.pathname));
      await expectTitle(page, 'Profile');
    } finally {
      await s.close();
    }
  });

  it('the footer shows the year, the OKR explanation and three credits', async () => {
    const s = await session();
    try {
      const { page } = s;
      await signIn(page, 'member');
      expect(await page.locator('footer').textContent()).toContain(`© ${new Date().getFullYear()}`);
      await page.getByRole('button', { name: 'What are OKRs?' }).click();
      const okr = page.getByRole('dialog', { name: 'What are OKRs?' });
      expect(await okr.textContent()).toContain('Objectives and Key Results');
      await page.keyboard.press('Escape');
      await okr.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Credits' }).click();
      expect(await page.getByRole('dialog', { name: 'Credits' }).getByRole('listitem').count()).toBe(3);
    } finally {
      await s.close();
    }
  });

  it('keeps the session across a reload, also on a deep link', async () => {
    const s = await session();
    try {
      const { page } = s;
      await signIn(page, 'manager');
      for (const path of ['/super-awesome-team', '/objective-tracking/statistics', '/profile/1']) {
        await page.goto(path);
        await page.reload();
        await page.getByTestId('user-name').waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }
      expect(await ownStorageKeys(page)).toEqual(expect.arrayContaining(['beot.user', 'beot.firstLogin']));
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('shows Page not found for unknown paths, signed in or not', async () => {
    const s = await session();
    try {
      const { page } = s;
      await page.goto('/no/such/screen');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await signIn(page, 'guest');
      await page.goto('/nowhere');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByTestId('user-name').isVisible()).toBe(true);
    } finally {
      await s.close();
    }
  });
});

describe('guards', () => {
  it('sends the Guest role from admin, statistics and approvals to the team page', async () => {
    const s = await session();
    try {
      const { page } = s;
      await signIn(page, 'guest');
      for (const path of ['/admin', '/objective-tracking/statistics', '/objective-tracking/approvals']) {
        await page.goto(path);
        await waitForPath(page, '/super-awesome-team');
        await expectTitle(page, 'Super-Awesome Team');
      }
    } finally {
      await s.close();
    }
  });

  it('lets others into statistics and approvals, and only admins into admin', async () => {
    const s = await session();
    try {
      const { page } = s;
      await signIn(page, 'member');
      await page.goto('/objective-tracking/approvals');
      await expectTitle(page, 'Approvals');
      await page.goto('/admin');
      await waitForPath(page, '/super-awesome-team');
    } finally {
      await s.close();
    }
    const a = await session();
    try {
      await signIn(a.page, 'admin');
      await a.page.goto('/admin');
      await expectTitle(a.page, 'Admin');
    } finally {
      await a.close();
    }
  });

  it('a 401 ends the session everywhere and goes to login without ret', async () => {
    const s = await session();
    try {
      const { page, context } = s;
      await signIn(page, 'admin');
      await page.goto('/holidays');
      await context.clearCookies(); // the hub no longer knows us: the next call answers 401
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      expect(await ownStorageKeys(page)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
