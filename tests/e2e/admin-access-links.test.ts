import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LINK_MESSAGES } from '../../shared/api/links';
import { ROLE_MESSAGES } from '../../shared/api/roles';
import { TOAST_TEXT } from '../../shared/rules/messages';
import { NAME_MESSAGES, PEOPLE_TOASTS, PICTURE_MESSAGES } from '../../shared/rules/people-messages';
import { useBrowser } from './helpers';

// Admin → Access (roles and capabilities) and Links tabs as an administrator.
const { signedIn } = useBrowser({ noErrors: true });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('Access tab', () => {
  it('an admin creates a role with capabilities, edits, deletes and restores it; User cannot be deleted', () =>
    signedIn('admin', async ({ page }) => {
      await page.goto('/admin?tab=access');
      const table = page.getByRole('table', { name: 'Roles' });
      await table.getByRole('cell', { name: 'Admin', exact: true }).first().waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill('user');
      await table.getByRole('cell', { name: 'User', exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Edit User' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Delete User' }).count()).toBe(0);
      await page.getByRole('searchbox', { name: 'Search' }).fill('');

      await page.getByRole('button', { name: 'Add role' }).click();
      const dialog = page.getByRole('dialog', { name: 'New role' });
      await dialog.getByRole('group', { name: 'Sidebar' }).waitFor();
      for (const group of ['User info', 'Extra info', 'Others']) await dialog.getByRole('group', { name: group }).waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(NAME_MESSAGES.required).waitFor();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('team LEAD');
      await dialog.getByText(ROLE_MESSAGES.nameExists).waitFor();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Recruiter');
      await dialog.getByRole('checkbox', { name: 'Download CV' }).check();
      await dialog.getByRole('checkbox', { name: 'Export users' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, PEOPLE_TOASTS.roleAdded);

      await page.getByRole('searchbox', { name: 'Search' }).fill('recruiter');
      const row = table.getByRole('row').filter({ hasText: 'Recruiter' });
      await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('2');
      await page.getByRole('button', { name: 'Edit Recruiter' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit role' });
      expect(await edit.getByRole('checkbox', { name: 'Download CV' }).isChecked()).toBe(true);
      await edit.getByRole('checkbox', { name: 'View admin' }).check();
      await edit.getByRole('button', { name: 'Save' }).click();
      await toast(page, PEOPLE_TOASTS.roleUpdated);
      await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe('Admin');

      await page.getByRole('button', { name: 'Delete Recruiter' }).click();
      await page.getByRole('alertdialog', { name: 'Delete role' }).getByRole('button', { name: 'Yes' }).click();
      await toast(page, PEOPLE_TOASTS.roleDeleted);
      await page.getByRole('button', { name: 'Restore Recruiter' }).click();
      await page.getByRole('alertdialog', { name: 'Restore role' }).getByRole('button', { name: 'Yes' }).click();
      await toast(page, PEOPLE_TOASTS.roleRestored);
      await page.getByRole('button', { name: 'Delete Recruiter' }).waitFor();
    }));
});

describe('Links tab', () => {
  it('an admin creates a link with a picture, edits, deletes and restores it, with each message', () =>
    signedIn('admin', async ({ page }) => {
      await page.goto('/admin?tab=links');
      await page.getByRole('table', { name: 'Links' }).getByRole('row').nth(1).waitFor();

      await page.getByRole('button', { name: 'Add link' }).click();
      const dialog = page.getByRole('dialog', { name: 'New link' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      for (const message of [NAME_MESSAGES.required, NAME_MESSAGES.category, LINK_MESSAGES.url, LINK_MESSAGES.description]) {
        await dialog.getByText(message).waitFor();
      }
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Coffee Machine');
      await dialog.getByRole('combobox', { name: 'Category' }).fill('Office');
      await dialog.getByRole('textbox', { name: 'URL' }).fill('javascript:alert(1)');
      await dialog.getByText(LINK_MESSAGES.urlProtocol).waitFor();
      await dialog.getByRole('textbox', { name: 'URL' }).fill('https://coffee.bitstone.example');
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Is the machine on the third floor working?');
      await dialog.getByLabel('Picture').setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<svg/>') });
      await dialog.getByText(PICTURE_MESSAGES.type).waitFor();
      await dialog.getByLabel('Picture').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: PNG });
      await expect.poll(() => dialog.getByText(PICTURE_MESSAGES.type).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, TOAST_TEXT.success);
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('searchbox', { name: 'Search' }).fill('coffee');
      const row = page.getByRole('table', { name: 'Links' }).getByRole('row').filter({ hasText: 'Coffee Machine' });
      await row.waitFor();
      expect(await row.locator('img').count()).toBe(1); // the uploaded picture, served by the hub

      await page.getByRole('button', { name: 'Edit Coffee Machine' }).first().click();
      const edit = page.getByRole('dialog', { name: 'Edit link' });
      await edit.getByRole('textbox', { name: 'Description' }).fill('x'.repeat(140));
      await edit.getByRole('button', { name: 'Save' }).click();
      await toast(page, PEOPLE_TOASTS.linkUpdated);
      await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe(`${'x'.repeat(100)}…`);

      await page.getByRole('button', { name: 'Delete Coffee Machine' }).first().click();
      await page.getByRole('alertdialog', { name: 'Delete link' }).getByRole('button', { name: 'Yes' }).click();
      await toast(page, PEOPLE_TOASTS.linkDeleted);
      await page.getByRole('button', { name: 'Restore Coffee Machine' }).first().click();
      await page.getByRole('alertdialog', { name: 'Restore link' }).getByRole('button', { name: 'Yes' }).click();
      await toast(page, PEOPLE_TOASTS.linkRestored);
    }));
});
