import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONFIRM_TEXT } from '../../shared/rules/objective-status';
import { DEMO_USERS, openSignedIn, useBrowser } from './helpers';
import { createOwnObjective } from './hub-api';

// Notifications end to end: a member asks to complete an objective; their team lead, already
// on a page, sees the bell's count go up without reloading (server-sent events), opens the list
// and lands on the approvals page from the notification. Settings switch a kind off.
const SHOTS = '/tmp/h6';
const { signedIn, withSessions } = useBrowser({ noErrors: true, failureShot: 'notifications' });
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const title = `Automate the release notes ${Date.now()}`;

const bell = (page: Page) => page.getByTestId('notification-bell');
/**
 * The badge's number, 0 without a badge. One read of what is there now: asking whether the badge is
 * visible and then for its text would wait 15 s for a badge that Mark all as read removed in between.
 */
async function unreadCount(page: Page): Promise<number> {
  const [text] = await page.getByTestId('notification-count').allTextContents();
  return text === undefined ? 0 : Number(text.replace(/\D/g, ''));
}

describe('notifications', () => {
  it("the member's Complete reaches the lead's bell live; clicking the notification opens the approvals page", () =>
    withSessions(2, async ([lead, member]) => {
      await openSignedIn(lead.page, 'lead');
      await lead.page.goto('/objective-tracking/objectives');
      await bell(lead.page).waitFor();
      // the demo seed leaves the lead a few unread ones
      await expect.poll(() => unreadCount(lead.page), { timeout: 15_000 }).toBeGreaterThan(0);
      const before = await unreadCount(lead.page);

      await openSignedIn(member.page, 'member');
      const id = await createOwnObjective(member.page, { title, description: 'Generated from the merged pull requests.', priority: 'medium' });
      await member.page.goto(`/objective-tracking/objective-details?id=${id}`);
      await member.page.getByRole('heading', { name: title }).waitFor();
      await member.page.getByRole('button', { name: 'Status actions' }).click();
      await member.page.getByRole('menuitem', { name: 'Complete' }).click();
      await member.page.getByText(CONFIRM_TEXT.action('complete', 'objective')).waitFor();
      await member.page.getByRole('button', { name: 'Yes' }).click();
      await member.page.getByText('waiting for approval (complete)').waitFor();

      // pushed over the open stream: well before the 60 s fallback refetch
      await expect.poll(() => unreadCount(lead.page), { timeout: 15_000 }).toBe(before + 1);
      expect(await bell(lead.page).getAttribute('aria-label')).toBe(`Notifications, ${before + 1} unread`);

      await bell(lead.page).click();
      const popover = lead.page.getByRole('dialog', { name: 'Notifications' });
      const item = popover.getByRole('button', { name: `Unread: Objective waiting for your approval. ${DEMO_USERS.member.name} asks to complete "${title}".` });
      await item.waitFor();
      await item.getByText('just now').waitFor();
      await lead.page.screenshot({ path: `${SHOTS}/notifications-bell.png` });

      await item.click();
      await lead.page.waitForURL((url) => url.pathname === '/objective-tracking/approvals');
      await lead.page.getByRole('row', { name: title }).waitFor();
      await expect.poll(() => unreadCount(lead.page), { timeout: 15_000 }).toBe(before);

      // read ones stay in the list without the unread style; Mark all as read clears the badge
      await bell(lead.page).click();
      await popover.getByRole('button', { name: `Objective waiting for your approval. ${DEMO_USERS.member.name} asks to complete "${title}".` }).waitFor();
      await popover.getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => unreadCount(lead.page), { timeout: 15_000 }).toBe(0);
      expect(await popover.locator('[data-unread="true"]').count()).toBe(0);
      expect(await popover.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
    }), 150_000); // two people sign in and act on a loaded machine

  it('someone with none sees the empty state', () =>
    signedIn('guest', async ({ page }) => {
      await bell(page).click();
      await page.getByRole('dialog', { name: 'Notifications' }).getByText('You have no notifications.').waitFor();
      expect(await page.getByTestId('notification-count').count()).toBe(0);
    }));

  it('settings: a switch per kind, kept by the hub', () =>
    signedIn('owner', async ({ page }) => {
      await bell(page).click();
      await page.getByRole('link', { name: 'Notification settings' }).click();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      const inApp = (p: Page) => p.getByRole('group', { name: 'In the app' });
      const weekly = inApp(page).getByRole('switch', { name: 'Weekly check-in reminder', exact: true });
      await weekly.waitFor();
      // the Notifications card's own switches (Settings has other cards with switches: calendar feeds)
      expect(await page.getByRole('group', { name: 'In the app' }).getByRole('switch').count()).toBe(8);
      // this hub has no relay, so it offers no e-mail switches (tests/e2e/email.test.ts has a hub with one)
      expect(await page.getByRole('group', { name: 'By e-mail' }).count()).toBe(0);
      expect(await weekly.isChecked()).toBe(true);
      await weekly.click();
      await page.getByText('Successful').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/notifications-settings.png` });
      await page.reload();
      await weekly.waitFor();
      expect(await weekly.isChecked()).toBe(false);
      await weekly.click();
      await page.getByText('Successful').first().waitFor();
    }));
});
