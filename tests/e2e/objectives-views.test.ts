import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONFIRM_TEXT } from '../../shared/rules/objective-status';
import { DEMO_USERS, useBrowser } from './helpers';

// Objectives: read-only cards, archive/restore, remembered filters and pagination (offline viewing:
// tests/e2e/offline.test.ts, with its own hub process stopped and restarted).
const { signedIn } = useBrowser();

const LIST = '/objective-tracking/objectives';
const cards = (page: Page) => page.getByTestId('objective-card');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function act(page: Page, title: string, action: 'Archive' | 'Restore') {
  await page.getByRole('button', { name: `Status actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  await page.getByText(CONFIRM_TEXT.action(action.toLowerCase(), 'objective')).waitFor();
  await page.getByRole('button', { name: 'Yes' }).click();
}

describe('objective views', () => {
  it("a member sees other people's public objectives read-only and pages through their own", () =>
    signedIn('member', async ({ page }) => {
      await page.goto(LIST);
      await cards(page).first().waitFor();
      await expect.poll(() => cards(page).count()).toBe(9);
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.locator('[aria-current="page"]', { hasText: '2' }).waitFor();
      await cards(page).first().waitFor();
      await page.getByRole('button', { name: 'Show public' }).click();
      await page.getByRole('button', { name: 'Show mine' }).waitFor();
      const other = cards(page).filter({ hasNotText: DEMO_USERS.member.name }).first();
      await other.waitFor();
      // spec §6: read-only hides the status menu, Add KeyResult and Edit
      expect(await other.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      expect(await other.getByRole('button', { name: 'Add KeyResult' }).count()).toBe(0);
      expect(await other.getByRole('button', { name: /^Status actions/ }).count()).toBe(0);
      expect(await other.getByRole('button', { name: 'Details' }).count()).toBe(1);
    }));

  it('the pager: page buttons of one size, the current page marked, Previous and Next named in words', () =>
    signedIn('member', async ({ page }) => {
      await page.goto(LIST);
      await cards(page).first().waitFor();
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      const [one, two] = [pager.getByRole('button', { name: 'Page 1' }), pager.getByRole('button', { name: 'Page 2' })];
      expect(await one.getAttribute('aria-current')).toBe('page');
      expect(await two.getAttribute('aria-current')).toBeNull();
      // the current page is told apart by its look, not by a larger button
      const [a, b] = await Promise.all([one.boundingBox(), two.boundingBox()]);
      expect(a && b && { width: a.width, height: a.height }).toEqual(b && { width: b.width, height: b.height });
      const previous = pager.getByRole('button', { name: 'Previous page' });
      expect(await previous.textContent()).toBe('Previous');
      expect(await previous.isDisabled()).toBe(true);
      await pager.getByRole('button', { name: 'Next page' }).click();
      await pager.locator('[aria-current="page"]', { hasText: '2' }).waitFor();
      expect(await previous.isDisabled()).toBe(false);
    }));

  it('the filters keep a gap between their inputs, each in its own column', () =>
    signedIn('lead', async ({ page }) => {
      await page.goto(LIST);
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      // the Dropdown's box is the combobox's parent; Author's once ran into Status's
      const box = (label: string) => page.getByRole('combobox', { name: label, exact: true }).locator('xpath=..').boundingBox();
      const boxes = await Promise.all(['Assignee', 'Author', 'Status', 'Job Title'].map(box));
      for (let i = 1; i < boxes.length; i += 1) {
        const [left, right] = [boxes[i - 1], boxes[i]];
        expect(left && right && right.x - (left.x + left.width)).toBeGreaterThanOrEqual(8);
      }
    }));

  it('a lead archives and restores their completed objective; the filters survive a reload', () =>
    signedIn('lead', async ({ page }) => {
      await page.goto(LIST);
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await choose(page, 'Assignee', DEMO_USERS.lead.name);
      await choose(page, 'Status', 'completed');
      await page.reload();
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      expect(await page.getByRole('combobox', { name: 'Status', exact: true }).textContent()).toContain('completed');
      expect(await page.getByRole('combobox', { name: 'Assignee', exact: true }).textContent()).toContain(DEMO_USERS.lead.name);

      const first = cards(page).first();
      await first.waitFor();
      const title = (await first.locator('.fui-CardHeader__header').textContent()) ?? '';
      await act(page, title, 'Archive');
      await cards(page).filter({ hasText: title }).waitFor({ state: 'detached' });
      await choose(page, 'Status', 'archived');
      await cards(page).filter({ hasText: title }).first().waitFor();
      await act(page, title, 'Restore');
      await cards(page).filter({ hasText: title }).waitFor({ state: 'detached' });
      await choose(page, 'Status', 'completed');
      await cards(page).filter({ hasText: title }).first().waitFor();
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      expect(await page.getByRole('combobox', { name: 'Status', exact: true }).textContent()).toContain('All');
    }));

  it('an owner chooses any team; changing the team clears the assignee (§5); owner filters (§2)', () =>
    signedIn('owner', async ({ page }) => {
      await page.goto(LIST);
      await page.getByRole('button', { name: 'New Objective' }).click();
      const dialog = page.getByRole('dialog', { name: 'New objective' });
      await choose(page, 'Team', 'Atlas');
      await page.getByRole('combobox', { name: 'Assignee', exact: true }).click();
      const option = page.getByRole('option').first();
      const assignee = (await option.textContent()) ?? '';
      await option.click();
      expect(await dialog.getByRole('combobox', { name: 'Assignee', exact: true }).textContent()).toContain(assignee);
      await choose(page, 'Team', 'Nova');
      expect(await dialog.getByRole('combobox', { name: 'Assignee', exact: true }).textContent()).not.toContain(assignee);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Assignee is required', { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      for (const filter of ['Team', 'Author', 'Status', 'Job Title']) await page.getByRole('combobox', { name: filter, exact: true }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Assignee', exact: true }).count()).toBe(0);
    }));
});
