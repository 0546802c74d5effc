import type { MenuItemConstructorOptions } from 'electron';
import { OBJECTIVE_AREA_SCREENS, OPEN_AREA_KEYS, type ObjectiveAreaKey } from '../shared/rules/objective-area';

// The app's own menu, from Electron's standard roles so each platform gets its native
// behaviour (and macOS its Services, Hide and the Edit shortcuts text fields rely on). Without it
// macOS shows Electron's default menu ('About Electron', 'Quit Electron') and Windows and Linux
// had none. A plain function of its inputs, so it is tested in Node.

export const APP_NAME = 'Bitstone Hub';

/**
 * The main screens, in the side menu's order (renderer/app/shell/menu-items.ts), the objective
 * area's after Objectives, then Settings; the paths are the router's (renderer/lib/paths.ts,
 * which main may not import: tests/main/app-menu.test.ts checks that they agree). Admin is left
 * out: it is only open to some people, and a shortcut to a screen that refuses you is no
 * shortcut. The area's screens come from shared/rules/objective-area.ts, each shown to whom the
 * area's navigation shows it (the page tells main, AppMenuOptions.areaScreens).
 */
const MAIN_SCREENS: ReadonlyArray<{ label: string; path: string; accelerator: string }> = [
  { label: 'Dashboard', path: '/dashboard', accelerator: 'CmdOrCtrl+1' },
  { label: 'Super-Awesome Team', path: '/super-awesome-team', accelerator: 'CmdOrCtrl+2' },
  { label: 'Org Chart', path: '/org-chart', accelerator: 'CmdOrCtrl+3' },
  { label: 'Time Tracking', path: '/timetracking', accelerator: 'CmdOrCtrl+4' },
  { label: 'Holidays', path: '/holidays', accelerator: 'CmdOrCtrl+5' },
];
const SETTINGS = { label: 'Settings', path: '/settings', accelerator: 'CmdOrCtrl+7' };

/**
 * Objectives keeps the number it always had; the area's other screens take Shift and a letter of
 * their name, as the digits run out before they do. Not Alt: on Windows Ctrl+Alt is AltGr, which
 * types braces and brackets on many keyboards. Not Shift with a digit: macOS takes Cmd+Shift+3
 * to 5 for screenshots.
 */
const AREA_ACCELERATORS: Record<ObjectiveAreaKey, string> = {
  objectives: 'CmdOrCtrl+6',
  approvals: 'Shift+CmdOrCtrl+A',
  plans: 'Shift+CmdOrCtrl+P',
  timeline: 'Shift+CmdOrCtrl+T',
  statistics: 'Shift+CmdOrCtrl+S',
  alignment: 'Shift+CmdOrCtrl+L',
};

export interface GoScreen {
  label: string;
  path: string;
  accelerator: string;
}

/**
 * The Go menu's entries in their groups (the main screens, the objective area, Settings), for the
 * area entries this person has (`null`: nobody signed in, the ones for everyone).
 */
export function goScreenGroups(areaScreens: readonly ObjectiveAreaKey[] | null): GoScreen[][] {
  const shown = areaScreens ?? OPEN_AREA_KEYS;
  const area = OBJECTIVE_AREA_SCREENS.filter((screen) => shown.includes(screen.key)).map((screen) => ({
    label: screen.label, path: screen.path, accelerator: AREA_ACCELERATORS[screen.key],
  }));
  return [[...MAIN_SCREENS], area, [SETTINGS]];
}

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** developer tools only in a development build */
  isPackaged: boolean;
  /** opens an app path in the window (the notification click's channel) */
  navigate: (path: string) => void;
  /** shows 'About Bitstone Hub' (electron/about.ts) */
  showAbout: () => void;
  /** the objective area's entries of the person signed in, as the page reports them; null or absent: nobody signed in */
  areaScreens?: readonly ObjectiveAreaKey[] | null;
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
    submenu: goScreenGroups(options.areaScreens ?? null).flatMap((group, index) => [
      ...(index > 0 ? [separator] : []),
      ...group.map((screen): MenuItemConstructorOptions => ({
        label: screen.label,
        accelerator: screen.accelerator,
        click: () => options.navigate(screen.path),
      })),
    ]),
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
