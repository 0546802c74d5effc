import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { ipcSchemas, IPC_EVENTS, type IpcResult } from '../../shared/ipc';
import { json, startFakeHub } from './support/fake-hub';

// main.ts is only wiring; this checks the wiring with every Electron object faked: the window it
// opens, what it loads, the IPC it registers, the hub it forks and how it stops on quit.

const electron = vi.hoisted(() => {
  const appEvents = new Map<string, (...args: unknown[]) => void>();
  // What main did at start-up is kept here, not read from vi.fn calls: vitest clears those
  // before each test, and main starts once, before the first.
  const children: Array<{ entry: string; options: { env?: Record<string, string> }; posted: unknown[]; emit(event: string, ...args: unknown[]): boolean }> = [];
  const windows: Array<{ options: Record<string, unknown>; loaded: string[]; webContents: { send: ReturnType<typeof vi.fn> }; removeMenu: ReturnType<typeof vi.fn>; listeners: Array<[string, (...args: unknown[]) => void]>; hide: ReturnType<typeof vi.fn>; show: ReturnType<typeof vi.fn> }> = [];
  // the menu main sets, and the About box it shows
  const menus: Array<Array<Record<string, unknown>>> = [];
  const messageBoxes: Array<Record<string, unknown>> = [];
  // the tray main puts up (Linux here), with what was set on it
  const trays: Array<{ icon: unknown; toolTip: string; menu: Array<{ label?: string; click?: () => void }> }> = [];
  // the link schemes main registered with the system
  const protocols: string[] = [];
  return {
    protocols,
    appEvents,
    children,
    windows,
    menus,
    messageBoxes,
    trays,
    handlers: new Map<string, (event: unknown, payload?: unknown) => Promise<unknown>>(),
    // the OS asks for dark; the person's choice arrives over theme:set
    nativeTheme: { themeSource: 'system', shouldUseDarkColors: true, shouldUseHighContrastColors: false },
  };
});

vi.mock('electron', () => {
  const app = {
    isPackaged: false,
    requestSingleInstanceLock: () => true,
    setAsDefaultProtocolClient: (scheme: string) => electron.protocols.push(scheme) > 0,
    on: (name: string, fn: (...args: unknown[]) => void) => electron.appEvents.set(name, fn),
    whenReady: () => Promise.resolve(),
    getAppPath: () => '/opt/hub',
    getVersion: () => '0.1.0',
    getPath: (name: string) => `/home/ada/.config/${name}`,
    quit: vi.fn(),
    setBadgeCount: () => true,
  };
  class BrowserWindow {
    webContents = {
      on: vi.fn(),
      setWindowOpenHandler: vi.fn(),
      send: vi.fn(),
      session: { webRequest: { onHeadersReceived: vi.fn() }, setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() },
    };
    loaded: string[] = [];
    loadFile = async (file: string) => void this.loaded.push(file);
    loadURL = vi.fn(async () => {});
    removeMenu = vi.fn();
    once = vi.fn();
    // kept, not a vi.fn: main registers them once, before the first test
    listeners: Array<[string, (...args: unknown[]) => void]> = [];
    on = (event: string, listener: (...args: unknown[]) => void) => {
      this.listeners.push([event, listener]);
      return this;
    };
    hide = vi.fn();
    // what the window-state tracker reads when the window closes
    isFullScreen = () => false;
    isMaximized = () => false;
    getNormalBounds = () => ({ x: 320, y: 110, width: 1280, height: 820 });
    isDestroyed = () => false;
    isMinimized = () => false;
    restore = vi.fn();
    show = vi.fn();
    focus = vi.fn();
    constructor(public options: Record<string, unknown>) {
      electron.windows.push(this);
    }
  }
  const utilityProcess = {
    fork: (entry: string, _args: string[], options: { env?: Record<string, string> }) => {
      const child = Object.assign(new EventEmitter(), { entry, options, posted: [] as unknown[], kill: vi.fn() });
      const postMessage = (m: unknown) => {
        child.posted.push(m);
        setTimeout(() => child.emit('exit', 0), 1);
      };
      Object.assign(child, { postMessage });
      electron.children.push(child);
      return child;
    },
  };
  return {
    app,
    BrowserWindow,
    utilityProcess,
    // main's notification poller raises these (tests/main/notifications.test.ts covers it)
    Notification: class { static isSupported = () => false; on = vi.fn(); show = vi.fn(); },
    nativeTheme: electron.nativeTheme,
    dialog: {
      showSaveDialog: vi.fn(),
      showMessageBox: async (_window: unknown, options: Record<string, unknown>) => {
        electron.messageBoxes.push(options);
        return { response: 0, checkboxChecked: false };
      },
    },
    clipboard: { writeText: vi.fn() },
    Tray: class {
      entry: (typeof electron.trays)[number];
      constructor(icon: unknown) {
        this.entry = { icon, toolTip: '', menu: [] };
        electron.trays.push(this.entry);
      }
      setToolTip = (text: string) => void (this.entry.toolTip = text);
      setContextMenu = (menu: (typeof electron.trays)[number]['menu']) => void (this.entry.menu = menu);
      on = vi.fn();
      destroy = vi.fn();
    },
    nativeImage: {
      createFromPath: (file: string) => ({ resize: () => ({ toPNG: () => Buffer.from(file) }) }),
      createEmpty: () => ({ representations: [] as unknown[], addRepresentation(r: unknown) { this.representations.push(r); } }),
    },
    Menu: {
      buildFromTemplate: (template: Array<Record<string, unknown>>) => template,
      setApplicationMenu: (menu: Array<Record<string, unknown>>) => void electron.menus.push(menu),
    },
    // one 1920×1080 display with a taskbar
    screen: (() => {
      const display = { bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, scaleFactor: 1 };
      return { getAllDisplays: () => [display], getPrimaryDisplay: () => display };
    })(),
    shell: { openExternal: vi.fn() },
    safeStorage: { isEncryptionAvailable: () => true, getSelectedStorageBackend: () => 'gnome_libsecret', encryptString: (s: string) => Buffer.from(s), decryptString: (b: Buffer) => b.toString() },
    // Chromium's fetch in the app; Node's has the same shape for the fake hub below
    net: { fetch: (url: string, init: RequestInit) => fetch(url, init) },
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, payload?: unknown) => Promise<unknown>) => electron.handlers.set(channel, fn),
      removeHandler: vi.fn(),
    },
  };
});

