import { describe, expect, it } from 'vitest';
import { retentionBodySchema, retentionSettingsSchema } from '../../shared/api/retention';
import { DEFAULT_RETENTION, retentionMessage } from '../../shared/rules/retention';
import { useBrowser, waitForPath } from './helpers';
import { pageApi } from './hub-api';

// Admin → Retention: an admin changes periods (a wrong one is named under its field and
// nothing is sent), sees them saved after a reload, runs the job now and sees the run in Last
// runs. Everyone else is kept out of the screen and the API. The periods changed here remove
// nothing of the demo company (its history is months, not years, old), and are put back.
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'admin-retention' });

describe('Admin → Retention', () => {
  it('an admin changes periods, sees them saved, runs the job now and sees the run', () =>
    signedIn('admin', async ({ page }) => {
      await page.goto('/admin?tab=retention');
      const form = page.getByRole('form', { name: 'Retention periods' });
      const audit = form.getByRole('spinbutton', { name: 'Audit log entries (days)' });
      const sessions = form.getByRole('spinbutton', { name: 'Ended sessions (days)' });
      // the form shows once the periods have arrived
      await audit.waitFor({ timeout: 20_000 });
      expect(await audit.inputValue()).toBe(String(DEFAULT_RETENTION.auditLog));
      expect(await sessions.inputValue()).toBe(String(DEFAULT_RETENTION.endedSessions));

      // below the audit log's minimum: its message, under its field, and no request
      let puts = 0;
      page.on('request', (r) => void (r.method() === 'PUT' && r.url().endsWith('/api/admin/retention') && (puts += 1)));
      await audit.fill('100');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText(retentionMessage('auditLog')).waitFor();
      expect(puts).toBe(0);

      await audit.fill('730');
      await sessions.fill('30');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Retention periods saved').first().waitFor();
      expect(await form.getByText(retentionMessage('auditLog')).count()).toBe(0);
      await page.reload();
      await audit.waitFor({ timeout: 20_000 });
      expect(await audit.inputValue()).toBe('730');
      expect(await form.getByRole('spinbutton', { name: 'Ended sessions (days)' }).inputValue()).toBe('30');

      // Run now: the toast and Last runs say what it did, on which hub
      const runs = page.getByRole('table', { name: 'Last retention runs' });
      await page.getByRole('button', { name: 'Run now' }).click();
      const row = runs.getByRole('row').nth(1);
      await expect.poll(() => row.getByRole('cell').nth(2).textContent(), { timeout: 20_000 }).toBe('Done');
      expect(await row.getByRole('cell').nth(1).textContent()).toMatch(/ http:\/\/127\.0\.0\.1:\d+$/);
      expect(await row.getByRole('cell').nth(3).textContent()).toMatch(/^Removed /);

      // the change is in the audit log
      await page.goto('/admin?tab=audit');
      await page.getByRole('cell', { name: 'setting #retention', exact: true }).first().waitFor();

      // put the defaults back for whoever runs next
      const saved = await pageApi(page).call(retentionSettingsSchema, 'PUT', '/admin/retention', retentionBodySchema.parse(DEFAULT_RETENTION));
      expect(saved.periods).toEqual(DEFAULT_RETENTION);
    }));

  it('Last runs says when there is none yet, and when the hub failed, with a way to try again', () =>
    signedIn('admin', async ({ page, errors }) => {
      let answer: 'empty' | 'failing' = 'empty';
      await page.route('**/api/admin/retention/runs', (route) => (answer === 'empty'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { runs: [] } }) })
        : route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Something went wrong on the hub.' }] }) })));
      await page.goto('/admin?tab=retention');
      const runs = page.getByRole('table', { name: 'Last retention runs' });
      await runs.getByText('No run yet: the hub runs it once a day.').waitFor();

      answer = 'failing';
      await page.reload();
      // a 5xx is asked again twice before the table says so
      await runs.getByRole('alert').waitFor({ timeout: 20_000 });
      expect(await runs.getByRole('alert').textContent()).toContain('Try again');
      answer = 'empty';
      await runs.getByRole('button', { name: 'Try again' }).click();
      await runs.getByText('No run yet: the hub runs it once a day.').waitFor();
      errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('status of 500')));
    }, { serviceWorkers: 'block' })); // routes do not see the offline service worker's fetches

  it.each(['member', 'lead', 'guest'] as const)('a %s is kept out of the screen and refused by the hub', (who) =>
    signedIn(who, async ({ page, errors }) => {
      await page.goto('/admin?tab=retention');
      await waitForPath(page, '/super-awesome-team');
      expect(await page.getByRole('form', { name: 'Retention periods' }).count()).toBe(0);
      const api = pageApi(page);
      const refusals = await Promise.all([api.refused('GET', '/admin/retention'), api.refused('POST', '/admin/retention/runs')]);
      expect(refusals.map((r) => r.status)).toEqual([403, 403]);
      errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('status of 403')));
    }));
});
