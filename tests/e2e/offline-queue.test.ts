import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { checkInWhat, QUEUE_MESSAGES } from '../../shared/rules/queued-writes';
import { useCuttableHub } from '../support/cuttable-hub';
import { bindDesktopMode } from '../support/desktop-mode';
import { inDays, signIn, useBrowser } from './helpers';
import { axeFindings, motionDone } from './axe';

// Offline writes are not lost (desktop mode: the built renderer with window.hub bound to
// main's real IPC handlers and write queue). A member checks in while the hub is cut off: the
// check-ins wait on this computer, one is cancelled, and meanwhile a key result is deleted
// elsewhere. The hub back, main sends what waits: the check-in lands on its key result (read back
// from the hub), and the one on the deleted key result is shown with the hub's refusal until
// dismissed. This file runs its own demo hub behind a link it can cut (tests/support/cuttable-link.ts).
vi.mock('electron', () => ({}));

const SLOW = 180_000;

const { session } = useBrowser();
const env = useCuttableHub('offline-queue');

/** The member's objective with two key results, made on the hub directly (as from another machine). */
async function memberObjective(token: string, stamp: string) {
  const deadline = inDays(30);
  const ok = <T>(res: { status: number; body: { data: T } }, what: string) => {
    expect(res.status, what).toBe(200);
    return res.body.data;
  };
  const me = ok<{ user: { id: number } }>(await env.hub.get('/api/auth/me', { token }), 'me').user;
  const choices = ok<{ teams: { id: number }[] }>(await env.hub.get('/api/objective/choices', { token }), 'choices');
  const objective = ok<{ id: number }>(await env.hub.post('/api/objective', {
    title: `Ship the offline queue ${stamp}`, description: 'Nothing typed on a train is lost.', priority: 'high',
    team_id: choices.teams[0].id, owner_id: me.id, category: 'Technology', subcategory: 'DevOps', deadline,
  }, { token }), 'objective');
  const keep = ok<{ id: number }>(await env.hub.post(`/api/objective/${objective.id}`, { title: 'Queue check-ins on disk', description: 'One file per person.', deadline }, { token }), 'kr keep');
  const gone = ok<{ id: number }>(await env.hub.post(`/api/objective/${objective.id}`, { title: 'Sync by carrier pigeon', description: 'Dropped later.', deadline }, { token }), 'kr gone');
  return { objectiveId: objective.id, keep: { id: keep.id, title: 'Queue check-ins on disk' }, gone: { id: gone.id, title: 'Sync by carrier pigeon' } };
}

const cardOf = (page: Page, title: string) => page.getByTestId('key-result-card').filter({ hasText: title });

async function checkIn(page: Page, card: Locator, percent: number, comment: string): Promise<void> {
  await card.getByRole('button', { name: 'Check in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check in' });
  await dialog.getByRole('spinbutton', { name: 'Percent complete' }).fill(String(percent));
  await dialog.getByRole('radio', { name: 'At risk' }).check();
  await dialog.getByLabel('Comment').fill(comment);
  await dialog.getByRole('button', { name: 'Save check-in' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** axe once a dialog's motion is over (a dialog fading in reads as low contrast). */
async function audited(page: Page): Promise<string[]> {
  await motionDone(page);
  return axeFindings(page);
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), `offline-queue-${name}.png`) });

