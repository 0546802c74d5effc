import type { MenuItemConstructorOptions } from 'electron';

// issue 22: the app's own menu, from Electron's standard roles so each platform gets its native
// behaviour (and macOS its Services, Hide and the Edit shortcuts text fields rely on). Without it
// macOS shows Electron's default menu ('About Electron', 'Quit Electron') and Windows and Linux
// had none. A plain function of its inputs, so it is tested in Node.

export const APP_NAME = 'Bitstone Hub';

/**
 * The main screens, in the side menu's order (renderer/app/shell/menu-items.ts), then Settings;
 * the paths are the router's (renderer/lib/paths.ts, which main may not import:
 * tests/main/app-menu.test.ts checks that they agree). Admin and Approvals are left out: they are
 * only open to some people, and a shortcut to a screen that refuses you is no shortcut.
 */
export const GO_SCREENS: ReadonlyArray<{ label: string; path: string }> = [
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Super-Awesome Team', path: '/super-awesome-team' },
  { label: 'Org Chart', path: '/org-chart' },
  { label: 'Time Tracking', path: '/timetracking' },
  { label: 'Holidays', path: '/holidays' },
  { label: 'Objectives', path: '/objective-tracking/objectives' },
  { label: 'Settings', path: '/settings' },
];

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** developer tools only in a development build */
  isPackaged: boolean;
  /** opens an app path in the window (the notification click's channel) */
  navigate: (path: string) => void;
  /** shows 'About Bitstone Hub' (electron/about.ts) */
  showAbout: () => void;
}

export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const about: MenuItemConstructorOptions = { label: `About ${APP_NAME}`, click: () => options.showAbout() };

  // The roles' own labels name the app from the bundle, which reads 'Electron' in a development
  // build, so every label that names the app is written out. (The macOS menu bar's first title
  // always comes from the bundle: it reads 'Bitstone Hub' once packaged.)
  const appMenu: MenuItemConstructorOptions = {
    label: APP_NAME,
    submenu: [
      // not role 'about': the standard panel cannot show the hub's version, which is asked for on click
      about,
      separator,
      { role: 'services' },
      separator,
      { role: 'hide', label: `Hide ${APP_NAME}` },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit', label: `Quit ${APP_NAME}` },
    ],
  };
  // Windows and Linux keep Quit where their users look for it; Windows calls it Exit.
  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [{ role: 'quit', label: options.platform === 'win32' ? 'Exit' : 'Quit' }],
  };
  const editMenu: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [{ role: 'undo' }, { role: 'redo' }, separator, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, separator, { role: 'selectAll' }],
  };
  const viewMenu: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      ...(options.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
  const goMenu: MenuItemConstructorOptions = {
    label: 'Go',
    submenu: GO_SCREENS.map((screen, index) => ({
      label: screen.label,
      accelerator: `CmdOrCtrl+${index + 1}`,
      click: () => options.navigate(screen.path),
    })),
  };
  // 'zoom' and 'front' are macOS-only roles; elsewhere the window menu closes the window.
  const windowMenu: MenuItemConstructorOptions = {
    label: 'Window',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'close' }, separator, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };
  // role 'help' gives macOS its Help menu with the search field
  const helpMenu: MenuItemConstructorOptions = { label: 'Help', role: 'help', submenu: [about] };

  return mac ? [appMenu, editMenu, viewMenu, goMenu, windowMenu, helpMenu] : [fileMenu, editMenu, viewMenu, goMenu, windowMenu, helpMenu];
}
