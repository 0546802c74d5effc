import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DESKTOP_RELEASE_MESSAGES, desktopPolicySchema } from '../../shared/api/desktop';
import { useBrowser, e2eHubUrl } from './helpers';
import { pageApi } from './hub-api';

// Admin → Desktop app: an admin publishes a release by upload (a wrong file is named
// with its problem), sees it with its files, marks it required and back with a confirmation,
// and sees the app versions signed in now. Keys only for the required mark.
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'admin-desktop' });

const sha512 = (bytes: Uint8Array) => createHash('sha512').update(bytes).digest('base64');
const APPIMAGE = 'Bitstone-Hub-7.1.0.AppImage';
const installer = randomBytes(400_000);
const metadata = (hash: string) => [
  'version: 7.1.0', 'files:', `  - url: ${APPIMAGE}`, `    sha512: ${hash}`, `    size: ${installer.length}`,
  `path: ${APPIMAGE}`, `sha512: ${hash}`, "releaseDate: '2026-11-20T10:00:00.000Z'", '',
].join('\n');
const file = (name: string, bytes: string | Uint8Array) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });

/** A desktop app's session on the shared hub, as the app signs in (its User-Agent names its version). */
async function desktopSignIn(username: string, userAgent: string) {
  const res = await fetch(`${e2eHubUrl()}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': userAgent }, body: JSON.stringify({ username, password: 'demo' }),
  });
  expect(res.status).toBe(200);
}

describe('Admin → Desktop app', () => {
  it('publishes a release by upload, marks it required and back, and lists connected app versions', () =>
    signedIn('admin', async ({ page, errors }) => {
      await desktopSignIn('member', 'BitstoneHub/7.0.0 (linux; Electron 45.5.0)');
      await desktopSignIn('lead', 'BitstoneHub/7.0.0 (linux; Electron 45.5.0)');
      await page.goto('/admin?tab=desktop');
      const releases = page.getByRole('table', { name: 'Desktop releases' });
      await releases.getByText('No desktop release published yet.').waitFor();
      const connected = page.getByRole('table', { name: 'Connected app versions' });
      const linuxRow = connected.getByRole('row').filter({ hasText: '7.0.0' });
      await expect.poll(async () => (await linuxRow.getByRole('cell').allTextContents()).join('|')).toBe('7.0.0|Linux|2|2');

      // the metadata's sha512 is not the file's: the file is named with the problem, nothing published
      const picker = page.getByLabel('Release files');
      await picker.setInputFiles([file('latest-linux.yml', metadata(sha512(randomBytes(8)))), file(APPIMAGE, installer)]);
      await page.getByRole('button', { name: 'Upload' }).click();
      const chosen = page.getByRole('list', { name: 'Chosen files' });
      await chosen.getByRole('listitem').filter({ hasText: APPIMAGE }).getByText(DESKTOP_RELEASE_MESSAGES.sha512).waitFor();
      errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('status of 400')));
      expect(await releases.getByText('No desktop release published yet.').count()).toBe(1);

      await picker.setInputFiles([file('latest-linux.yml', metadata(sha512(installer))), file(APPIMAGE, installer), file(`${APPIMAGE}.blockmap`, randomBytes(500))]);
      expect(await chosen.getByText(DESKTOP_RELEASE_MESSAGES.sha512).count()).toBe(0);
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText('Published Linux 7.1.0', { exact: true }).first().waitFor();
      const row = releases.getByRole('row').filter({ hasText: 'Linux' });
      await row.getByText(`${APPIMAGE} (400.0 KB, sha512, blockmap)`).waitFor();
      expect(await row.getByRole('cell').nth(1).textContent()).toBe('7.1.0');
      expect(await row.getByRole('cell').nth(2).textContent()).toBe('20 Nov 2026');
      await row.getByText('Not required').waitFor();

      // keyboard: mark as required through the confirmation
      await row.getByRole('button', { name: 'Mark as required: Linux 7.1.0' }).focus();
      await page.keyboard.press('Enter');
      const ask = page.getByRole('alertdialog', { name: 'Mark as required' });
      await ask.getByText('Apps on Linux older than 7.1.0').waitFor();
      await ask.getByRole('button', { name: 'Mark as required' }).focus();
      await page.keyboard.press('Enter');
      await ask.waitFor({ state: 'hidden' });
      await row.getByText('Required', { exact: true }).waitFor();

      // the app's policy follows (strict: the answer holds these two fields and nothing else)
      const policy = await pageApi(page).call(desktopPolicySchema.strict(), 'GET', '/desktop/policy?platform=linux');
      expect(policy).toEqual({ latestVersion: '7.1.0', requiredVersion: '7.1.0' });

      await row.getByRole('button', { name: 'Not required: Linux' }).click();
      const undo = page.getByRole('alertdialog', { name: 'Not required' });
      await undo.getByRole('button', { name: 'Not required' }).click();
      await undo.waitFor({ state: 'hidden' });
      await row.getByRole('button', { name: 'Mark as required: Linux 7.1.0' }).waitFor();
      await row.getByText('Not required', { exact: true }).waitFor();
    }));
});
