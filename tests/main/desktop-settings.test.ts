import { describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers, type IpcDeps } from '../../electron/ipc/register';
import { trustedSender } from '../../electron/ipc/sender';
import { createDesktopPreferences, createSettingsStore } from '../../electron/settings';
import type { StartAtLogin } from '../../electron/start-at-login';
import { memoryTokenStore, type KeyValueStore } from '../../electron/token-store';
import type { HubSettings, IpcChannel } from '../../shared/ipc';

// Settings → Desktop app over IPC: the tray switch in the settings store, the login
// switch from the system, each payload checked before anything changes; and the bell's count.

vi.mock('electron', () => ({}));

const APP_URL = 'file:///opt/Bitstone%20Hub/resources/app.asar/dist/renderer/index.html';
const appFrame = { senderFrame: { url: `${APP_URL}#/settings` } };

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) };
}

function fakeLogin(available = true): StartAtLogin & { on: boolean } {
  const login = {
    on: false,
    available,
    enabled: async () => login.on,
    set: vi.fn(async (on: boolean) => void (login.on = on)),
    refresh: async () => {},
  };
  return login;
}

function setup(platform: NodeJS.Platform, overrides: Partial<IpcDeps> = {}) {
  const store = memoryStore();
  const preferences = createDesktopPreferences(store);
  const startAtLogin = fakeLogin(platform !== 'freebsd');
  const settings: HubSettings = { hubUrl: null, activeUrl: null, embeddedStatus: 'off', tokenPersistence: 'memory' };
  const deps: IpcDeps = {
    hub: new HubClient({ fetch, resolveTarget: async () => ({ key: 'embedded', url: 'http://127.0.0.1:9' }), tokens: memoryTokenStore() }),
    connection: { settings: () => settings, setHubUrl: async () => settings },
    saveFile: vi.fn(),
    openExternal: vi.fn(),
    isTrustedSender: trustedSender(APP_URL),
    desktopSettings: { platform, preferences, startAtLogin },
    ...overrides,
  };
  return { store, preferences, startAtLogin, handlers: createIpcHandlers(deps) };
}

describe('desktop preferences in the settings store', () => {
  it('keep in tray: off by default, kept under its own key, off again removes it', () => {
    const store = memoryStore();
    const preferences = createDesktopPreferences(store);
    expect(preferences.keepInTray()).toBe(false);
    preferences.setKeepInTray(true);
    expect(store.data.get('keepInTray')).toBe(true);
    expect(createDesktopPreferences(store).keepInTray()).toBe(true);
    preferences.setKeepInTray(false);
    expect(store.data.has('keepInTray')).toBe(false);
  });

  it('a hand-edited value that is not true reads as off', () => {
    const store = memoryStore();
    store.set('keepInTray', 'yes');
    expect(createDesktopPreferences(store).keepInTray()).toBe(false);
  });

  it('leaves the hub address alone', () => {
    const store = memoryStore();
    const hub = createSettingsStore(store);
    hub.setHubUrl('https://hub.example.com/');
    createDesktopPreferences(store).setKeepInTray(true);
    expect(hub.hubUrl()).toBe('https://hub.example.com');
  });
});

