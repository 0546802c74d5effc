import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXTRA_MESSAGES, MEMBER_MESSAGES, PEOPLE_TOASTS } from '../../shared/rules/people-messages';
import { DEMO_USERS, useBrowser, waitForPath } from './helpers';

// People end to end: directory → profile → edit → archive/restore as admin; a member's view.
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'people' });

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/people-${name}.png`, fullPage: false });
const cards = (page: Page) => page.getByTestId('member-card');

async function openDirectory(page: Page) {
  await page.goto('/super-awesome-team');
  await page.getByRole('heading', { name: 'Super-Awesome Team' }).waitFor();
  await cards(page).first().waitFor();
}

describe('team directory', () => {
  it('an admin searches, filters, scrolls and opens a profile', () =>
    signedIn('admin', async ({ page }) => {
      await openDirectory(page);
      expect(await page.getByRole('button', { name: 'Export to excel' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(1);
      await shot(page, 'directory-admin');

      await page.getByRole('searchbox', { name: 'Search' }).fill(DEMO_USERS.member.name.split(' ')[0].toUpperCase());
      await expect.poll(async () => (await cards(page).allTextContents()).every((t) => t.toLowerCase().includes('elena')), { timeout: 10_000 }).toBe(true);
      await page.getByRole('searchbox', { name: 'Search' }).fill('');
      await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBeGreaterThan(20);

      await page.getByRole('checkbox', { name: 'Team leads' }).check();
      await expect.poll(async () => (await cards(page).allTextContents()).every((t) => t.includes('Team lead')), { timeout: 10_000 }).toBe(true);
      await page.getByTestId('directory-filters').getByRole('button', { name: 'Clear' }).click();
      // the whole list again before scrolling: the team leads alone are too few to scroll past the filters
      await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBeGreaterThan(20);

      await page.mouse.wheel(0, 1200);
      await page.getByRole('button', { name: 'Go to top' }).waitFor();
      expect(await page.getByTestId('directory-filters').count()).toBe(0);
      await page.getByRole('button', { name: 'Go to top' }).click();
      await page.getByTestId('directory-filters').waitFor();

      await cards(page).filter({ hasText: DEMO_USERS.member.name }).click();
      await page.waitForURL(/\/profile\/\d+$/);
      await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe(DEMO_USERS.member.name);
    }));

  it('a member sees neither Export to excel nor Add member, nor the Deleted status', () =>
    signedIn('member', async ({ page }) => {
      await openDirectory(page);
      expect(await page.getByRole('button', { name: 'Export to excel' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Status' }).click();
      expect(await page.getByRole('option', { name: 'Deleted' }).count()).toBe(0);
      await shot(page, 'directory-member');
    }));
});

async function openProfileOf(page: Page, name: string) {
  await openDirectory(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await cards(page).filter({ hasText: name }).first().click();
  // the profile's chunk and data may take a while on a loaded machine: wait for the screen, then its name
  await page.waitForURL(/\/profile\/\d+$/);
  await page.getByTestId('profile-name').waitFor();
  await expect.poll(() => page.getByTestId('profile-name').textContent(), { timeout: 15_000 }).toBe(name);
}

describe('profile', () => {
  it('an admin sees privileged rows, archives and restores with the confirmations', () =>
    signedIn('admin', async ({ page }) => {
      await openProfileOf(page, DEMO_USERS.guest.name);
      const info = page.getByTestId('user-information');
      await expect.poll(() => info.textContent()).toContain('Access');
      expect(await info.textContent()).toContain('Previous team');
      expect(await page.getByRole('region', { name: 'FILES' }).count()).toBe(1);
      await shot(page, 'profile-admin');

      await page.getByRole('button', { name: 'Archive' }).click();
      await page.getByText(`Are you sure you want to delete ${DEMO_USERS.guest.name}?`).waitFor();
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByText(PEOPLE_TOASTS.userArchived).first().waitFor();
      await page.getByRole('button', { name: 'Restore' }).click();
      await page.getByText(`Are you sure you want to restore ${DEMO_USERS.guest.name}?`).waitFor();
      await page.getByRole('button', { name: 'No', exact: true }).click(); // exact: the 'Notifications, n unread' bell also matches 'No'
      await page.getByRole('button', { name: 'Restore' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByText(PEOPLE_TOASTS.userRestored).first().waitFor();
      await page.getByRole('button', { name: 'Archive' }).waitFor();

      await page.getByRole('button', { name: 'Back' }).click();
      await waitForPath(page, '/super-awesome-team');
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
    }));

  it("a member's view of a colleague hides privileged data, files and archive", () =>
    signedIn('member', async ({ page }) => {
      await openProfileOf(page, DEMO_USERS.lead.name);
      const info = page.getByTestId('user-information');
      await expect.poll(() => info.textContent()).toContain('Direct Manager');
      expect(await info.textContent()).not.toContain('Access');
      expect(await info.textContent()).not.toContain('Previous team');
      expect(await page.getByRole('region', { name: 'FILES' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Archive' }).count()).toBe(0);
      expect(await page.getByRole('tab', { name: 'Relevant Experience' }).count()).toBe(0);
      await shot(page, 'profile-member-view');
    }));

  it('the team lead sees privileged rows of a member and may edit their team; the member may not', async () => {
    await signedIn('lead', async ({ page }) => {
      await openProfileOf(page, DEMO_USERS.member.name);
      const info = page.getByTestId('user-information');
      await expect.poll(() => info.textContent()).toContain('Access');
      expect(await page.getByRole('tab', { name: 'Relevant Experience' }).count()).toBe(1);
      await page.getByRole('region', { name: 'User Information' }).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit User Info' });
      expect(await dialog.getByRole('combobox', { name: 'Team' }).isDisabled()).toBe(false);
      // the user-fields rule: a team lead changes the email, never the sign-in
      expect(await dialog.getByRole('textbox', { name: /^Email/ }).isDisabled()).toBe(false);
      expect(await dialog.getByRole('textbox', { name: /^Username/ }).isDisabled()).toBe(true);
      await shot(page, 'lead-edits-member');
    });
    await signedIn('member', async ({ page }) => {
      await openProfileOf(page, DEMO_USERS.member.name);
      await page.getByRole('region', { name: 'User Information' }).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit User Info' });
      expect(await dialog.getByRole('combobox', { name: 'Team' }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('textbox', { name: /^Email/ }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('textbox', { name: /^Phone/ }).isDisabled()).toBe(false);
      expect(await dialog.getByRole('textbox', { name: /^Username/ }).isDisabled()).toBe(true);
      expect(await dialog.getByLabel(/^Join date/).isDisabled()).toBe(true);
      // the member saves their own phone: the fields they may not change go back unchanged
      await dialog.getByRole('textbox', { name: /^Phone/ }).fill('+40 764 307 866');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(PEOPLE_TOASTS.userUpdated).first().waitFor();
    });
  });

  it("the member's own extras refuse a project without a title with 'Action denied'", () =>
    signedIn('member', async ({ page }) => {
      await openProfileOf(page, DEMO_USERS.member.name);
      expect(await page.getByRole('region', { name: 'FILES' }).count()).toBe(1);
      await page.getByRole('region', { name: 'EXTRA DETAILS' }).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Extra details' });
      // the first unlocked section opens with the dialog; the locked ones cannot open
      expect(await dialog.getByRole('button', { name: 'Project experience' }).getAttribute('aria-expanded')).toBe('true');
      expect(await dialog.getByRole('button', { name: 'Bitstone information' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Add project' }).click();
      await shot(page, 'extras-dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alertdialog', { name: EXTRA_MESSAGES.deniedTitle }).getByText(EXTRA_MESSAGES.deniedBody).waitFor();
      await page.getByRole('button', { name: 'OK' }).click();
      await dialog.getByText(EXTRA_MESSAGES.projectTitle).waitFor();
      const titles = dialog.getByLabel('Project title');
      await titles.last().fill('E2E project');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(PEOPLE_TOASTS.userUpdated).first().waitFor();
      await page.getByRole('tab', { name: 'Project Experience' }).click();
      await page.getByText('E2E project').waitFor();
    }));
});

describe('member dialog', () => {
  it("an admin adds a member after the form shows every required message", () =>
    signedIn('admin', async ({ page }) => {
      await openDirectory(page);
      await page.getByRole('button', { name: 'Add member' }).click();
      const dialog = page.getByRole('dialog', { name: 'New employee' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      for (const message of [MEMBER_MESSAGES.name, MEMBER_MESSAGES.email, MEMBER_MESSAGES.phone, MEMBER_MESSAGES.team, MEMBER_MESSAGES.job, MEMBER_MESSAGES.joinDate]) {
        await dialog.getByText(message).waitFor();
      }
      await shot(page, 'member-dialog-errors');
      const stamp = Date.now();
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Nora New ${stamp}`);
      await dialog.getByLabel('Phone').fill('+40 711 111 111');
      await dialog.getByLabel('Email').fill(`nora.${stamp}@bitstone.test`);
      await dialog.getByRole('combobox', { name: 'Team' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Phoenix' }).click();
      await page.keyboard.press('Escape');
      await dialog.getByRole('combobox', { name: 'Job' }).click();
      await page.getByRole('option', { name: 'QA Engineer' }).click();
      await dialog.getByLabel('Join date').fill('2024-02-01');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(PEOPLE_TOASTS.userAdded).first().waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill(`Nora New ${stamp}`);
      await expect.poll(() => cards(page).count()).toBe(1);
    }));
});
