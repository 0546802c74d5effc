import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXPORT_SHEETS, USERS_EXPORT_FILE } from '../../shared/rules/people-exports';
import { PEOPLE_TOASTS, PICTURE_MESSAGES } from '../../shared/rules/people-messages';
import { VPN_MESSAGES } from '../../shared/rules/vpn-file';
import { DEMO_USERS, useBrowser } from './helpers';
import { readXlsx } from '../support/xlsx-read';

// People's files end to end: VPN file upload/download/delete, picture upload, Excel export read back.
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'people-files' });

async function openOwnProfile(page: Page, name: string) {
  await page.goto('/super-awesome-team');
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await page.getByTestId('member-card').filter({ hasText: name }).first().click();
  await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe(name);
}

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

describe('VPN file', () => {
  it('the owner picks a wrong file (toast), then uploads, downloads and deletes theirs', () =>
    signedIn('member', async ({ page }) => {
      await openOwnProfile(page, DEMO_USERS.member.name);
      const files = page.getByRole('region', { name: 'FILES' });
      await files.getByLabel('VPN file', { exact: true }).setInputFiles({ name: 'someone.else.ovpn', mimeType: 'application/octet-stream', buffer: Buffer.from('client\n') });
      await toast(page, VPN_MESSAGES.name);
      await files.getByLabel('VPN file', { exact: true }).setInputFiles({ name: 'elena.constantin.txt', mimeType: 'text/plain', buffer: Buffer.from('client\n') });
      await toast(page, VPN_MESSAGES.type);

      await files.getByLabel('VPN file', { exact: true }).setInputFiles({ name: 'elena.constantin.ovpn', mimeType: 'application/octet-stream', buffer: Buffer.from('client\ndev tun\n') });
      await files.getByTestId('vpn-selected').waitFor();
      await files.getByRole('button', { name: 'Upload' }).click();
      await toast(page, PEOPLE_TOASTS.fileUploaded);
      await files.getByText('elena.constantin.ovpn').waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toBe('elena.constantin.ovpn');
      expect((await readFile(await download.path())).toString()).toBe('client\ndev tun\n');

      await files.getByRole('button', { name: 'Delete' }).click();
      await toast(page, PEOPLE_TOASTS.fileDeleted);
      await files.getByRole('button', { name: 'Choose file' }).waitFor();
    }));
});

describe('picture', () => {
  it('a wrong file shows the Error Message dialog; a png is cropped and saved', () =>
    signedIn('lead', async ({ page }) => {
      await openOwnProfile(page, DEMO_USERS.lead.name);
      await page.getByRole('button', { name: 'Update photo' }).click();
      const editor = page.getByRole('dialog', { name: 'Update photo' });
      await editor.getByLabel('Picture file').setInputFiles({ name: 'x.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      const error = page.getByRole('alertdialog', { name: 'Error Message' });
      await error.getByText(PICTURE_MESSAGES.type).waitFor();
      await error.getByRole('button', { name: 'OK' }).click();
      await editor.getByRole('button', { name: 'Save' }).click();
      await error.getByText(PICTURE_MESSAGES.required).waitFor();
      await error.getByRole('button', { name: 'OK' }).click();

      const png = await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 300;
        canvas.height = 300;
        const ctx = canvas.getContext('2d');
        if (ctx) { ctx.fillStyle = '#3a7'; ctx.fillRect(0, 0, 300, 300); }
        return canvas.toDataURL('image/png').split(',')[1];
      });
      await editor.getByLabel('Picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
      await editor.getByTestId('crop-box').waitFor();
      const saved = page.waitForResponse((r) => r.url().includes('/image') && r.request().method() === 'PUT');
      await editor.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await editor.waitFor({ state: 'hidden' });
      const size = await page.getByRole('img', { name: `Picture of ${DEMO_USERS.lead.name}` }).evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      });
      expect(size).toEqual([400, 600]);
    }));
});

describe('Excel export', () => {
  it("the directory's export downloads 'Bistone Users Information.xlsx' with the three sheets", () =>
    signedIn('admin', async ({ page }) => {
      await page.goto('/super-awesome-team');
      await page.getByTestId('member-card').first().waitFor();
      const count = Number((await page.getByText(/^\d+ members$/).textContent())?.split(' ')[0]);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to excel' }).click()]);
      expect(download.suggestedFilename()).toBe(USERS_EXPORT_FILE);
      const workbook = readXlsx(await readFile(await download.path()));
      expect(workbook.sheets.map((w) => w.name)).toEqual(Object.values(EXPORT_SHEETS));
      expect(workbook.sheets[0].cell(1, 1)).toBe('Name');
      expect(workbook.sheets[0].rowCount).toBe(count + 1);
    }));
});