describe('desktop-settings IPC', () => {
  it('Linux and Windows: both switches, off by default', async () => {
    for (const platform of ['linux', 'win32'] as const) {
      expect(await setup(platform).handlers['desktop-settings:get'](appFrame)).toEqual({
        ok: true,
        data: { platform, trayAvailable: true, keepInTray: false, startAtLoginAvailable: true, startAtLogin: false },
      });
    }
  });

  it('saves each switch and answers what is now in force', async () => {
    const { handlers, preferences, startAtLogin } = setup('linux');
    expect(await handlers['desktop-settings:set'](appFrame, { keepInTray: true })).toMatchObject({ ok: true, data: { keepInTray: true, startAtLogin: false } });
    expect(preferences.keepInTray()).toBe(true);
    expect(await handlers['desktop-settings:set'](appFrame, { startAtLogin: true })).toMatchObject({ ok: true, data: { keepInTray: true, startAtLogin: true } });
    expect(startAtLogin.set).toHaveBeenLastCalledWith(true);
    expect(await handlers['desktop-settings:set'](appFrame, { keepInTray: false, startAtLogin: false })).toMatchObject({ ok: true, data: { keepInTray: false, startAtLogin: false } });
  });

  it('macOS: no tray switch, and one cannot be set', async () => {
    const { handlers, preferences } = setup('darwin');
    expect(await handlers['desktop-settings:get'](appFrame)).toMatchObject({ ok: true, data: { platform: 'darwin', trayAvailable: false, keepInTray: false, startAtLoginAvailable: true } });
    const refused = await handlers['desktop-settings:set'](appFrame, { keepInTray: true });
    expect(refused).toMatchObject({ ok: false, error: { status: 400, errors: [{ field: 'keepInTray' }] } });
    expect(preferences.keepInTray()).toBe(false);
  });

  it('a system that cannot start the app at login refuses the switch', async () => {
    const { handlers, startAtLogin } = setup('freebsd');
    expect(await handlers['desktop-settings:get'](appFrame)).toMatchObject({ ok: true, data: { platform: 'other', trayAvailable: false, startAtLoginAvailable: false } });
    expect(await handlers['desktop-settings:set'](appFrame, { startAtLogin: true })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(startAtLogin.set).not.toHaveBeenCalled();
  });

  it.each<[IpcChannel, unknown]>([
    ['desktop-settings:set', {}],
    ['desktop-settings:set', { keepInTray: 'yes' }],
    ['desktop-settings:set', { startAtLogin: 1 }],
    ['desktop-settings:set', { keepInTray: true, hubUrl: 'https://evil.example.com' }],
    ['desktop-settings:set', null],
    ['desktop-settings:get', { keepInTray: true }],
    ['notifications:unread', { count: -1 }],
    ['notifications:unread', { count: 1.5 }],
    ['notifications:unread', { count: '3' }],
    ['notifications:unread', {}],
  ])('refuses a malformed %s payload %j with a 400, changing nothing', async (channel, payload) => {
    const onUnreadCount = vi.fn();
    const { handlers, preferences, startAtLogin } = setup('linux', { onUnreadCount });
    const result = await handlers[channel](appFrame, payload);
    expect(result).toMatchObject({ ok: false, error: { status: 400, serverError: false } });
    expect(preferences.keepInTray()).toBe(false);
    expect(startAtLogin.set).not.toHaveBeenCalled();
    expect(onUnreadCount).not.toHaveBeenCalled();
  });

  it('answers only the app page', async () => {
    const { handlers, preferences } = setup('linux');
    const result = await handlers['desktop-settings:set']({ senderFrame: { url: 'https://evil.example.com/' } }, { keepInTray: true });
    expect(result).toMatchObject({ ok: false, error: { status: 403 } });
    expect(preferences.keepInTray()).toBe(false);
  });

  it('without a desktop app around it (the web rig), answers 503', async () => {
    const { handlers } = setup('linux', { desktopSettings: undefined });
    expect(await handlers['desktop-settings:get'](appFrame)).toMatchObject({ ok: false, error: { status: 503 } });
  });
});

describe('notifications:unread', () => {
  it('hands the bell’s count, or null once signed out, to the tray', async () => {
    const onUnreadCount = vi.fn();
    const { handlers } = setup('linux', { onUnreadCount });
    expect(await handlers['notifications:unread'](appFrame, { count: 3 })).toEqual({ ok: true, data: null });
    expect(await handlers['notifications:unread'](appFrame, { count: null })).toEqual({ ok: true, data: null });
    expect(onUnreadCount.mock.calls).toEqual([[3], [null]]);
  });
});