vi.mock('electron-store', () => ({
  default: class {
    private data = new Map<string, unknown>();
    get = (key: string) => this.data.get(key);
    set = (key: string, value: unknown) => void this.data.set(key, value);
    delete = (key: string) => void this.data.delete(key);
  },
}));

const APP_URL = 'file:///opt/hub/dist/renderer/index.html';

describe('main.ts', async () => {
  await import('../../electron/main');
  await new Promise((resolve) => setTimeout(resolve, 0));

  it('opens one hardened window on the packaged renderer, with the preload', () => {
    expect(electron.windows).toHaveLength(1);
    const [window] = electron.windows;
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload: '/opt/hub/dist/electron/preload.cjs' });
    expect(window.loaded).toEqual(['/opt/hub/dist/renderer/index.html']);
  });

  it('opens the window at its default size, centred on the primary display, the first time', () => {
    expect(electron.windows[0].options).toMatchObject({ x: 320, y: 110, width: 1280, height: 820 });
  });

  it("sets the app's own menu instead of removing it, with no 'Electron' in it", () => {
    expect(electron.windows[0].removeMenu).not.toHaveBeenCalled();
    expect(electron.menus).toHaveLength(1);
    const [menu] = electron.menus;
    expect(menu.map((m) => m.label)).toContain('Go');
    expect(JSON.stringify(menu)).not.toMatch(/electron/i);
  });

  it("the Go menu opens a screen through the notification click's channel", () => {
    const go = electron.menus[0].find((m) => m.label === 'Go')?.submenu as Array<{ label: string; click: () => void }>;
    go.find((i) => i.label === 'Holidays')?.click();
    expect(electron.windows[0].webContents.send).toHaveBeenCalledWith(IPC_EVENTS.notificationOpen, { link: '/holidays' });
  });

  it("the Go menu is built again with the objective area's entries the page reports, and back to everyone's on sign-out", async () => {
    const goLabels = () => ((electron.menus.at(-1)?.find((m) => m.label === 'Go')?.submenu ?? []) as Array<{ label?: string }>).map((i) => i.label).filter(Boolean);
    expect(goLabels()).not.toContain('Approvals');
    const send = (payload: unknown, url = APP_URL) => electron.handlers.get('menu:area-screens')?.({ senderFrame: { url } }, payload);
    expect(await send({ screens: ['objectives', 'approvals', 'plans', 'timeline', 'statistics', 'alignment'] })).toEqual({ ok: true, data: null });
    expect(goLabels()).toEqual(expect.arrayContaining(['Objectives', 'Approvals', 'Plans', 'Timeline', 'Statistics', 'Alignment']));
    const built = electron.menus.length;
    expect(await send({ screens: ['objectives', 'admin'] })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await send({ screens: ['objectives'] }, 'https://evil.example.com/')).toMatchObject({ ok: false, error: { status: 403 } });
    expect(electron.menus).toHaveLength(built);
    expect(await send({ screens: null })).toEqual({ ok: true, data: null });
    expect(goLabels()).not.toContain('Approvals');
    expect(goLabels()).not.toContain('Statistics');
    expect(goLabels()).toContain('Plans');
  });

  it("a second start's link opens its screen once the page has asked for the one that waited", async () => {
    // Linux, unpackaged: nothing registered (the installed app's .desktop file does it, electron/deep-links.ts)
    expect(electron.protocols).toEqual([]);
    const taken = (await electron.handlers.get('app-link:take')?.({ senderFrame: { url: APP_URL } })) as IpcResult<'app-link:take'>;
    expect(taken).toEqual({ ok: true, data: null });
    electron.appEvents.get('second-instance')?.({}, ['/opt/hub/bitstone-hub', '--no-sandbox', 'bitstone-hub://objective/12']);
    expect(electron.windows[0].webContents.send).toHaveBeenCalledWith(IPC_EVENTS.notificationOpen, { link: '/objective-tracking/objective-details?id=12' });
  });

  it('Help → About Bitstone Hub shows the app, Electron, Chromium and Node versions, and a hub that has not answered as not connected', async () => {
    const help = electron.menus[0].find((m) => m.label === 'Help')?.submenu as Array<{ label: string; click: () => void }>;
    help.find((i) => i.label === 'About Bitstone Hub')?.click();
    // the embedded hub never says it is ready here: the box waits its 3 s for it, no longer
    await vi.waitFor(() => expect(electron.messageBoxes).toHaveLength(1), { timeout: 5000 });
    const detail = electron.messageBoxes[0].detail as string;
    expect(detail).toContain('Version 0.1.0');
    expect(detail).toContain('Hub: not connected');
    // process.versions as Node has them: no Electron or Chromium outside Electron
    expect(detail).toMatch(/^Electron: .*$/m);
    expect(detail).toMatch(/^Chromium: .*$/m);
    expect(detail).toContain(`Node: ${process.versions.node}`);
  });

  it('registers the offline write queue: its channels answer the app page only, with checked payloads', async () => {
    const call = (channel: string, url: string, payload: unknown) => electron.handlers.get(channel)?.({ senderFrame: { url } }, payload) as Promise<IpcResult<'queue:list'>>;
    for (const channel of ['queue:add', 'queue:list', 'queue:cancel']) {
      expect((await call(channel, 'https://evil.example.com', { userId: 7 })) ?? null, channel).toMatchObject({ ok: false, error: { status: 403 } });
      expect((await call(channel, APP_URL, { userId: 'seven' })) ?? null, channel).toMatchObject({ ok: false, error: { status: 400 } });
    }
  });

  it("paints the window's own background in the theme the OS asks for", () => {
    expect(electron.windows[0].options.backgroundColor).toBe('#1f1f1f');
  });

  it("sets nativeTheme to the person's theme choice from the app page, and to nothing from elsewhere", async () => {
    const send = (url: string, choice: unknown) => electron.handlers.get('theme:set')?.({ senderFrame: { url } }, { choice }) as Promise<IpcResult<'theme:set'>>;
    expect(await send(`${APP_URL}#/settings`, 'light')).toEqual({ ok: true, data: null });
    expect(electron.nativeTheme.themeSource).toBe('light');
    expect((await send('https://evil.example.com', 'dark')).ok).toBe(false);
    expect((await send(APP_URL, 'sepia')).ok).toBe(false);
    expect(electron.nativeTheme.themeSource).toBe('light');
    expect(await send(APP_URL, 'system')).toEqual({ ok: true, data: null });
    expect(electron.nativeTheme.themeSource).toBe('system');
  });

  it('starts the embedded hub beside the window, with its data in the user-data folder', () => {
    expect(electron.children).toHaveLength(1);
    const [{ entry, options }] = electron.children;
    expect(entry).toBe('/opt/hub/dist/server/hub.mjs');
    expect(options.env).toMatchObject({ HUB_DATA_DIR: '/home/ada/.config/userData/hub-data', PORT: '0', HUB_MIGRATIONS_DIR: '/opt/hub/dist/server/migrations' });
  });

  it('registers a handler for every channel, which answers the app page', async () => {
    expect([...electron.handlers.keys()].sort()).toEqual(Object.keys(ipcSchemas).sort());
    const settings = (await electron.handlers.get('settings:get')?.({ senderFrame: { url: `${APP_URL}#/settings` } })) as IpcResult<'settings:get'>;
    expect(settings).toEqual({ ok: true, data: { hubUrl: null, activeUrl: null, embeddedStatus: 'starting', tokenPersistence: 'encrypted' } });
    const foreign = (await electron.handlers.get('settings:get')?.({ senderFrame: { url: 'https://evil.example.com' } })) as IpcResult<'settings:get'>;
    expect(foreign.ok).toBe(false);
  });

  it('tells the window when the hub ends the session', async () => {
    const hub = await startFakeHub({
      'GET /api/health': (_req, res) => json(res, 200, { data: { status: 'ok' } }),
      'GET /api/user/team': (_req, res) => json(res, 401, { errors: [{ message: 'Your session has ended.' }] }),
    });
    try {
      electron.children[0].emit('message', { type: 'ready', url: hub.url });
      const result = (await electron.handlers.get('hub:request')?.({ senderFrame: { url: APP_URL } }, { method: 'GET', path: '/user/team' })) as IpcResult<'hub:request'>;
      expect(result).toMatchObject({ ok: false, error: { status: 401 } });
      expect(electron.windows[0].webContents.send).toHaveBeenCalledWith(IPC_EVENTS.sessionEnded);
    } finally {
      await hub.close();
    }
  });

  it('puts the app icon in the tray, with the unread count the page reports, and its menu wired', async () => {
    expect(electron.trays).toHaveLength(1);
    const [tray] = electron.trays;
    expect(tray.toolTip).toBe('Bitstone Hub');
    expect(await electron.handlers.get('notifications:unread')?.({ senderFrame: { url: APP_URL } }, { count: 3 })).toEqual({ ok: true, data: null });
    expect(tray.toolTip).toBe('Bitstone Hub — 3 unread notifications');
    tray.menu.find((i) => i.label === 'Notifications')?.click?.();
    expect(electron.windows[0].show).toHaveBeenCalled();
    expect(electron.windows[0].webContents.send).toHaveBeenCalledWith(IPC_EVENTS.notificationsShow);
    tray.menu.find((i) => i.label === 'Quit Bitstone Hub')?.click?.();
    const { app } = await import('electron');
    expect(app.quit).toHaveBeenCalled();
  });

  it('closing the window hides it in the tray once Settings turns that on', async () => {
    const close = () => {
      const event = { preventDefault: vi.fn() };
      for (const [name, listener] of electron.windows[0].listeners) if (name === 'close') listener(event);
      return event;
    };
    expect(close().preventDefault).not.toHaveBeenCalled();
    const saved = (await electron.handlers.get('desktop-settings:set')?.({ senderFrame: { url: APP_URL } }, { keepInTray: true })) as IpcResult<'desktop-settings:set'>;
    expect(saved).toMatchObject({ ok: true, data: { platform: process.platform, keepInTray: true } });
    expect(close().preventDefault).toHaveBeenCalled();
    expect(electron.windows[0].hide).toHaveBeenCalled();
  });

  it('stops the embedded hub before quitting', async () => {
    const event = { preventDefault: vi.fn() };
    electron.appEvents.get('before-quit')?.(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(electron.children[0].posted).toEqual([{ type: 'stop' }]);
  });

  it('once quitting, the window kept in the tray closes for good', () => {
    const event = { preventDefault: vi.fn() };
    for (const [name, listener] of electron.windows[0].listeners) if (name === 'close') listener(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
