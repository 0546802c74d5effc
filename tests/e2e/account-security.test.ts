import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOGIN_MESSAGES, PASSWORD_MESSAGES } from '../../shared/rules/messages';
import { DEMO_PASSWORD, expectTitle, fillLogin, useBrowser } from './helpers';

// Account security on the screens: an admin's password reset and the 'New password' step it leads to,
// Settings → Password, and Settings → Sessions ending another device's session. A demo person no
// other e2e file uses, since their password changes here.
const { signedIn, withSession, withSessions } = useBrowser({ failureShot: 'account-security' });

const PERSON = { username: 'oana.matei', name: 'Oana Matei' };
const CHOSEN = 'copper kettle lantern orchard';
const CHANGED = 'violet harbour quiet meadow';

/** Signs in as PERSON (no first-login step: a generated person has none) and waits for the shell. */
async function signInAs(page: Page, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, PERSON.username, password);
  await page.getByTestId('user-name').waitFor();
}

/** A page whose session the hub ended goes back to sign-in at its next call. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.reload();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
}

/** The person on two devices with the password, the second on Settings: `test` gets both pages. */
function onTwoDevices(password: string, test: (here: Page, other: Page) => Promise<void>): Promise<void> {
  return withSessions(2, async ([other, here]) => {
    await signInAs(other.page, password);
    await signInAs(here.page, password);
    await here.page.goto('/settings');
    await test(here.page, other.page);
  });
}

describe('passwords and sessions on the screens', () => {
  it('an admin resets a password: the person is signed out everywhere and chooses their own before anything else', () =>
    withSession(async (before) => {
      await signInAs(before.page, DEMO_PASSWORD);
      let oneTime = '';
      await signedIn('admin', async ({ page }) => {
        await page.goto('/admin');
        await page.getByRole('searchbox', { name: 'Search users' }).fill(PERSON.name);
        await page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: PERSON.name }).waitFor();
        // one's own password is changed in Settings, not here
        expect(await page.getByRole('button', { name: 'Reset password of Andreea Marin' }).count()).toBe(0);
        await page.getByRole('button', { name: `Reset password of ${PERSON.name}` }).click();
        const dialog = page.getByRole('alertdialog', { name: `Reset the password of ${PERSON.name}?` });
        await dialog.getByRole('button', { name: 'Reset password' }).click();
        const shown = page.getByRole('alertdialog', { name: `One-time password for ${PERSON.name}` }).getByRole('textbox', { name: 'One-time password' });
        await shown.waitFor();
        oneTime = await shown.inputValue();
        await page.getByRole('button', { name: 'Done' }).click();
      });
      expect(oneTime.length).toBeGreaterThanOrEqual(12);
      await expectSignedOut(before.page);

      // the old password is gone; the one-time one leads to 'Choose a new password' first
      await fillLogin(before.page, PERSON.username, DEMO_PASSWORD);
      await before.page.getByText(LOGIN_MESSAGES.wrongCredentials).waitFor();
      const { page } = before;
      await fillLogin(page, PERSON.username, oneTime);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      expect(await page.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem').allTextContents()).toEqual(
        expect.arrayContaining([expect.stringContaining('New password')]),
      );
      const form = page.getByRole('form', { name: 'Choose a new password' });
      await form.getByLabel('One-time password').fill(oneTime);
      await form.getByLabel(/^New password/).fill('password1234');
      await form.getByLabel(/^Confirm new password/).fill('password1234');
      await form.getByRole('button', { name: 'Continue' }).click();
      await form.getByText(PASSWORD_MESSAGES.common).waitFor();
      await form.getByLabel(/^New password/).fill(CHOSEN);
      await form.getByLabel(/^Confirm new password/).fill(CHOSEN);
      await form.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('user-name').waitFor();
      expect(await page.getByTestId('user-name').textContent()).toBe(PERSON.name);
    }));

  it('Settings → Password: the form says what is wrong; a change signs out the other sessions and keeps this one', () =>
    onTwoDevices(CHOSEN, async (page, other) => {
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText(PASSWORD_MESSAGES.currentRequired).waitFor();
      await form.getByLabel(/^Current password/).fill('not my password');
      await form.getByLabel(/^New password/).fill(`${PERSON.username}-2026!`);
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText(PASSWORD_MESSAGES.hasUsername).waitFor();
      await form.getByLabel(/^New password/).fill(CHANGED);
      await form.getByLabel(/^Confirm new password/).fill(`${CHANGED}.`);
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText(PASSWORD_MESSAGES.confirmMismatch).waitFor();
      await form.getByLabel(/^Confirm new password/).fill(CHANGED);
      await form.getByRole('button', { name: 'Change password' }).click();
      // the hub's refusal of the wrong current password, next to its field
      await form.getByText(PASSWORD_MESSAGES.currentWrong).waitFor();
      await form.getByLabel(/^Current password/).fill(CHOSEN);
      await form.getByRole('button', { name: 'Change password' }).click();
      await page.getByText(PASSWORD_MESSAGES.changed).first().waitFor();
      await expectSignedOut(other);
      await page.reload();
      await expectTitle(page, 'Settings');
      await signInAs(other, CHANGED);
    }));

  it('Settings → Sessions lists where the person is signed in and signs another device out', () =>
    onTwoDevices(CHANGED, async (page, other) => {
      const list = page.getByRole('list', { name: 'Active sessions' });
      const items = list.getByTestId('session');
      // this page, the other one, and the two the previous test left signed in (the list loads
      // after the page: given the time a busy machine takes, not the poll's default second)
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(4);
      const mine = items.filter({ hasText: 'This device' });
      expect(await mine.count()).toBe(1);
      expect(await mine.getByRole('button', { name: /^Sign out/ }).count()).toBe(0);
      await items.filter({ hasNotText: 'This device' }).first().getByRole('button', { name: /^Sign out/ }).click();
      await page.getByText('Signed out', { exact: true }).first().waitFor();
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(3);
      await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
      await confirm.getByText('Your 2 other sessions end and your API tokens are revoked; this one stays signed in.').waitFor();
      await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await page.getByText('You are not signed in anywhere else.').waitFor();
      // the list is hidden from the accessibility tree until the dialog has closed
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(1);
      expect(await items.first().textContent()).toContain('Chrome on Linux');
      await expectSignedOut(other);
    }));
});
