import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { isoDay } from '../../shared/rules/dates';
import { WHOS_OUT_TEXT } from '../../shared/rules/whos-out';
import { DEMO_USERS, useBrowser } from './helpers';

// Who's out on the demo company, whose seed has a Phoenix colleague out from the last
// working day, another out soon and someone of another team out today (server/db/seed/holidays.ts).
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'whos-out' });

const cards = (page: Page) => page.getByTestId('member-card');
const outCards = (page: Page) => page.locator('[data-testid="member-card"][data-out]');
/** 'Out today' or 'Out until Fri 27 Nov', without a kind in brackets */
const OUT_TODAY = /^Out (today|until \w{3} \d{1,2} \w{3})$/;

async function openDirectory(page: Page) {
  await page.goto('/super-awesome-team');
  await page.getByRole('heading', { name: 'Super-Awesome Team' }).waitFor();
  await cards(page).first().waitFor();
}

async function pickToday(page: Page, option: string) {
  await page.getByRole('combobox', { name: WHOS_OUT_TEXT.filterLabel, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe("who's out", () => {
  it('a member sees who is out on the directory cards and the profile, without the kind of leave, and filters on it', () =>
    signedIn('member', async ({ page }) => {
      await openDirectory(page);
      await expect.poll(() => outCards(page).count()).toBeGreaterThanOrEqual(2);
      const others = outCards(page).filter({ hasNotText: DEMO_USERS.member.name });
      const texts = await others.getByTestId('presence').allTextContents();
      expect(texts.length).toBeGreaterThanOrEqual(2);
      // spec §6: a plain colleague learns that someone is out, not why
      for (const text of texts) expect(text).toMatch(OUT_TODAY);
      // someone soon out is marked too, in words
      expect((await cards(page).getByTestId('presence').allTextContents()).some((t) => t.startsWith('Out from '))).toBe(true);
      await page.screenshot({ path: '/tmp/whos-out-directory-light.png' });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: '/tmp/whos-out-directory-dark.png' });
      await page.emulateMedia({ colorScheme: 'light' });

      // the directory pages its cards, and earlier files may have added people to the team, so
      // the filter may bring out-today people the first page did not show: every card it shows
      // is out, and none is left out that the unfiltered page marked
      const shownOut = await outCards(page).count();
      await pickToday(page, WHOS_OUT_TEXT.filterOut);
      await expect.poll(async () => {
        const all = await cards(page).count();
        return all >= shownOut && (await outCards(page).count()) === all;
      }, { timeout: 10_000 }).toBe(true);
      const total = await cards(page).count();
      await pickToday(page, WHOS_OUT_TEXT.filterIn);
      await expect.poll(() => outCards(page).count(), { timeout: 10_000 }).toBe(0);
      expect(await cards(page).count()).toBeGreaterThan(20);
      await pickToday(page, WHOS_OUT_TEXT.filterOut);
      await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(total);

      const first = others.first();
      const said = await first.getByTestId('presence').textContent();
      const name = await first.getByTestId('member-name').textContent();
      await first.click();
      await page.waitForURL(/\/profile\/\d+$/);
      await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe(name);
      expect(await page.getByTestId('presence').textContent()).toBe(said);
    }));

  it("a team lead sees the kind of their team's leave", () =>
    signedIn('lead', async ({ page }) => {
      await openDirectory(page);
      await expect.poll(() => outCards(page).count()).toBeGreaterThanOrEqual(2);
      const texts = await outCards(page).getByTestId('presence').allTextContents();
      expect(texts.some((t) => /^Out (today|until .+) \(Vacation Day\)$/.test(t))).toBe(true);
    }));

  it("the dashboard card lists the member's team mates out today and on the next working days", () =>
    signedIn('member', async ({ page }) => {
      await page.goto('/dashboard');
      const card = page.getByTestId('whos-out');
      await card.getByRole('heading', { name: WHOS_OUT_TEXT.cardHeading }).waitFor();
      const days = card.getByTestId('whos-out-day');
      await days.first().waitFor();
      // today, then five working days and the weekday public holidays between
      expect(await days.count()).toBeGreaterThanOrEqual(6);
      expect(await days.first().textContent()).toContain(WHOS_OUT_TEXT.today);
      expect(await card.getByTestId('whos-out-person').count()).toBeGreaterThanOrEqual(2);
      // the member is not a lead: names, not kinds
      expect(await card.getByTestId('whos-out-person').allTextContents()).not.toContainEqual(expect.stringContaining('('));
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: '/tmp/whos-out-card-light.png' });
      await page.emulateMedia({ colorScheme: 'dark' });
      await card.screenshot({ path: '/tmp/whos-out-card-dark.png' });
    }));

  it('the objective dialog warns, without blocking, when the deadline falls on a day the assignee is out', () =>
    signedIn('lead', async ({ page }) => {
      // who is out today in the lead's team, from the dashboard card
      await page.goto('/dashboard');
      const today = page.getByTestId('whos-out').getByTestId('whos-out-day').first();
      await today.getByTestId('whos-out-person').first().waitFor();
      const away = (await today.getByRole('link').first().textContent()) ?? '';
      expect(away).not.toBe('');

      await page.goto('/objective-tracking/objectives');
      await page.getByRole('button', { name: 'New Objective' }).click();
      const dialog = page.getByRole('dialog', { name: 'New objective' });
      await dialog.getByRole('combobox', { name: 'Assignee', exact: true }).click();
      await page.getByRole('option', { name: away, exact: true }).click();
      await dialog.getByLabel('Deadline').fill(isoDay());
      // a warning (Fluent gives it role="alert", tied to the field), not an error
      const warning = dialog.getByRole('alert').filter({ hasText: `${away} is out on` });
      await warning.waitFor();
      expect(await dialog.getByLabel('Deadline').getAttribute('aria-invalid')).not.toBe('true');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }));
});
