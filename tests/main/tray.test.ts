import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSTART_FILE, autostartDir, autostartEntry, createStartAtLogin, execArgument, linuxLaunchCommand } from '../../electron/start-at-login';
import { closeToTray, createUnreadIndicator, trayIcon, trayToolTip } from '../../electron/tray';

// The tray (Windows, Linux) and the dock badge (macOS) with the unread count, closing
// to the tray, and starting at login. Electron's Tray, Menu, app and nativeImage are fakes handed
// in as main.ts hands in the real ones.

vi.mock('electron', () => ({}));

type Template = MenuItemConstructorOptions[];

/** Electron's Tray, keeping what was set on it. */
class FakeTray {
  static made: FakeTray[] = [];
  toolTip = '';
  menu: Template = [];
  menusSet = 0;
  click?: () => void;
  destroyed = false;
  constructor(public icon: unknown) {
    FakeTray.made.push(this);
  }
  setToolTip(text: string) {
    this.toolTip = text;
  }
  setContextMenu(menu: Template) {
    this.menu = menu;
    this.menusSet++;
  }
  on(event: string, listener: () => void) {
    if (event === 'click') this.click = listener;
    return this;
  }
  destroy() {
    this.destroyed = true;
  }
}

function indicator(platform: NodeJS.Platform) {
  FakeTray.made = [];
  const app = { dock: platform === 'darwin' ? { setBadge: vi.fn() } : undefined, setBadgeCount: vi.fn(() => true) };
  const actions = { open: vi.fn(), openNotifications: vi.fn(), quit: vi.fn() };
  const unread = createUnreadIndicator({ platform, app, Tray: FakeTray, icon: '/opt/hub/resources/icon.png', buildMenu: (template: Template) => template, ...actions });
  return { unread, app, actions, tray: FakeTray.made[0] as FakeTray | undefined };
}

const labels = (menu: Template) => menu.map((item) => (item.type === 'separator' ? '—' : `${item.label}${item.enabled === false ? ' (disabled)' : ''}`));
const item = (menu: Template, label: string) => menu.find((i) => i.label === label) as MenuItemConstructorOptions & { click: () => void };

describe('the tray and the dock badge', () => {
  it.each<NodeJS.Platform>(['linux', 'win32'])('puts the app icon in the tray on %s', (platform) => {
    const { tray } = indicator(platform);
    expect(FakeTray.made).toHaveLength(1);
    expect(tray?.icon).toBe('/opt/hub/resources/icon.png');
  });

  it('makes no tray on macOS', () => {
    indicator('darwin');
    expect(FakeTray.made).toEqual([]);
  });

  it('signed out: the app name alone, and only Open and Quit', () => {
    const { tray } = indicator('linux');
    expect(tray?.toolTip).toBe('Bitstone Hub');
    expect(labels(tray!.menu)).toEqual(['Open Bitstone Hub', '—', 'Quit Bitstone Hub']);
  });

  it.each([
    [0, 'Bitstone Hub — no unread notifications', 'No unread notifications'],
    [1, 'Bitstone Hub — 1 unread notification', '1 unread notification'],
    [3, 'Bitstone Hub — 3 unread notifications', '3 unread notifications'],
  ])('with %i unread: the tooltip and a disabled count line above Notifications', (count, toolTip, line) => {
    const { tray, unread } = indicator('win32');
    unread.setUnread(count);
    expect(tray?.toolTip).toBe(toolTip);
    expect(labels(tray!.menu)).toEqual(['Open Bitstone Hub', '—', `${line} (disabled)`, 'Notifications', '—', 'Quit Bitstone Hub']);
  });

  it('the menu opens the window, the notifications and quits; a click opens the window', () => {
    const { tray, unread, actions } = indicator('linux');
    unread.setUnread(3);
    item(tray!.menu, 'Open Bitstone Hub').click();
    expect(actions.open).toHaveBeenCalledTimes(1);
    item(tray!.menu, 'Notifications').click();
    expect(actions.openNotifications).toHaveBeenCalledTimes(1);
    item(tray!.menu, 'Quit Bitstone Hub').click();
    expect(actions.quit).toHaveBeenCalledTimes(1);
    tray!.click?.();
    expect(actions.open).toHaveBeenCalledTimes(2);
  });

  it('sets the menu again only when the count changes (Linux shows a new menu only once set)', () => {
    const { tray, unread } = indicator('linux');
    unread.setUnread(2);
    unread.setUnread(2);
    expect(tray?.menusSet).toBe(2); // the signed-out one, then 2
    unread.setUnread(null);
    expect(tray?.toolTip).toBe('Bitstone Hub');
  });

  it('macOS: the count on the dock badge, nothing when there is none', () => {
    const { unread, app } = indicator('darwin');
    unread.setUnread(3);
    expect(app.dock?.setBadge).toHaveBeenLastCalledWith('3');
    unread.setUnread(0);
    expect(app.dock?.setBadge).toHaveBeenLastCalledWith('');
    unread.setUnread(12);
    unread.setUnread(null);
    expect(app.dock?.setBadge).toHaveBeenLastCalledWith('');
    expect(app.setBadgeCount).not.toHaveBeenCalled();
  });

  it('Linux: the launcher badge too (Unity-style docks), cleared when signed out', () => {
    const { unread, app } = indicator('linux');
    unread.setUnread(3);
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(3);
    unread.setUnread(null);
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(0);
  });

  it('Windows: no launcher badge call (not supported there)', () => {
    const { unread, app } = indicator('win32');
    unread.setUnread(3);
    expect(app.setBadgeCount).not.toHaveBeenCalled();
  });

  it('destroy() takes the tray away', () => {
    const { unread, tray } = indicator('win32');
    unread.destroy();
    expect(tray?.destroyed).toBe(true);
  });

  it('tooltip texts', () => {
    expect(trayToolTip(null)).toBe('Bitstone Hub');
    expect(trayToolTip(25)).toBe('Bitstone Hub — 25 unread notifications');
  });

  it('sizes the 512 px icon for the tray: per display scale on Windows, 32 px on Linux', () => {
    const sizes: number[] = [];
    const reps: Array<{ scaleFactor: number }> = [];
    const images = {
      createFromPath: () => ({ resize: ({ width }: { width: number }) => (sizes.push(width), { toPNG: () => Buffer.from([width]) }) }),
      createEmpty: () => ({ addRepresentation: (o: { scaleFactor: number }) => void reps.push(o) }),
    };
    trayIcon(images, '/x/icon.png', 'win32');
    expect(sizes).toEqual([16, 20, 24, 32]);
    expect(reps.map((r) => r.scaleFactor)).toEqual([1, 1.25, 1.5, 2]);
    sizes.length = 0;
    trayIcon(images, '/x/icon.png', 'linux');
    expect(sizes).toEqual([32]);
  });
});

