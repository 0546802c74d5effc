import { describe, expect, it } from 'vitest';
import { useBrowser } from './helpers';

// design §3 imports: an admin uploads a CSV in the admin area's Imports tab and sees the run;
// a bad row is reported with its line number and nothing is written.
const { signedIn } = useBrowser();

describe('Imports tab', () => {
  it('an admin imports days left from a CSV and a bad file is refused line by line', () =>
    signedIn('admin', async ({ page }) => {
      await page.goto('/admin?tab=imports');
      await page.getByRole('tab', { name: 'Imports' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Imports', selected: true }).count()).toBe(1);

      const file = page.getByLabel('Days left file');
      await file.setInputFiles({ name: 'days.csv', mimeType: 'text/csv', buffer: Buffer.from('email,days_left\nmember@bitstone.example,17\n') });
      await page.getByRole('button', { name: 'Import' }).nth(1).click();
      await page.getByText('Imported 1 rows').first().waitFor();
      await expect.poll(() => page.getByRole('table').first().textContent()).toContain('days-left');

      await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('email,days_left\nmember@bitstone.example,many\n') });
      await page.getByRole('button', { name: 'Import' }).nth(1).click();
      await page.getByText(/line 2/i).first().waitFor();
      // all or nothing: still one run that succeeded, none half-written
      expect(await page.getByText('succeeded').count()).toBe(1);
    }));

  it('reads a ";"-separated Windows-1252 file as Excel saves it, the letters as they were typed', () =>
    signedIn('admin', async ({ page }) => {
      await page.goto('/admin?tab=imports');
      const text = 'external_id;title;start;end;type;team_ids\r\ne2e-1252;"Întâlnire; „Târg” – 20 €";2026-11-02;2026-11-02;Medical;\r\n';
      const bytes = Buffer.from(text.replace(/[„”–€]/g, (c) => String.fromCharCode({ '„': 0x84, '”': 0x94, '–': 0x96, '€': 0x80 }[c] ?? 0)), 'latin1');
      await page.getByLabel('Holiday events file').setInputFiles({ name: 'ansi.csv', mimeType: 'text/csv', buffer: bytes });
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/imports/holidays') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Import' }).first().click();
      expect((await sent).postDataJSON()).toEqual({ csv: text });
      await page.getByText('Imported 1 rows').first().waitFor();
    }));
});
