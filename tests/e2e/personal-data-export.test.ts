import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import type { SaveFileInput } from '../../electron/save-file';
import { camelize } from '../../shared/api/case';
import { errorBodySchema } from '../../shared/api/common';
import { personalDataSchema, type PersonalData } from '../../shared/api/personal-data-export';
import { isoDay } from '../../shared/rules/dates';
import { personalDataFile } from '../../shared/rules/personal-data-export';
import { bindDesktopMode, useServedRenderer } from '../support/desktop-mode';
import { DEMO_USERS, signIn, useBrowser, type DemoUser, e2eHubUrl } from './helpers';
import { pageApi } from './hub-api';

// The right of access: Settings → Your data downloads the person's own archive; an admin
// downloads anyone's from Admin → Users; nobody else on the hub gets another person's.
// The desktop app's part: main's IPC handlers with a save dialog that keeps what it was given.
vi.mock('electron', () => ({}));
const { signedIn, session: openSession } = useBrowser({ noErrors: true, failureShot: 'personal-data' });

function readArchive(bytes: Uint8Array): { entries: string[]; data: PersonalData } {
  const files = unzipSync(bytes);
  return { entries: Object.keys(files).sort(), data: personalDataSchema.parse(camelize(JSON.parse(strFromU8(files['data.json'])))) };
}

/** The demo user's id, as the hub tells the signed-in page. */
const idOf = async (page: Page) => (await pageApi(page).me()).id;

describe('Your data', () => {
  it('a member downloads their own data from Settings: a spinner while the hub prepares it, then one zip with their data', () =>
    signedIn('member', async ({ page }) => {
      await page.goto('/settings');
      const card = page.getByRole('group', { name: 'Your data', exact: true });
      const button = card.getByRole('button', { name: 'Download my data' });
      await button.waitFor();
      // held back a moment so the preparing state can be seen
      await page.route('**/api/user/me/data-export', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
      const downloaded = page.waitForEvent('download');
      await button.click();
      await expect.poll(() => card.getByRole('status').textContent()).toBe('Preparing your archive…');
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe(personalDataFile('member', isoDay()));
      const { entries, data } = readArchive(new Uint8Array(await readFile(await download.path())));
      expect(entries).toEqual(expect.arrayContaining(['README.txt', 'data.json', 'data.xlsx']));
      expect(data.profile).toMatchObject({ name: DEMO_USERS.member.name, username: 'member' });
      await expect.poll(() => card.getByRole('status').textContent()).toBe('');
    }));

  it('a failed download says why in the card', () =>
    signedIn('member', async ({ page }) => {
      await page.goto('/settings');
      // no service worker: a route does not see what it fetches once it controls the page (a full
      // run's loaded machine twice got the hub's real archive, by page route and by context route)
      await page.route('**/api/user/me/data-export', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'The hub is busy.' }] }) }));
      await page.getByRole('button', { name: 'Download my data' }).click();
      const alert = page.getByText('Your data could not be downloaded.');
      await alert.waitFor();
      await expect.poll(() => page.getByText('The hub is busy.').isVisible()).toBe(true);
    }, { noErrors: false, serviceWorkers: 'block' }));
});

describe('Admin → Users → Download personal data', () => {
  it('an admin downloads a member\'s archive from the member\'s row', () =>
    signedIn('admin', async ({ page }) => {
      await page.goto('/admin');
      const table = page.getByRole('table', { name: 'Users' });
      await page.getByRole('searchbox', { name: 'Search users' }).fill('Elena Con');
      const row = table.getByRole('row').filter({ hasText: DEMO_USERS.member.name });
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: `Download personal data of ${DEMO_USERS.member.name}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(personalDataFile('member', isoDay()));
      const { data } = readArchive(new Uint8Array(await readFile(await download.path())));
      expect(data.profile.name).toBe(DEMO_USERS.member.name);
    }));

  for (const who of ['member', 'lead', 'guest', 'owner'] as DemoUser[]) {
    it(`${who} is refused another person's archive, and has no Admin → Users to ask from`, () =>
      signedIn(who, async ({ page }) => {
        const me = await idOf(page);
        // someone else's (the admin rule answers before the person is looked up)
        const res = await page.request.get(`/api/admin/users/${me === 1 ? 2 : 1}/data-export`);
        expect(res.status()).toBe(403);
        expect(errorBodySchema.parse(await res.json()).errors[0].message).toBeTruthy();
        await page.goto('/admin');
        await expect.poll(() => page.getByRole('table', { name: 'Users' }).count()).toBe(0);
      }));
  }
});

describe('Your data in the desktop app', () => {
  const renderer = useServedRenderer('hub-personal-data-');

  it('main fetches the archive with its token and hands it to the save dialog under the same name', async () => {
    const s = await openSession(renderer.url);
    try {
      const saved: SaveFileInput[] = [];
      await bindDesktopMode(s.context, {
        hubUrl: e2eHubUrl(), rendererUrl: renderer.url,
        deps: { saveFile: async (input) => { saved.push(input); return { status: 'saved', path: path.join(renderer.root, input.suggestedName) }; } },
      });
      await signIn(s.page, 'member');
      await s.page.goto('/settings');
      await s.page.getByRole('group', { name: 'Your data', exact: true }).getByRole('button', { name: 'Download my data' }).click();
      await expect.poll(() => saved.length).toBe(1);
      expect(saved[0].suggestedName).toBe(personalDataFile('member', isoDay()));
      expect(readArchive(saved[0].bytes).data.profile.name).toBe(DEMO_USERS.member.name);
      await s.page.getByText('Your data is downloaded').first().waitFor();
    } finally {
      await s.close();
    }
  });
});