/** BrowserWindow's close event, with preventDefault as Electron gives it. */
function fakeWindow() {
  let listener: ((event: { preventDefault(): void }) => void) | undefined;
  const window = {
    on: (_event: 'close', l: typeof listener) => void (listener = l),
    hide: vi.fn(),
  };
  const close = () => {
    let prevented = false;
    listener?.({ preventDefault: () => (prevented = true) });
    return { closed: !prevented };
  };
  return { window, close };
}

describe('keep running in the tray', () => {
  it('with the setting on, closing the window hides it instead', () => {
    const { window, close } = fakeWindow();
    closeToTray(window, { platform: 'win32', enabled: () => true });
    expect(close()).toEqual({ closed: false });
    expect(window.hide).toHaveBeenCalledTimes(1);
  });

  it('with the setting off, closing closes (the app then quits)', () => {
    const { window, close } = fakeWindow();
    closeToTray(window, { platform: 'linux', enabled: () => false });
    expect(close()).toEqual({ closed: true });
    expect(window.hide).not.toHaveBeenCalled();
  });

  it('reads the setting at each close: switched on later, it applies at once', () => {
    const { window, close } = fakeWindow();
    const setting = { on: false };
    closeToTray(window, { platform: 'linux', enabled: () => setting.on });
    setting.on = true;
    expect(close()).toEqual({ closed: false });
  });

  it('Quit (the tray’s, the app menu’s, or Windows ending the session) really closes it', () => {
    const { window, close } = fakeWindow();
    const closing = closeToTray(window, { platform: 'linux', enabled: () => true });
    closing.quitting();
    expect(close()).toEqual({ closed: true });
    expect(window.hide).not.toHaveBeenCalled();
  });

  it('never on macOS, which has no tray', () => {
    const { window, close } = fakeWindow();
    closeToTray(window, { platform: 'darwin', enabled: () => true });
    expect(close()).toEqual({ closed: true });
  });
});

