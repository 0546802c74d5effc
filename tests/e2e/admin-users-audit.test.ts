import { describe, expect, it } from 'vitest';
import { adminUsersResponseSchema } from '../../shared/api/admin';
import { profileResponseSchema } from '../../shared/api/people';
import { PEOPLE_TOASTS } from '../../shared/rules/people-messages';
import { DEMO_USERS, useBrowser } from './helpers';
import { pageApi } from './hub-api';

// The admin Users tab (paged and searched on the hub, New through the member dialog, the Access
// change) and the Audit tab that records it.
const { signedIn } = useBrowser({ noErrors: true });

describe('Users and Audit tabs', () => {
  it('an admin pages and searches users, opens New, changes a member\'s access and finds it in the audit log', () =>
    signedIn('admin', async ({ page }) => {
      await page.goto('/admin');
      const table = page.getByRole('table', { name: 'Users' });
      await table.getByRole('row').nth(5).waitFor();
      expect(await table.getByRole('row').count()).toBe(6);
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Phone', 'Email', 'Team', 'Role', 'Access', 'Join date', 'Actions']);
      const range = page.getByTestId('page-range');
      const total = Number((await range.textContent())?.split(' of ')[1]);
      expect(total).toBeGreaterThan(40);

      await page.getByRole('combobox', { name: 'Rows per page' }).click();
      await page.getByRole('option', { name: '10' }).click();
      await expect.poll(() => table.getByRole('row').count()).toBe(11);
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => range.textContent()).toBe(`11–20 of ${total}`);

      await page.getByRole('searchbox', { name: 'Search users' }).fill('ELENA CON');
      await expect.poll(() => range.textContent()).toBe('1–1 of 1');
      const row = table.getByRole('row').filter({ hasText: 'Elena Constantin' });
      expect(await row.getByRole('cell').nth(2).textContent()).toBe('member@bitstone.example');
      expect(await row.getByRole('cell').nth(3).textContent()).toBe('Phoenix');
      expect(await row.getByRole('cell').nth(5).textContent()).toBe('User');
      expect(await row.getByRole('cell').nth(6).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

      await page.getByRole('button', { name: 'New' }).click();
      const dialog = page.getByRole('dialog', { name: 'New employee' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // the Access column: another role, recorded in the audit log
      await page.getByRole('searchbox', { name: 'Search users' }).fill('Adrian Gheorghe');
      const adrian = table.getByRole('row').filter({ hasText: 'Adrian Gheorghe' });
      await adrian.waitFor();
      await page.getByRole('button', { name: 'Change access of Adrian Gheorghe' }).click();
      const access = page.getByRole('dialog', { name: 'Access of Adrian Gheorghe' });
      await access.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Admin', exact: true }).click();
      await access.getByRole('button', { name: 'Save' }).click();
      await page.getByText(PEOPLE_TOASTS.userUpdated, { exact: true }).first().waitFor();
      await expect.poll(() => adrian.getByRole('cell').nth(5).textContent()).toBe('Admin');

      await page.getByRole('tab', { name: 'Audit' }).click();
      const log = page.getByRole('table', { name: 'Audit log' });
      await log.getByRole('row').nth(1).waitFor();
      await page.getByRole('combobox', { name: 'What' }).click();
      await page.getByRole('option', { name: 'Users' }).click();
      const first = log.getByRole('row').nth(1);
      await expect.poll(() => first.getByRole('cell').nth(3).textContent()).toBe('role');
      expect(await first.getByRole('cell').nth(1).textContent()).toBe('Andreea Marin');
      expect(await first.getByRole('cell').nth(2).textContent()).toBe('user Adrian Gheorghe');
      expect(await first.getByRole('cell').nth(4).textContent()).toMatch(/role: .+ → Admin/);
      await page.screenshot({ path: '/tmp/admin-audit.png' });
    }));

  it("Edit user shows a manager who leads no team (the CEO), and a save keeps the fields nobody touched", () =>
    signedIn('admin', async ({ page }) => {
      const person = DEMO_USERS.manager.name; // reports to the CEO, who leads no team
      const profile = async () => {
        const api = pageApi(page);
        const found = await api.call(adminUsersResponseSchema.shape.data, 'GET', `/admin/users?search=${encodeURIComponent(person)}`);
        // the fields a save could clear
        const { phone, teamleadId, joinDate, teamlead } = (await api.call(profileResponseSchema.shape.data, 'GET', `/user/${found.items[0].id}`)).user;
        return { phone, teamleadId, joinDate, teamlead };
      };
      const before = await profile();
      expect(before.teamlead?.name).toBe(DEMO_USERS.owner.name);

      await page.goto('/admin');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(person);
      await page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: person }).waitFor();
      const edit = async () => {
        await page.getByRole('button', { name: `Edit ${person}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit User Info' });
        await dialog.waitFor();
        return dialog;
      };
      let dialog = await edit();
      // it once read 'Not set', the list offering team leads only
      await expect.poll(() => dialog.getByRole('combobox', { name: 'Direct Manager' }).textContent()).toBe(DEMO_USERS.owner.name);
      await dialog.getByRole('textbox', { name: 'Phone' }).fill('+40 700 123 456');
      const sent = page.waitForRequest((r) => r.method() === 'PUT' && /\/api\/user\/\d+$/.test(new URL(r.url()).pathname));
      await dialog.getByRole('button', { name: 'Save' }).click();
      const body = (await sent).postDataJSON() as Record<string, unknown>;
      // only what the person may have changed goes: no manager, no join date
      expect(Object.keys(body).filter((k) => /teamlead|join/i.test(k))).toEqual([]);
      await page.getByText(PEOPLE_TOASTS.userUpdated, { exact: true }).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      expect(await profile()).toEqual({ ...before, phone: '+40 700 123 456' });

      // and back as it was
      dialog = await edit();
      await dialog.getByRole('textbox', { name: 'Phone' }).fill(before.phone ?? '');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await profile()).toEqual(before);
    }));
});
