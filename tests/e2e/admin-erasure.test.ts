import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminUsersResponseSchema } from '../../shared/api/admin';
import { createMemberSchema, memberIdResponseSchema } from '../../shared/api/people';
import { ERASURE_MESSAGES, formerEmployeeName } from '../../shared/api/personal-data-erasure';
import { PEOPLE_TOASTS } from '../../shared/rules/people-messages';
import { DEMO_USERS, useBrowser, waitForPath } from './helpers';
import { pageApi } from './hub-api';

// The right to erasure, in the browser: an admin archives a person, then erases their
// personal data from Admin → Users → Archived after a confirmation that names what goes; the row
// then reads 'Former employee #id'. Nobody else reaches the screen or the call.
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'admin-erasure' });

/** A new colleague in the member's team, added through the hub as the signed-in admin; their id. */
async function addColleague(page: import('playwright-core').Page, name: string): Promise<number> {
  const api = pageApi(page);
  const found = await api.call(adminUsersResponseSchema.shape.data, 'GET', `/admin/users?search=${encodeURIComponent(DEMO_USERS.member.name)}`);
  const like = found.items[0];
  const tag = name.split(' ')[1].toLowerCase();
  const body = createMemberSchema.parse({
    name, email: `${tag}@erasure.example`, phone: '+40 711 222 333', teamIds: [like.team[0].id], jobId: like.job?.id, joinDate: '2020-04-01',
  });
  return (await api.call(memberIdResponseSchema.shape.data, 'POST', '/user', body)).id;
}

describe('Admin → Users → Erase personal data', () => {
  it('an admin archives a person, erases their personal data after the confirmation, and the row reads "Former employee #id"', () =>
    signedIn('admin', async ({ page }) => {
      const name = `Erika Q${randomBytes(3).toString('hex')}`;
      const id = await addColleague(page, name);

      await page.goto(`/profile/${id}`);
      await expect.poll(() => page.getByTestId('profile-name').textContent(), { timeout: 15_000 }).toBe(name);
      await page.getByRole('button', { name: 'Archive' }).click();
      await page.getByText(`Are you sure you want to delete ${name}?`).waitFor();
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByText(PEOPLE_TOASTS.userArchived).first().waitFor();

      await page.goto('/admin');
      const table = page.getByRole('table', { name: 'Users' });
      await table.getByRole('row').nth(1).waitFor();
      // active people have no erase action
      expect(await page.getByRole('button', { name: /^Erase personal data of / }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Show users' }).selectOption('deleted');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(name);
      await table.getByRole('row').filter({ hasText: name }).waitFor();
      await page.getByRole('button', { name: `Erase personal data of ${name}` }).click();

      const dialog = page.getByRole('alertdialog', { name: `Erase the personal data of ${name}?` });
      await dialog.waitFor();
      const text = await dialog.textContent();
      for (const words of ['Name, username, email, phone and join date', 'The profile picture and the VPN file', 'Sessions and sign-in history', 'Evaluations about the person', formerEmployeeName(id)]) {
        expect(text).toContain(words);
      }
      const go = dialog.getByRole('button', { name: 'Erase personal data' });
      expect(await go.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: `Type ${name} to confirm` }).fill(name.toUpperCase().slice(0, 4));
      expect(await go.isDisabled()).toBe(true);
      await page.screenshot({ path: '/tmp/admin-erasure-dialog.png' });
      await dialog.getByRole('textbox', { name: `Type ${name} to confirm` }).fill(name);
      await go.click();
      await page.getByText(ERASURE_MESSAGES.erased, { exact: true }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      // the list follows the person to their new name
      await expect.poll(() => page.getByRole('searchbox', { name: 'Search users' }).inputValue()).toBe(formerEmployeeName(id));
      const row = table.getByRole('row').filter({ hasText: formerEmployeeName(id) });
      await row.waitFor();
      await page.screenshot({ path: '/tmp/admin-erasure-row.png' });
      // gone from the row: email and phone; no second erasure offered
      expect(await row.getByRole('cell').nth(1).textContent()).toBe('Not set');
      expect(await row.getByRole('cell').nth(2).textContent()).toBe('No email');
      expect(await row.getByRole('button', { name: /^Erase personal data of / }).count()).toBe(0);
      // and read-only: nothing that would make the record a person again (the hub refuses it, 409)
      expect(await row.getByRole('button', { name: /^(Edit|Change access of|Reset password of) / }).count()).toBe(0);
      await page.getByRole('searchbox', { name: 'Search users' }).fill(name);
      await page.getByText('No user matches the search.').waitFor();
    }));

  it.each(['member', 'guest', 'lead', 'manager'] as const)('the %s is sent away from /admin, and the hub answers 403', (who) =>
    signedIn(who, async ({ page, errors }) => {
      await page.goto('/admin');
      await waitForPath(page, '/super-awesome-team');
      const refusal = await pageApi(page).refused('DELETE', '/admin/users/1/personal-data');
      expect(refusal.status).toBe(403);
      expect(refusal.errors[0].message).toBe('You are not allowed to do this.');
      // the browser reports the refusal this test provoked
      const provoked = errors.filter((e) => e.includes('/personal-data') && e.includes('403'));
      expect(provoked).toHaveLength(1);
      errors.splice(errors.indexOf(provoked[0]), 1);
    }));
});