describe('start at login', () => {
  it.each<NodeJS.Platform>(['darwin', 'win32'])('%s: sets and unsets the login item, and reads it back from the system', async (platform) => {
    const system = { openAtLogin: false };
    const app = { getLoginItemSettings: () => ({ ...system }), setLoginItemSettings: vi.fn((s: { openAtLogin: boolean }) => void (system.openAtLogin = s.openAtLogin)) };
    const login = createStartAtLogin({ platform, app, autostartDir: '/nowhere', command: [] });
    expect(login.available).toBe(true);
    expect(await login.enabled()).toBe(false);
    await login.set(true);
    expect(app.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: true });
    expect(await login.enabled()).toBe(true);
    await login.set(false);
    expect(app.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: false });
    // removed in the system's own settings: the switch reads off
    await login.set(true);
    system.openAtLogin = false;
    expect(await login.enabled()).toBe(false);
  });

  describe('Linux: an XDG autostart entry', () => {
    let dir = '';
    const app = { getLoginItemSettings: vi.fn(), setLoginItemSettings: vi.fn() };
    beforeEach(async () => {
      dir = path.join(await mkdtemp(path.join(tmpdir(), 'hub-autostart-')), 'autostart');
    });
    afterEach(async () => {
      await rm(path.dirname(dir), { recursive: true, force: true });
    });

    it('writes the .desktop file (making the folder) and removes it', async () => {
      const login = createStartAtLogin({ platform: 'linux', app, autostartDir: dir, command: ['/home/ada/Apps/Bitstone Hub-0.1.0.AppImage'] });
      expect(await login.enabled()).toBe(false);
      await login.set(true);
      const file = path.join(dir, AUTOSTART_FILE);
      const text = await readFile(file, 'utf8');
      expect(text).toMatch(/^\[Desktop Entry\]\n/);
      expect(text).toContain('Type=Application\n');
      expect(text).toContain('Name=Bitstone Hub\n');
      expect(text).toContain('Exec="/home/ada/Apps/Bitstone Hub-0.1.0.AppImage"\n');
      expect((await stat(file)).mode & 0o777).toBe(0o644);
      expect(await login.enabled()).toBe(true);
      await login.set(false);
      expect(await login.enabled()).toBe(false);
      await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
      await login.set(false); // already gone: no error
      expect(app.setLoginItemSettings).not.toHaveBeenCalled();
    });

    it('refresh() rewrites a present entry with the current command, and writes none that is absent', async () => {
      await createStartAtLogin({ platform: 'linux', app, autostartDir: dir, command: ['/old/hub.AppImage'] }).set(true);
      const moved = createStartAtLogin({ platform: 'linux', app, autostartDir: dir, command: ['/new/hub.AppImage'] });
      await moved.refresh();
      expect(await readFile(path.join(dir, AUTOSTART_FILE), 'utf8')).toContain('Exec=/new/hub.AppImage\n');
      await moved.set(false);
      await moved.refresh();
      expect(await moved.enabled()).toBe(false);
    });

    it('a folder it cannot read is an error, not a quiet "off"', async () => {
      await writeFile(path.dirname(dir) + '/autostart', 'not a folder');
      const login = createStartAtLogin({ platform: 'linux', app, autostartDir: dir, command: ['/x'] });
      await expect(login.enabled()).rejects.toMatchObject({ code: 'ENOTDIR' });
    });
  });

  it('is not offered where there is neither', async () => {
    const login = createStartAtLogin({ platform: 'freebsd', app: { getLoginItemSettings: vi.fn(), setLoginItemSettings: vi.fn() }, autostartDir: '/x', command: [] });
    expect(login.available).toBe(false);
    expect(await login.enabled()).toBe(false);
  });

  it('the autostart folder follows XDG_CONFIG_HOME when it is absolute', () => {
    expect(autostartDir({}, '/home/ada')).toBe('/home/ada/.config/autostart');
    expect(autostartDir({ XDG_CONFIG_HOME: '/home/ada/cfg' }, '/home/ada')).toBe('/home/ada/cfg/autostart');
    expect(autostartDir({ XDG_CONFIG_HOME: 'relative' }, '/home/ada')).toBe('/home/ada/.config/autostart');
  });

  it('starts the AppImage file itself, the installed binary, or Electron with the project in development', () => {
    expect(linuxLaunchCommand({ execPath: '/tmp/.mount_abc/bitstone-hub', appImage: '/home/ada/hub.AppImage', isPackaged: true, appRoot: '/x' })).toEqual(['/home/ada/hub.AppImage']);
    expect(linuxLaunchCommand({ execPath: '/opt/Bitstone Hub/bitstone-hub', isPackaged: true, appRoot: '/x' })).toEqual(['/opt/Bitstone Hub/bitstone-hub']);
    expect(linuxLaunchCommand({ execPath: '/src/node_modules/electron/dist/electron', isPackaged: false, appRoot: '/src' })).toEqual(['/src/node_modules/electron/dist/electron', '/src']);
  });

  it('quotes and escapes Exec arguments as the Desktop Entry Specification asks', () => {
    expect(execArgument('/opt/hub/bitstone-hub')).toBe('/opt/hub/bitstone-hub');
    expect(execArgument('/opt/Bitstone Hub/bitstone-hub')).toBe('"/opt/Bitstone Hub/bitstone-hub"');
    expect(execArgument('/opt/100%/hub')).toBe('/opt/100%%/hub');
    // inside quotes '$' and '"' get a backslash, and the value's escaping doubles every backslash
    expect(execArgument('/opt/$HOME "x"')).toBe('"/opt/\\\\$HOME \\\\"x\\\\""');
    expect(execArgument('C:\\a b')).toBe('"C:\\\\\\\\a b"');
    expect(() => execArgument('/opt/a\nExec=evil')).toThrow();
    expect(autostartEntry(['/opt/Bitstone Hub/bitstone-hub', '--flag'])).toContain('Exec="/opt/Bitstone Hub/bitstone-hub" --flag\n');
  });
});
