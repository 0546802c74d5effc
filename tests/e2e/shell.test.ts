import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, type DemoUser, expectTitle, ownStorageKeys, openSignedIn, signIn, tabTo, useBrowser, waitForPath, e2eHubUrl } from './helpers';

const baseUrl = e2eHubUrl();
const { signedIn, withSession } = useBrowser();

describe('the shell each role sees', () => {
  it.each(Object.keys(DEMO_USERS) as DemoUser[])('%s signs in and sees the shell their role allows', (username) =>
    withSession(async ({ page, errors }) => {
      // through the login form, as each role does it
      await signIn(page, username);
      const expected = DEMO_USERS[username];
      await expect.poll(() => page.getByTestId('user-name').textContent()).toBe(expected.name);
      expect(await page.getByRole('button', { name: 'My team' }).count()).toBe(expected.myTeam ? 1 : 0);

      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.waitFor();
      for (const entry of ['Dashboard', 'Super-Awesome Team', 'Time Tracking', 'Holidays', 'Settings', 'Objective Tracking']) {
        expect(await nav.getByRole('link', { name: entry }).count(), entry).toBe(1);
      }
      expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(expected.admin ? 1 : 0);
      // the objective area's own screens are in its navigation (tests/e2e/objective-area-nav.test.ts)
      expect(await nav.getByRole('link', { name: 'Alignment' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await nav.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Account' }).click();
      const drawer = page.getByRole('dialog', { name: 'Account' });
      expect(await drawer.getByTestId('account-name').textContent()).toBe(expected.name);
      expect(await drawer.getByTestId('account-email').textContent()).toContain('@');
      await drawer.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      expect(await ownStorageKeys(page)).toEqual([]);
      expect(errors).toEqual([]);
    }));
});

describe('shell behaviour', () => {
  it('the menu navigates, highlights the current entry and closes on an outside click', () =>
    signedIn('admin', async ({ page, errors }) => {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Holidays' }).click();
      await waitForPath(page, '/holidays');
      await expectTitle(page, 'Holidays');

      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Holidays' }).getAttribute('aria-current')).toBe('page');
      expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
      // spec §2: on the web, a link out to the objective-tracking area in a new tab
      const external = nav.getByRole('link', { name: 'Objective Tracking opens in a new tab' });
      expect(await external.getAttribute('target')).toBe('_blank');
      expect(new URL((await external.getAttribute('href')) ?? '', baseUrl).toString()).toBe(`${baseUrl}/objective-tracking/objectives`);

      await page.mouse.click(1200, 600); // outside the menu
      await nav.waitFor({ state: 'hidden' });

      await page.getByRole('link', { name: /go to the dashboard/ }).click();
      await waitForPath(page, '/dashboard');
      await expectTitle(page, 'Dashboard');
      expect(errors).toEqual([]);
    }));

  it('works from the keyboard: Tab reaches the header, Enter opens, Escape closes', () =>
    signedIn('lead', async ({ page }) => {
      await page.goto('/super-awesome-team');
      await expectTitle(page, 'Super-Awesome Team');
      await page.locator('body').focus();
      await tabTo(page, page.getByRole('button', { name: 'Menu', exact: true }));
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
      // focus is back on the Account button; My team sits just before it in the header
      const accountButton = page.getByRole('button', { name: 'Account' });
      await expect.poll(() => accountButton.evaluate((el) => el === document.activeElement)).toBe(true);
      const myTeam = page.getByRole('button', { name: 'My team' });
      for (let i = 0; i < 5 && !(await myTeam.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'My team' }).waitFor();
    }));

  it('the global search text stays while moving between screens', () =>
    signedIn('member', async ({ page }) => {
      await page.getByRole('searchbox', { name: 'Search' }).fill('elena');
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Super-Awesome Team' }).click();
      await waitForPath(page, '/super-awesome-team');
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('elena');
    }));

  it('the team drawer lists the teams of a lead', () =>
    signedIn('lead', async ({ page, errors }) => {
      await page.getByRole('button', { name: 'My team' }).click();
      const drawer = page.getByRole('dialog', { name: 'My team' });
      await drawer.getByRole('heading', { name: 'Phoenix' }).waitFor();
      expect(await drawer.getByRole('link').count()).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    }));

  it('View profile opens the signed-in user\'s profile', () =>
    signedIn('owner', async ({ page }) => {
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'View profile' }).click();
      await page.waitForURL((url) => /^\/profile\/\d+$/.test(url.pathname));
      await expectTitle(page, 'Profile');
    }));

  it('Settings is a screen of the shell: reached from the account picture and the side menu, left through the side menu', () =>
    signedIn('member', async ({ page, errors }) => {
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Settings' }).click();
      await waitForPath(page, '/settings');
      await expectTitle(page, 'Settings');
      // the header and the side menu are there, as on every screen
      expect(await page.getByTestId('user-name').textContent()).toBe(DEMO_USERS.member.name);
      expect(await page.getByRole('main').count()).toBe(1);
      await page.getByRole('heading', { level: 2, name: 'Theme' }).waitFor();
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      // the web has Settings in the side menu too, marked here
      expect(await nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
      await nav.getByRole('link', { name: 'Holidays' }).click();
      await waitForPath(page, '/holidays');
      await expectTitle(page, 'Holidays');
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await nav.getByRole('link', { name: 'Settings' }).click();
      await waitForPath(page, '/settings');
      await expectTitle(page, 'Settings');
      expect(errors).toEqual([]);
    }));

  it('the footer shows the year, the OKR explanation and three credits', () =>
    signedIn('member', async ({ page }) => {
      expect(await page.locator('footer').textContent()).toContain(`© ${new Date().getFullYear()}`);
      await page.getByRole('button', { name: 'What are OKRs?' }).click();
      const okr = page.getByRole('dialog', { name: 'What are OKRs?' });
      expect(await okr.textContent()).toContain('Objectives and Key Results');
      await page.keyboard.press('Escape');
      await okr.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Credits' }).click();
      expect(await page.getByRole('dialog', { name: 'Credits' }).getByRole('listitem').count()).toBe(3);
    }));

  it('keeps the session across a reload, also on a deep link', () =>
    signedIn('manager', async ({ page, errors }) => {
      for (const path of ['/super-awesome-team', '/objective-tracking/statistics', '/profile/1']) {
        await page.goto(path);
        await page.reload();
        await page.getByTestId('user-name').waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }
      expect(await ownStorageKeys(page)).toEqual(expect.arrayContaining(['beot.user', 'beot.firstLogin']));
      expect(errors).toEqual([]);
    }));

  it('shows Page not found for unknown paths, signed in or not', () =>
    withSession(async ({ page }) => {
      await page.goto('/no/such/screen');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await openSignedIn(page, 'guest');
      await page.goto('/nowhere');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByTestId('user-name').isVisible()).toBe(true);
    }));
});

describe('guards', () => {
  it('sends the Guest role from admin, statistics and approvals to the team page', () =>
    signedIn('guest', async ({ page }) => {
      for (const path of ['/admin', '/objective-tracking/statistics', '/objective-tracking/approvals']) {
        await page.goto(path);
        await waitForPath(page, '/super-awesome-team');
        await expectTitle(page, 'Super-Awesome Team');
      }
    }));

  it('lets others into statistics and approvals, and only admins into admin', async () => {
    await signedIn('member', async ({ page }) => {
      await page.goto('/objective-tracking/approvals');
      await expectTitle(page, 'Approvals');
      await page.goto('/admin');
      await waitForPath(page, '/super-awesome-team');
    });
    await signedIn('admin', async ({ page }) => {
      await page.goto('/admin');
      await expectTitle(page, 'Admin');
    });
  });

  it('a 401 ends the session everywhere and goes to login without ret', () =>
    signedIn('admin', async ({ page, context }) => {
      // Settled first: a page call still in flight would meet the 401 itself and end the session
      // just before the reload, which then reloads /holidays signed out (with a ret, rightly).
      const calls = new Set<Request>();
      page.on('request', (r) => {
        if (r.url().includes('/api/') && !r.url().endsWith('/stream')) calls.add(r);
      });
      page.on('requestfinished', (r) => calls.delete(r));
      page.on('requestfailed', (r) => calls.delete(r));
      await page.goto('/holidays');
      await expectTitle(page, 'Holidays');
      await expect.poll(() => calls.size).toBe(0);
      await context.clearCookies(); // the hub no longer knows us: the next call answers 401
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      expect(await ownStorageKeys(page)).toEqual([]);
    }));
});
