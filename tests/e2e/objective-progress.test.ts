import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkInCreateSchema, checkInResponseSchema } from '../../shared/api/check-ins';
import { objectiveResponseSchema } from '../../shared/api/objectives';
import { NOTIFICATION_DONE_LABEL } from '../../shared/api/notifications';
import {
  APPROVAL_REQUEST_TEXT, completedProgressText, keyResultsCompletedText, OPEN_KEY_RESULTS_TEXT, progressText,
} from '../../shared/rules/objective-messages';
import { CONFIRM_TEXT } from '../../shared/rules/objective-status';
import { DEMO_USERS, useBrowser } from './helpers';
import { createOwnObjective, pageApi } from './hub-api';

// shared/rules/objective-progress.ts as a person sees it: a member asks to complete an objective
// whose key result is still in progress and answers what happens to it; the dialog and the toast
// say their lead will be asked to approve; the lead approves, and their notification of the
// request is marked done; the member then reads 100 % on the details page, the card, the timeline
// and the plan, with Add KeyResult disabled.
const SHOTS = '/tmp/progress-e2e';
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'objective-progress' });
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const left = `Document the VPN setup ${Date.now()}`;
const closed = `Rotate the build keys ${Date.now()}`;

/** The member's objective with one key result checked in at `percent`, made through the hub as the page would. */
async function objectiveAt(page: Page, title: string, percent: number): Promise<number> {
  const id = await createOwnObjective(page, { title, description: 'Step by step.', priority: 'medium', keyResult: { title: 'Write it down', description: 'All of it.' } });
  const api = pageApi(page);
  const detail = await api.call(objectiveResponseSchema.shape.data, 'GET', `/objective/${id}`);
  await api.call(checkInResponseSchema.shape.data, 'POST', `/key-result/${detail.keyResults[0].id}/check-ins`, checkInCreateSchema.parse({ percent, confidence: 'on_track' }));
  return id;
}

/** The objectives list with the newest first (the sort is remembered), where both objectives are on the first page. */
async function newestFirst(page: Page): Promise<void> {
  await page.goto('/objective-tracking/objectives');
  await page.getByTestId('objective-card').first().waitFor();
  if (!(await page.getByRole('combobox', { name: 'Sort by' }).textContent())?.includes('Creation date')) {
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Creation date', exact: true }).click();
  }
}

/** From the objectives list, as a person goes: the card's Details. */
async function openDetails(page: Page, title: string): Promise<void> {
  await newestFirst(page);
  const card = page.getByTestId('objective-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Details' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
}

async function askToComplete(page: Page, answer: 'completeToo' | 'leaveOpen'): Promise<void> {
  await page.getByRole('button', { name: 'Status actions' }).click();
  await page.getByRole('menuitem', { name: 'Complete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Complete' });
  await dialog.getByText(CONFIRM_TEXT.action('complete', 'objective')).waitFor();
  await dialog.getByText(OPEN_KEY_RESULTS_TEXT.question(1)).waitFor();
  await dialog.getByTestId('approval-request-text').getByText(APPROVAL_REQUEST_TEXT.personal, { exact: true }).waitFor();
  await dialog.getByRole('radio', { name: OPEN_KEY_RESULTS_TEXT[answer] }).check();
  await page.screenshot({ path: `${SHOTS}/complete-dialog-${answer}.png` });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // the toast says what happens next instead of a bare 'Successful'
  await page.locator('.fui-ToastTitle').getByText(APPROVAL_REQUEST_TEXT.personal, { exact: true }).waitFor();
  await page.screenshot({ path: `${SHOTS}/toast-${answer}.png` });
  await page.getByText('waiting for approval (complete)').waitFor();
}

describe('progress after approval', () => {
  it('the member asks to complete, leaving one key result in progress and completing the other objective’s', () =>
    signedIn('member', async ({ page }) => {
      await objectiveAt(page, left, 40);
      await objectiveAt(page, closed, 70);
      await openDetails(page, left);
      await page.getByText(progressText(40), { exact: true }).waitFor();
      await askToComplete(page, 'leaveOpen');
      // a request is not the decision: the figure stays the key result's
      await page.getByText(progressText(40), { exact: true }).waitFor();
      await openDetails(page, closed);
      await askToComplete(page, 'completeToo');
    }));

  it('the lead approves both on the approvals page, told what happens to the key results; the requests are done in the bell', () =>
    signedIn('lead', async ({ page }) => {
      await page.goto('/objective-tracking/approvals');
      for (const [title, text] of [[left, OPEN_KEY_RESULTS_TEXT.stayOpen], [closed, OPEN_KEY_RESULTS_TEXT.willComplete]] as const) {
        const row = page.getByRole('row', { name: title });
        await row.getByRole('button', { name: 'Approve' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Approve' });
        await dialog.getByText(text, { exact: true }).waitFor();
        if (title === left) await page.screenshot({ path: `${SHOTS}/approve-dialog.png` });
        await dialog.getByRole('button', { name: 'Yes' }).click();
        await row.waitFor({ state: 'detached' });
      }
      await page.reload();
      await page.getByTestId('notification-bell').click();
      const popover = page.getByRole('dialog', { name: 'Notifications' });
      for (const title of [left, closed]) {
        const item = popover.getByRole('button', { name: `Objective waiting for your approval. ${NOTIFICATION_DONE_LABEL}. ${DEMO_USERS.member.name} asks to complete "${title}".` });
        await item.getByTestId('notification-done').waitFor();
        // done is read: no 'Unread:' before it
        expect(await item.getAttribute('data-unread')).toBeNull();
      }
      await page.screenshot({ path: `${SHOTS}/bell-done.png` });
    }));

  it('the member reads 100 % for both everywhere; the key result left in progress stays so, and no key result can be added', () =>
    signedIn('member', async ({ page }) => {
      await openDetails(page, left);
      await page.getByText(completedProgressText, { exact: true }).waitFor();
      await page.getByText(keyResultsCompletedText(0, 1), { exact: true }).waitFor();
      expect(await page.getByRole('progressbar', { name: completedProgressText }).getAttribute('aria-valuetext')).toBe('100%');
      expect(await page.getByRole('button', { name: 'Add KeyResult' }).isDisabled()).toBe(true);
      await page.getByTestId('key-result-card').filter({ hasText: 'Write it down' }).getByText('in progress', { exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}/details-completed.png`, fullPage: true });

      await openDetails(page, closed);
      await page.getByText(completedProgressText, { exact: true }).waitFor();
      await page.getByText(keyResultsCompletedText(1, 1), { exact: true }).waitFor();

      await newestFirst(page);
      const card = page.getByTestId('objective-card').filter({ hasText: left });
      await card.getByText(completedProgressText, { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Add KeyResult' }).isDisabled()).toBe(true);

      await page.goto('/objective-tracking/timeline');
      await page.getByRole('combobox', { name: 'Show' }).selectOption('mine');
      await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
      for (const title of [left, closed]) {
        const bar = page.locator(`[data-progress][title^="${title}: "]`);
        await bar.waitFor();
        expect(await bar.getAttribute('data-progress')).toBe('100');
      }
      await page.screenshot({ path: `${SHOTS}/timeline.png` });

      await page.goto('/objective-tracking/plans');
      await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('All');
      const row = page.getByRole('row').filter({ hasText: left }).first();
      await row.getByRole('cell', { name: '100%', exact: true }).waitFor();
    }));
});
