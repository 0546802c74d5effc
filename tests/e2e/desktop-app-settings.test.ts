import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IpcDeps } from '../../electron/ipc/register';
import { createDesktopPreferences } from '../../electron/settings';
import { AUTOSTART_FILE, createStartAtLogin } from '../../electron/start-at-login';
import { bindDesktopMode, emitToPage, serveRenderer } from '../support/desktop-mode';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { signIn, tabTo, useBrowser, e2eHubUrl } from './helpers';
import { axeFindings } from './axe';

// Settings → Desktop app in desktop mode: the built renderer with a window.hub bound to
// the real IPC handlers (desktop-settings:*, notifications:unread) and main's own pieces behind
// them: the settings store's keepInTray, and start at login as Linux does it (an autostart file,
// here in a temporary folder) or as macOS does it (Electron's app, faked: there is no binary).
vi.mock('electron', () => ({}));

const baseUrl = e2eHubUrl();
const KEEP = 'Keep running in the tray when the window is closed';
const LOGIN = 'Start Bitstone Hub when I sign in to my computer';

const { session: openSession } = useBrowser();
let root: string;
let renderer: { url: string; close(): Promise<void> };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hub-desktop-app-settings-'));
  // a copy: another suite's global setup may rebuild dist/renderer while this file runs
  await cp(WEB_ROOT, path.join(root, 'web'), { recursive: true });
  renderer = await serveRenderer(path.join(root, 'web'));
});
afterAll(async () => {
  await renderer?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** main's handlers as electron/main.ts wires them, with this platform's desktop pieces. */
async function bind(context: BrowserContext, desktop: Pick<IpcDeps, 'desktopSettings' | 'onUnreadCount'>) {
  // as in the app: signing out clears the offline cache
  await bindDesktopMode(context, { hubUrl: baseUrl, rendererUrl: renderer.url, offlineCacheDir: path.join(root, 'offline-cache'), deps: desktop });
}

function memoryStore() {
  const data = new Map<string, unknown>();
  return { get: (k: string) => data.get(k), set: (k: string, v: unknown) => void data.set(k, v), delete: (k: string) => void data.delete(k) };
}


async function openSettings(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('group', { name: 'Desktop app' });
  await section.waitFor();
  return section;
}

describe('Settings → Desktop app (desktop mode)', () => {
  it('Linux: both switches, off at first, saved through main: the tray setting kept, the autostart file written and removed', async () => {
    const s = await openSession(renderer.url);
    try {
      const preferences = createDesktopPreferences(memoryStore());
      const autostart = path.join(root, 'config', 'autostart');
      const app = { getLoginItemSettings: vi.fn(), setLoginItemSettings: vi.fn() };
      const counts: Array<number | null> = [];
      await bind(s.context, {
        desktopSettings: { platform: 'linux', preferences, startAtLogin: createStartAtLogin({ platform: 'linux', app, autostartDir: autostart, command: ['/opt/Bitstone Hub/bitstone-hub'] }) },
        onUnreadCount: (count) => counts.push(count),
      });
      const { page } = s;
      await signIn(page, 'admin');
      // the bell tells main its count for the tray as soon as it has one
      await expect.poll(() => counts.some((c) => typeof c === 'number')).toBe(true);
      // the tray's Notifications item: main sends 'show', the bell opens its list
      await emitToPage(page, 'onNotifications', { type: 'show' });
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'hidden' });

      const section = await openSettings(page);
      const keep = section.getByRole('switch', { name: KEEP });
      const login = section.getByRole('switch', { name: LOGIN });
      expect(await keep.isChecked()).toBe(false);
      expect(await login.isChecked()).toBe(false);
      expect(await axeFindings(page), 'signed in').toEqual([]);

      await keep.click();
      await page.getByText('Successful').first().waitFor();
      await expect.poll(() => preferences.keepInTray()).toBe(true);
      expect(await keep.isChecked()).toBe(true);

      // keyboard: Tab to the switch, Space flips it
      await tabTo(page, login);
      await page.keyboard.press('Space');
      const file = path.join(autostart, AUTOSTART_FILE);
      await expect.poll(() => stat(file).then(() => true, () => false)).toBe(true);
      expect(await readFile(file, 'utf8')).toContain('Exec="/opt/Bitstone Hub/bitstone-hub"\n');
      await expect.poll(() => login.isChecked()).toBe(true);
      expect(app.setLoginItemSettings).not.toHaveBeenCalled();

      // a reload reads both back from main
      await page.reload();
      const again = page.getByRole('group', { name: 'Desktop app' });
      await again.getByRole('switch', { name: KEEP }).waitFor().catch(async (error: unknown) => {
        await page.screenshot({ path: path.join(os.tmpdir(), 'desktop-app-settings-reload.png') });
        throw error;
      });
      await expect.poll(() => again.getByRole('switch', { name: KEEP }).isChecked()).toBe(true);
      expect(await again.getByRole('switch', { name: LOGIN }).isChecked()).toBe(true);
      await page.screenshot({ path: path.join(os.tmpdir(), 'desktop-app-settings-linux.png') });

      await again.getByRole('switch', { name: LOGIN }).click();
      await expect.poll(() => stat(file).then(() => true, () => false)).toBe(false);
      await again.getByRole('switch', { name: KEEP }).click();
      await expect.poll(() => preferences.keepInTray()).toBe(false);

      // signed out, the bell is gone and main hears there is nothing to count; Settings stays,
      // standing alone, and the app's own switches with it
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('button', { name: 'Back' }).waitFor();
      await expect.poll(() => counts.at(-1)).toBeNull();
      await page.getByRole('group', { name: 'Desktop app' }).getByRole('switch', { name: LOGIN }).waitFor();
      // polled: the account drawer is still animating out, aria-hidden around its focused Logout
      await expect.poll(() => axeFindings(page), { timeout: 5_000 }).toEqual([]);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('macOS: no tray switch; start at login goes to the system’s login items', async () => {
    const s = await openSession(renderer.url);
    try {
      const system = { openAtLogin: false };
      const app = { getLoginItemSettings: () => ({ ...system }), setLoginItemSettings: vi.fn((v: { openAtLogin: boolean }) => void (system.openAtLogin = v.openAtLogin)) };
      await bind(s.context, {
        desktopSettings: { platform: 'darwin', preferences: createDesktopPreferences(memoryStore()), startAtLogin: createStartAtLogin({ platform: 'darwin', app, autostartDir: '/nowhere', command: [] }) },
      });
      const { page } = s;
      await signIn(page, 'member');
      const section = await openSettings(page);
      const login = section.getByRole('switch', { name: LOGIN });
      await login.waitFor();
      expect(await section.getByRole('switch', { name: KEEP }).count()).toBe(0);
      await login.click();
      await page.getByText('Successful').first().waitFor();
      expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
      expect(await login.isChecked()).toBe(true);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('a refusal from main shows as a failure and the switch stays as it was', async () => {
    const s = await openSession(renderer.url);
    try {
      const startAtLogin = { available: true, enabled: async () => false, set: async () => Promise.reject(new Error('EACCES')), refresh: async () => {} };
      await bind(s.context, { desktopSettings: { platform: 'linux', preferences: createDesktopPreferences(memoryStore()), startAtLogin } });
      const { page } = s;
      await signIn(page, 'member');
      const section = await openSettings(page);
      const login = section.getByRole('switch', { name: LOGIN });
      await login.click();
      await page.getByText('Failed').first().waitFor();
      expect(await login.isChecked()).toBe(false);
    } finally {
      await s.close();
    }
  });
});
