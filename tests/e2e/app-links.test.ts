import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COPY_LINK_TEXT } from '../../shared/rules/app-links';
import { NOT_FOUND_TEXT } from '../../shared/rules/messages';
import { expectTitle, fillLogin, DEMO_PASSWORD, DEMO_USERS, reachShell, openSignedIn, useBrowser } from './helpers';
import { createOwnObjective, pageApi } from './hub-api';

// App links on the web: a link's short path (/objective/123, /profile/45, /approvals) is an
// ordinary address on the hub and opens its screen, through sign-in when the visitor is signed
// out; 'Copy link' copies that address.

const browser = useBrowser({ noErrors: true, failureShot: 'app-links' });

async function grantClipboard(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

const myId = async (page: Page) => (await pageApi(page).me()).id;

describe('links into the app, on the web', () => {
  it('a signed-out visit to /objective/<id> goes through sign-in and lands on that objective', async () => {
    const title = `Linked objective ${Date.now()}`;
    let id = 0;
    await browser.signedIn('member', async ({ page }) => {
      id = await createOwnObjective(page, { title, description: 'Reached through a link', priority: 'medium' });
    });
    await browser.withSession(async ({ page }) => {
      await page.goto(`/objective/${id}`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('ret')).toBe(`/objective-tracking/objective-details?id=${id}`);
      await fillLogin(page, 'member', DEMO_PASSWORD);
      await reachShell(page, DEMO_USERS.member.name);
      await page.waitForURL((url) => url.pathname === '/objective-tracking/objective-details' && url.searchParams.get('id') === String(id));
      await expectTitle(page, title);
    });
  });

  it("'Copy link' on an objective copies the hub's address of /objective/<id>, which opens it and offers the desktop app", async () => {
    await browser.signedIn('member', async ({ page }) => {
      const title = `Copied objective ${Date.now()}`;
      const id = await createOwnObjective(page, { title, description: 'Its link is copied', priority: 'low' });
      await page.goto(`/objective-tracking/objective-details?id=${id}`);
      await expectTitle(page, title);
      // reached another way than a shared link: no offer of the desktop app
      expect(await page.getByRole('link', { name: COPY_LINK_TEXT.openInApp }).count()).toBe(0);
      await grantClipboard(page);
      await page.getByRole('button', { name: COPY_LINK_TEXT.action }).click();
      await toast(page, COPY_LINK_TEXT.copied);
      const link = await readClipboard(page);
      expect(link).toBe(`${new URL(page.url()).origin}/objective/${id}`);

      await page.goto('/dashboard');
      await page.goto(link);
      await page.waitForURL((url) => url.pathname === '/objective-tracking/objective-details' && url.searchParams.get('id') === String(id));
      await expectTitle(page, title);
      // reached through the shared link: the same screen in the desktop app is offered
      expect(await page.getByRole('link', { name: COPY_LINK_TEXT.openInApp }).getAttribute('href')).toBe(`bitstone-hub://objective/${id}`);
    });
  });

  it("'Copy link' on a profile copies /profile/<id>", async () => {
    await browser.signedIn('lead', async ({ page }) => {
      const id = await myId(page);
      await page.goto(`/profile/${id}`);
      await expectTitle(page, 'Profile');
      await grantClipboard(page);
      await page.getByRole('button', { name: COPY_LINK_TEXT.action }).click();
      await toast(page, COPY_LINK_TEXT.copied);
      expect(await readClipboard(page)).toBe(`${new URL(page.url()).origin}/profile/${id}`);
    });
  });

  it('/approvals opens the approvals screen; a malformed link is not found', async () => {
    await browser.signedIn('manager', async ({ page }) => {
      await page.goto('/approvals');
      await page.waitForURL((url) => url.pathname === '/objective-tracking/approvals');
      for (const bad of ['/objective/0', '/objective/1e3', '/objective/99999999999', '/objective/1/edit']) {
        await page.goto(bad);
        await page.getByText(NOT_FOUND_TEXT).waitFor();
        expect(new URL(page.url()).pathname).toBe(bad);
      }
    });
  });

  it('a signed-in visit to /profile/<id> and /team opens them at once', async () => {
    await browser.withSession(async ({ page }) => {
      await openSignedIn(page, 'member');
      const id = await myId(page);
      await page.goto('/team');
      await page.waitForURL((url) => url.pathname === '/super-awesome-team');
      await page.goto(`/profile/${id}`);
      await expectTitle(page, 'Profile');
    });
  });
});
