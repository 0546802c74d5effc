import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEXT } from '../../shared/api/email';
import { NOTIFICATION_CHANNEL_LABELS, WEEKLY_DIGEST_LABEL, type NotificationChannel } from '../../shared/api/notification-settings';
import { EMAIL_DIGEST_HOUR, EMAIL_NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '../../shared/api/notifications';
import { preferencesBodySchema, type ThemeChoice } from '../../shared/api/preferences';
import { sendWeeklyDigests } from '../../server/features/digests';
import { emailConfigFromEnv } from '../../server/features/email';
import { startHub, type RunningHub } from '../../server/start';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { axeFindings, motionDone } from './axe';
import { openSignedIn, useBrowser, waitForPath } from './helpers';

// Admin → E-mail on a hub with a relay (a real SMTP server on loopback, STARTTLS): the relay
// without its password, a test e-mail to oneself, the outbox; then the message as a mail client
// shows it, rendered in Chromium at a phone's and a desktop's width, light and dark.
const { withSession } = useBrowser({ noErrors: true, failureShot: 'email' });

let sink: SmtpSink;
let hub: RunningHub;
let dataDir: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'hub-e2e-email-'));
  const email = emailConfigFromEnv({
    HUB_SMTP_URL: `smtp://hub:relay-secret@127.0.0.1:${sink.port}`, HUB_MAIL_FROM: 'Bitstone Hub <hub@bitstone.test>',
    HUB_PUBLIC_URL: 'https://hub.bitstone.test', HUB_SMTP_CA_FILE: sink.caFile,
  });
  hub = await startHub({ port: 0, dataDir, demo: true, webRoot: WEB_ROOT, logger: false, email });
});
afterAll(async () => {
  await hub?.close();
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openEmailTab(page: Page) {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await waitForPath(page, '/admin');
  await page.getByRole('tab', { name: 'E-mail' }).click();
}

describe('Admin → E-mail', () => {
  for (const width of [1366, 320]) {
    it(`an admin sees the relay and sends a test e-mail to themselves (${width} px)`, () =>
      withSession(async ({ page }) => {
        await openSignedIn(page, 'admin');
        await openEmailTab(page);
        await page.getByText(`127.0.0.1:${sink.port}`, { exact: true }).waitFor();
        expect(await page.getByText('relay-secret').count()).toBe(0);
        const before = sink.received.length;
        expect(await axeFindings(page, 'admin e-mail')).toEqual([]);
        await page.getByRole('button', { name: 'Send a test e-mail' }).click();
        const [mail] = (await sink.waitFor(before + 1)).slice(before);
        const to = mail.envelopeTo[0];
        await page.getByText(EMAIL_TEXT.testSent(to), { exact: true }).first().waitFor();
        await expect.poll(async () => page.getByTestId('outbox-counts').textContent()).toContain(`Sent: ${before + 1}`);
        await page.screenshot({ path: `/tmp/email-admin-${width}.png`, fullPage: true });
      }, { url: hub.url, viewport: { width, height: 800 } }));
  }

  it('a member has no Admin, and the hub refuses them the tab', () =>
    withSession(async ({ page }) => {
      await openSignedIn(page, 'member');
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).count()).toBe(0);
      // the hub's own guard, with the member's session cookie
      const res = await page.request.get(`${hub.url}/api/admin/email`, { headers: { 'x-hub-request': '1' } });
      expect(res.status()).toBe(403);
    }, { url: hub.url }));

  for (const width of [1366, 320]) {
    it(`a person chooses, kind by kind and with the keyboard, how the hub tells them (${width} px)`, () =>
      withSession(async ({ page }) => {
        await openSignedIn(page, 'lead');
        await page.getByRole('button', { name: 'Account' }).click();
        await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Settings' }).click();
        await waitForPath(page, '/settings');
        const card = page.locator('[aria-labelledby="notification-settings-title"]');
        const approvals = card.getByRole('radiogroup', { name: NOTIFICATION_KIND_LABELS.approval_requested });
        await approvals.waitFor();
        // a choice of four per kind the hub e-mails; the others keep the bell's switch
        expect(await card.getByRole('radiogroup').count()).toBe(EMAIL_NOTIFICATION_KINDS.length);
        expect(await card.getByRole('switch', { name: NOTIFICATION_KIND_LABELS.objective_supported }).isChecked()).toBe(true);
        const option = (channel: NotificationChannel) => approvals.getByRole('radio', { name: NOTIFICATION_CHANNEL_LABELS[channel], exact: true });
        expect(await option('email').isChecked()).toBe(true);
        expect(await approvals.getAttribute('aria-describedby')).toContain('notification-digest-hint');
        // with the keyboard: the arrow keys move the choice within the group
        await option('email').focus();
        await page.keyboard.press('ArrowRight');
        await page.getByText('Successful').first().waitFor();
        await expect.poll(() => option('digest').isChecked(), { timeout: 10_000 }).toBe(true);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('digest');
        // kept by the hub; the page reloaded has no toast over it for the audits
        await page.reload();
        await approvals.waitFor();
        expect(await option('digest').isChecked()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `/tmp/email-settings-${width}.png`, fullPage: true });
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await motionDone(page);
          expect(await axeFindings(page, `settings, ${colorScheme}`)).toEqual([]);
        }
        // and the person's own high-contrast choice, kept on the hub (undone below)
        const chooseTheme = (theme: ThemeChoice) => page.evaluate(async (body) => {
          const res = await fetch('/api/preferences', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-hub-request': '1' }, body: JSON.stringify(body) });
          if (!res.ok) throw new Error(`PUT /api/preferences: ${res.status}`);
        }, preferencesBodySchema.parse({ theme }));
        await chooseTheme('high-contrast');
        try {
          await page.reload();
          await approvals.waitFor();
          await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), { timeout: 10_000 }).toBe('high-contrast');
          await motionDone(page);
          expect(await axeFindings(page, 'settings, high contrast')).toEqual([]);
          await page.screenshot({ path: `/tmp/email-settings-${width}-high-contrast.png`, fullPage: true });
        } finally {
          await chooseTheme('system');
        }
        // and back, the other way
        await page.reload();
        await approvals.waitFor();
        await option('digest').focus();
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => option('email').isChecked(), { timeout: 10_000 }).toBe(true);

        // Monday's digest, for a lead: a switch of its own, Space turns it off and on
        const weekly = page.getByRole('switch', { name: WEEKLY_DIGEST_LABEL });
        expect(await weekly.isChecked()).toBe(true);
        await weekly.focus();
        await page.keyboard.press('Space');
        await expect.poll(() => weekly.isChecked(), { timeout: 10_000 }).toBe(false);
        await page.reload();
        await weekly.waitFor();
        expect(await weekly.isChecked()).toBe(false);
        await weekly.focus();
        await page.keyboard.press('Space');
        await expect.poll(() => weekly.isChecked(), { timeout: 10_000 }).toBe(true);
      }, { url: hub.url, viewport: { width, height: 800 } }));
  }

  it('the message reads well in a narrow and a wide window, light and dark', () =>
    withSession(async ({ page }) => {
      expect(sink.received.length).toBeGreaterThan(0);
      const html = sink.received[0].parsed.html as string;
      for (const [width, scheme] of [[320, 'light'], [1366, 'dark']] as const) {
        await page.setViewportSize({ width, height: 700 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.setContent(html);
        await page.getByText('The hub can send you e-mail', { exact: true }).first().waitFor();
        // one column that fits: nothing wider than the window
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `/tmp/email-message-${width}-${scheme}.png`, fullPage: true });
      }
    }, { url: hub.url }));

  it("Monday's digest, as the demo company's lead receives it, reads well at a phone's width and a desktop's", () =>
    withSession(async ({ page }) => {
      const monday = new Date();
      monday.setDate(monday.getDate() + ((8 - monday.getDay()) % 7 || 7));
      monday.setHours(EMAIL_DIGEST_HOUR, 5, 0, 0);
      const before = sink.received.length;
      expect(await sendWeeklyDigests(hub.database.db, monday)).toBeGreaterThan(0);
      await hub.app.email.sender!.drain();
      const digest = sink.received.slice(before).find((m) => m.envelopeTo[0] === 'lead@bitstone.example');
      expect(digest?.parsed.subject).toMatch(/^Your teams this week: /);
      for (const [width, scheme] of [[320, 'light'], [1366, 'dark']] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.setContent(digest!.parsed.html as string);
        await page.getByRole('heading', { level: 1, name: /^Your teams this week/ }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await axeFindings(page, `digest, ${scheme}`)).toEqual([]);
        await page.screenshot({ path: `/tmp/email-digest-${width}-${scheme}.png`, fullPage: true });
      }
    }, { url: hub.url }));
});
