import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isoDay } from '../../shared/rules/dates';
import { CONFIRM_TEXT } from '../../shared/rules/objective-status';
import { launchBrowser, newSession } from '../support/browser';
import { DEMO_USERS, signIn } from './helpers';

// issue 11 part 3 end to end: a member asks to complete an objective; their team lead, already
// on a page, sees the bell's count go up without reloading (server-sent events), opens the list
// and lands on the approvals page from the notification. Settings switch a kind off.
const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/h6';
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const title = `Automate the release notes ${Date.now()}`;

/** The member's own objective, made through the hub with the page's session. */
async function createObjective(page: Page): Promise<number> {
  return page.evaluate(async ({ title, deadline }) => {
    const headers = { 'content-type': 'application/json', 'x-hub-request': '1' };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()).data;
    };
    const me = (await call('GET', '/auth/me')).user;
    const choices = await call('GET', '/objective/choices');
    const objective = await call('POST', '/objective', {
      title, description: 'Generated from the merged pull requests.', team_id: choices.teams[0].id, owner_id: me.id,
      category: 'Technology', subcategory: 'DevOps', priority: 'medium', deadline,
    });
    return objective.id as number;
  }, { title, deadline: isoDay(new Date(Date.now() + 30 * 86_400_000)) });
}

const bell = (page: Page) => page.getByTestId('notification-bell');
async function unreadCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-count');
  if (!(await badge.isVisible())) return 0;
  return Number((await badge.textContent())?.replace(/\D/g, '') ?? 0);
}

describe('notifications', () => {
  it("the member's Complete reaches the lead's bell live; clicking the notification opens the approvals page", async () => {
    const lead = await newSession(browser, baseUrl);
    const member = await newSession(browser, baseUrl);
    try {
      await signIn(lead.page, 'lead');
      await lead.page.goto('/objective-tracking/objectives');
      await bell(lead.page).waitFor();
      // the demo seed leaves the lead a few unread ones
      await expect.poll(() => unreadCount(lead.page), { timeout: 15_000 }).toBeGreaterThan(0);
      const before = await unreadCount(lead.page);

      await signIn(member.page, 'member');
      const id = await createObjective(member.page);
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
      expect(lead.errors).toEqual([]);
      expect(member.errors).toEqual([]);
    } finally {
      await lead.close();
      await member.close();
    }
  }, 150_000); // two people sign in and act on a loaded machine

  it('someone with none sees the empty state', async () => {
    const s = await newSession(browser, baseUrl);
    try {
      await signIn(s.page, 'guest');
      await bell(s.page).click();
      await s.page.getByRole('dialog', { name: 'Notifications' }).getByText('You have no notifications.').waitFor();
      expect(await s.page.getByTestId('notification-count').count()).toBe(0);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('settings: a switch per kind, kept by the hub', async () => {
    const s = await newSession(browser, baseUrl);
    try {
      await signIn(s.page, 'owner');
      await bell(s.page).click();
      await s.page.getByRole('link', { name: 'Notification settings' }).click();
      await s.page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      const weekly = s.page.getByRole('switch', { name: 'Weekly check-in reminder' });
      await weekly.waitFor();
      expect(await s.page.getByRole('switch').count()).toBe(7);
      expect(await weekly.isChecked()).toBe(true);
      await weekly.click();
      await s.page.getByText('Successful').first().waitFor();
      await s.page.screenshot({ path: `${SHOTS}/notifications-settings.png` });
      await s.page.reload();
      await s.page.getByRole('switch', { name: 'Weekly check-in reminder' }).waitFor();
      expect(await s.page.getByRole('switch', { name: 'Weekly check-in reminder' }).isChecked()).toBe(false);
      await s.page.getByRole('switch', { name: 'Weekly check-in reminder' }).click();
      await s.page.getByText('Successful').first().waitFor();
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