describe('offline writes are not lost (desktop)', () => {
  it('check-ins made with the hub away wait on this computer, can be cancelled, and are sent when it is back; a refused one is shown with the hub’s message', async () => {
    const { token } = await env.hub.login('member', 'demo');
    const data = await memberObjective(token, String(Date.now()));
    const s = await session(env.renderer.url);
    const queueDir = path.join(env.root, 'desktop-offline-queue');
    try {
      const { page, context } = s;
      await bindDesktopMode(context, {
        hubUrl: env.link.url, rendererUrl: env.renderer.url,
        offlineCacheDir: path.join(env.root, 'desktop-offline-cache'), writeQueueDir: queueDir, writeQueueRetryMs: 1_000,
      });
      await signIn(page, 'member');
      await page.goto(`/objective-tracking/objective-details?id=${data.objectiveId}`);
      const keep = cardOf(page, data.keep.title);
      const gone = cardOf(page, data.gone.title);
      await keep.getByText('No check-ins yet').waitFor();
      await gone.getByText('No check-ins yet').waitFor();

      await env.link.cut();
      // the first save finds no hub: kept, and the app goes offline
      await checkIn(page, keep, 40, 'Typed on the train');
      await page.getByText(QUEUE_MESSAGES.saved).first().waitFor();
      await page.getByTestId('offline-banner').waitFor();
      const bar = page.getByTestId('write-queue');
      await bar.getByRole('button', { name: '1 change waiting to be sent' }).waitFor();
      // offline, the form is still offered and saves straight into the queue
      expect(await keep.getByRole('button', { name: 'Check in' }).isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Edit', exact: true }).first().isDisabled()).toBe(true);
      await checkIn(page, gone, 20, 'Pigeons are slow');
      await checkIn(page, keep, 90, 'Too optimistic, cancel me');
      await bar.getByRole('button', { name: '3 changes waiting to be sent' }).waitFor();
      expect(await readdir(queueDir)).toHaveLength(1);
      // each key result says what waits for it
      await keep.getByTestId('check-ins-waiting').getByText('2 check-ins waiting to be sent').waitFor();
      await gone.getByTestId('check-ins-waiting').getByText('1 check-in waiting to be sent').waitFor();

      // the list: what and when, in order; the last one cancelled after a confirmation
      await bar.getByRole('button', { name: '3 changes waiting to be sent' }).click();
      const list = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
      const items = list.getByTestId('queued-change');
      await expect.poll(() => items.count()).toBe(3);
      expect(await items.getByText(/^Check-in on /).allTextContents()).toEqual([checkInWhat(data.keep.title), checkInWhat(data.gone.title), checkInWhat(data.keep.title)]);
      expect(await items.first().textContent()).toMatch(/Made \d{2}-\d{2}-\d{4} \d{2}:\d{2} · Waiting to be sent/);
      expect(await audited(page)).toEqual([]);
      await shot(page, 'list');
      await items.nth(2).getByRole('button', { name: `Cancel: ${checkInWhat(data.keep.title)}` }).click();
      // keyboard: the confirmation takes focus, Enter confirms
      const confirm = items.nth(2).getByRole('button', { name: 'Yes, cancel it' });
      await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => items.count()).toBe(2);
      // focus stays in the list, on its Close button, not lost with the cancelled change
      await expect.poll(() => list.getByRole('button', { name: 'Close' }).evaluate((el) => el === document.activeElement)).toBe(true);
      await list.getByRole('button', { name: 'Close' }).click();
      await bar.getByRole('button', { name: '2 changes waiting to be sent' }).waitFor();
      await keep.getByTestId('check-ins-waiting').getByText('1 check-in waiting to be sent').waitFor();

      // meanwhile, elsewhere, the second key result is deleted
      expect((await env.hub.request('DELETE', `/api/key-result/${data.gone.id}`, { token })).status).toBe(200);
      const refusal = await env.hub.post(`/api/key-result/${data.gone.id}/check-ins`, { percent: 20, confidence: 'at_risk', comment: '' }, { token });
      expect(refusal.status).toBeGreaterThanOrEqual(400);
      const refusalMessage = (refusal.body as { errors: { message: string }[] }).errors[0].message;

      // the hub back: the health poll's answer wakes main's queue, which sends in order
      await env.link.restore();
      await keep.getByTestId('latest-check-in').getByText('40%').waitFor({ timeout: 60_000 });
      await keep.getByText('Typed on the train').first().waitFor();
      await keep.getByTestId('check-ins-waiting').waitFor({ state: 'detached' });
      await bar.getByRole('button', { name: '1 change refused by the hub' }).waitFor();
      await expect.poll(() => page.getByTestId('write-queue-announcer').textContent()).toContain('The change was sent.');
      expect(await page.getByTestId('write-queue-announcer').textContent()).toContain('The hub refused 1 change');
      await shot(page, 'back');

      // read back from the hub: the sent check-in, not the cancelled one
      const history = await env.hub.get(`/api/key-result/${data.keep.id}/check-ins`, { token });
      expect(history.body.data.items.map((c: { percent: number; comment: string; author: { name: string } }) => [c.percent, c.comment])).toEqual([[40, 'Typed on the train']]);

      // the refused one, with the hub's own words, until dismissed
      await bar.getByRole('button', { name: '1 change refused by the hub' }).click();
      const refused = list.getByTestId('queued-change');
      await expect.poll(() => refused.count()).toBe(1);
      expect(await refused.getByTestId('queued-refusal').textContent()).toBe(refusalMessage);
      expect(await refused.textContent()).toContain('Refused by the hub');
      expect(await audited(page)).toEqual([]);
      await shot(page, 'refused');
      await refused.getByRole('button', { name: `Dismiss: ${checkInWhat(data.gone.title)}` }).click();
      await bar.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(await readdir(queueDir)).toEqual([]);
    } finally {
      await s.close();
    }
  }, SLOW);

  it('web: nothing is kept offline; the Check in button is disabled while the hub is away, as before', async () => {
    const { token } = await env.hub.login('member', 'demo');
    const data = await memberObjective(token, `web ${Date.now()}`);
    const s = await session(env.link.url);
    try {
      const { page } = s;
      await signIn(page, 'member');
      await page.goto(`/objective-tracking/objective-details?id=${data.objectiveId}`);
      const keep = cardOf(page, data.keep.title);
      await keep.getByText('No check-ins yet').waitFor();
      expect(await keep.getByRole('button', { name: 'Check in' }).isEnabled()).toBe(true);
      await env.link.cut();
      // the notification stream drops: the app goes offline by itself
      await page.getByTestId('offline-banner').waitFor({ timeout: 30_000 });
      await expect.poll(() => keep.getByRole('button', { name: 'Check in' }).isDisabled()).toBe(true);
      expect(await page.getByTestId('write-queue').count()).toBe(0);
    } finally {
      await s.close();
    }
  }, SLOW);
});
