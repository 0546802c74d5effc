import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DELETE_BLOCKED, NAME_MESSAGES, PEOPLE_TOASTS } from '../../shared/rules/people-messages';
import { useBrowser, waitForPath } from './helpers';
import { pageApi } from './hub-api';

// Admin → Teams and Roles (jobs) tabs as an administrator, and the guard as a member.
const { signedIn } = useBrowser();

async function openTab(page: Page, tab: string) {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await waitForPath(page, '/admin');
  await page.getByRole('tab', { name: tab }).click();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('Teams tab', () => {
  it('an admin adds, edits and deletes a team, with the live duplicate-name message and the spec texts', () =>
    signedIn('admin', async ({ page, errors }) => {
      await openTab(page, 'Teams');
      const table = page.getByRole('table', { name: 'Teams' });
      await table.getByRole('cell', { name: 'Atlas', exact: true }).waitFor();
      expect(await table.getByRole('row').count()).toBe(6); // header + 5 rows per page
      expect(await page.getByTestId('page-range').textContent()).toMatch(/^1–5 of \d+$/);

      await page.getByRole('button', { name: 'Add team' }).click();
      const dialog = page.getByRole('dialog', { name: 'New team' });
      const name = dialog.getByRole('textbox', { name: 'Name' });
      await name.fill('pHoEnIx');
      await dialog.getByText(NAME_MESSAGES.teamExists).waitFor(); // asked of the hub as the user types
      await name.fill('');
      await dialog.getByText(NAME_MESSAGES.required).waitFor();
      await name.fill('Zephyr');
      await dialog.getByRole('textbox', { name: 'Technology' }).fill('Elixir');
      await expect.poll(() => dialog.getByText(NAME_MESSAGES.teamExists).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, PEOPLE_TOASTS.teamAdded);
      await dialog.waitFor({ state: 'hidden' });
      // the toast sits clear of the header (it covered the name and the account picture)
      const [toastBox, headerBox] = await Promise.all([page.locator('.fui-Toast', { hasText: PEOPLE_TOASTS.teamAdded }).boundingBox(), page.getByRole('banner').boundingBox()]);
      expect(toastBox && headerBox && { toastTop: toastBox.y, headerBottom: headerBox.y + headerBox.height, toastTopIsBelow: toastBox.y >= headerBox.y + headerBox.height })
        .toMatchObject({ toastTopIsBelow: true });

      // the header's global search finds it
      await page.getByRole('searchbox', { name: 'Search' }).fill('zeph');
      await table.getByRole('cell', { name: 'Zephyr', exact: true }).waitFor();
      expect(await table.getByRole('cell', { name: 'Elixir', exact: true }).count()).toBe(1);

      await page.getByRole('button', { name: 'Edit Zephyr' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit team' });
      await edit.getByRole('textbox', { name: 'Name' }).fill('Zephyr Two');
      await edit.getByRole('button', { name: 'Save' }).click();
      await toast(page, PEOPLE_TOASTS.teamUpdated);
      await table.getByRole('cell', { name: 'Zephyr Two', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Delete Zephyr Two' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete team' });
      expect(await confirm.textContent()).toContain('Are you sure you want to delete Zephyr Two?');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await toast(page, PEOPLE_TOASTS.teamDeleted);
      await page.getByText('No team matches the search.').waitFor();

      // a team with active members cannot be deleted (spec §6, §8)
      await page.getByRole('searchbox', { name: 'Search' }).fill('phoenix');
      await page.getByRole('button', { name: 'Delete Phoenix' }).click();
      const blocked = page.getByRole('alertdialog', { name: 'Delete team' });
      await blocked.getByRole('button', { name: 'Yes' }).click();
      await blocked.getByTestId('dialog-error').getByText(DELETE_BLOCKED.team('Phoenix')).waitFor();
      // said once, in the dialog, not also as a toast
      await page.waitForTimeout(500);
      expect(await page.getByText(DELETE_BLOCKED.team('Phoenix')).count()).toBe(1);
      await blocked.getByRole('button', { name: 'No' }).click();
      await blocked.waitFor({ state: 'hidden' });
      await expect.poll(() => table.getByRole('cell', { name: 'Phoenix', exact: true }).count()).toBe(1);
      expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    }));
});

describe('Roles (jobs) tab', () => {
  it('an admin adds and deletes a job; a held job cannot be deleted', () =>
    signedIn('admin', async ({ page }) => {
      await openTab(page, 'Roles');
      const table = page.getByRole('table', { name: 'Jobs' });
      await table.getByRole('row').nth(1).waitFor();
      await page.getByRole('button', { name: 'Add job' }).click();
      const dialog = page.getByRole('dialog', { name: 'New job' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('software engineer');
      await dialog.getByText(NAME_MESSAGES.teamExists).waitFor(); // spec §5: jobs use the same rule and message
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Chief Happiness Officer');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, PEOPLE_TOASTS.jobAdded);

      await page.getByRole('searchbox', { name: 'Search' }).fill('happiness');
      await page.getByRole('button', { name: 'Delete Chief Happiness Officer' }).click();
      await page.getByRole('alertdialog', { name: 'Delete job' }).getByRole('button', { name: 'Yes' }).click();
      await toast(page, PEOPLE_TOASTS.jobDeleted);

      await page.getByRole('searchbox', { name: 'Search' }).fill('Software Engineer');
      await page.getByRole('button', { name: 'Delete Software Engineer' }).first().click();
      const blocked = page.getByRole('alertdialog', { name: 'Delete job' });
      await blocked.getByRole('button', { name: 'Yes' }).click();
      await blocked.getByTestId('dialog-error').getByText(DELETE_BLOCKED.job('Software Engineer')).waitFor();
    }));
});

describe('without view-admin', () => {
  it.each(['member', 'guest'] as const)('%s is sent away from /admin, and the hub answers 403', (who) =>
    signedIn(who, async ({ page }) => {
      await page.goto('/admin');
      await waitForPath(page, '/super-awesome-team');
      const refusal = await pageApi(page).refused('POST', '/team', { name: 'Sneaky' });
      expect(refusal.status).toBe(403);
      expect(refusal.errors[0].message).toBe('You are not allowed to do this.');
    }));
});
