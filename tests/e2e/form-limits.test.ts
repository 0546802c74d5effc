import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { birthdateBounds } from '../../shared/rules/birthdate';
import { addYears, isoDay } from '../../shared/rules/dates';
import { latestDeadline } from '../../shared/rules/objective-deadline';
import { OBJECTIVE_MESSAGES } from '../../shared/rules/objective-messages';
import { EXTRA_MESSAGES, PEOPLE_TOASTS } from '../../shared/rules/people-messages';
import { useBrowser } from './helpers';

// The dates a person picks stay in the range the hub takes: the picker offers only those days,
// and a day typed outside them is refused by its field before anything is sent
// (shared/rules/birthdate.ts, shared/rules/objective-deadline.ts).
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'form-limits' });

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/form-limits-${name}.png`, fullPage: false });

/** The text of what an input names in aria-describedby: its field's message. */
const describedBy = (input: Locator) =>
  input.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim());

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('dates a person picks', () => {
  it('the birth date picker offers 15 to 100 years ago; a day outside is refused next to the field, a day inside is saved', () =>
    signedIn('member', async ({ page }) => {
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'View profile' }).click();
      await page.getByRole('region', { name: 'EXTRA DETAILS' }).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Extra details' });
      await dialog.getByRole('button', { name: 'Personal information' }).click();
      const birthdate = dialog.getByLabel('Birth date');
      const { earliest, latest } = birthdateBounds();
      expect({ min: await birthdate.getAttribute('min'), max: await birthdate.getAttribute('max') }).toEqual({ min: earliest, max: latest });

      // typed past the picker's last day: the form says why by the field, and saves nothing
      await birthdate.fill(dayAfter(latest));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => describedBy(birthdate)).toBe(EXTRA_MESSAGES.birthdateRange);
      expect(await birthdate.getAttribute('aria-invalid')).toBe('true');
      // the dialog is long: the refused field is brought into view, with focus
      await expect.poll(() => birthdate.evaluate((el) => el === document.activeElement)).toBe(true);
      // no required entry was left empty: no 'Action denied'
      expect(await page.getByRole('alertdialog', { name: EXTRA_MESSAGES.deniedTitle }).count()).toBe(0);
      await shot(page, 'birthdate-refused');

      const born = addYears(isoDay(), -31);
      await birthdate.fill(born);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(PEOPLE_TOASTS.userUpdated).first().waitFor();
      await page.getByRole('tab', { name: 'Personal Information' }).click();
      await page.getByText(born).first().waitFor();
    }));

  it("the objective's deadline picker ends 10 years ahead; a later day is refused next to the field, the last day is saved", () =>
    signedIn('member', async ({ page }) => {
      // signing in lands on the objectives
      await page.getByRole('heading', { level: 1, name: 'Objectives' }).waitFor();
      await page.getByRole('button', { name: 'New Objective' }).click();
      const dialog = page.getByRole('dialog', { name: 'New objective' });
      const deadline = dialog.getByLabel('Deadline');
      expect({ min: await deadline.getAttribute('min'), max: await deadline.getAttribute('max') }).toEqual({ min: isoDay(), max: latestDeadline() });

      await deadline.fill(dayAfter(latestDeadline()));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => describedBy(deadline)).toBe(OBJECTIVE_MESSAGES.deadlineTooFar);
      await shot(page, 'deadline-refused');
      // the last day allowed clears it as soon as the person picks it
      await deadline.fill(latestDeadline());
      await expect.poll(() => describedBy(deadline)).not.toBe(OBJECTIVE_MESSAGES.deadlineTooFar);

      // and saves, with one Idempotency-Key for the submit (docs/api.md 'Idempotency keys')
      const keys: Array<string | undefined> = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/objective') keys.push(request.headers()['idempotency-key']);
      });
      await dialog.getByLabel('Title').fill(`Far but not too far ${Date.now()}`);
      await dialog.getByLabel('Description').fill('Ten years from today, to the day.');
      for (const [label, option] of [['Category', 'Technology'], ['Subcategory', 'Development'], ['Priority', 'low']]) {
        await dialog.getByRole('combobox', { name: label, exact: true }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      }
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }));
});
