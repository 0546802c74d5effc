import type { MenuItemConstructorOptions, NativeImage } from 'electron';
import { APP_NAME } from './app-menu';

// The unread count outside the window. Windows and Linux get a tray icon whose tooltip
// and menu carry it (and Linux's Unity-style launchers the badge app.setBadgeCount sets); macOS
// gets the dock badge, and no tray: the dock icon already is where a Mac user looks. Electron comes
// in as parameters (style.md, after Actual Budget), so this is tested in Node.

/** The platforms where the app puts an icon in the tray, and so where the window can live there. */
export const hasTray = (platform: NodeJS.Platform): boolean => platform === 'win32' || platform === 'linux';

/** '3 unread notifications', '1 unread notification', 'No unread notifications'. */
export function unreadText(count: number): string {
  if (count === 0) return 'No unread notifications';
  return `${count} unread notification${count === 1 ? '' : 's'}`;
}

/** null: nobody is signed in, so there is nothing to count. */
export function trayToolTip(count: number | null): string {
  return count === null ? APP_NAME : `${APP_NAME} — ${count === 0 ? 'no unread notifications' : unreadText(count)}`;
}

export interface TrayActions {
  /** shows and focuses the window */
  open: () => void;
  /** shows the window with the bell's list open */
  openNotifications: () => void;
  quit: () => void;
}

export function trayMenuTemplate(count: number | null, actions: TrayActions): MenuItemConstructorOptions[] {
  // Signed out there is no count and no list to open: only the window and Quit.
  const notifications: MenuItemConstructorOptions[] =
    count === null
      ? []
      : [{ type: 'separator' }, { label: unreadText(count), enabled: false }, { label: 'Notifications', click: () => actions.openNotifications() }];
  return [
    { label: `Open ${APP_NAME}`, click: () => actions.open() },
    ...notifications,
    { type: 'separator' },
    { label: `Quit ${APP_NAME}`, click: () => actions.quit() },
  ];
}

/** The part of Electron's Tray used here. */
export interface TrayLike<M> {
  setToolTip(text: string): void;
  setContextMenu(menu: M): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

/** The part of Electron's app used here: the dock exists on macOS only. */
export interface BadgeApp {
  dock?: { setBadge(text: string): void } | undefined;
  setBadgeCount(count?: number): boolean;
}

/** M: Electron's Menu (a plain template in tests) */
export interface UnreadIndicatorDeps<M> extends TrayActions {
  platform: NodeJS.Platform;
  app: BadgeApp;
  Tray: new (icon: NativeImage | string) => TrayLike<M>;
  /** the app's icon, sized for a tray */
  icon: NativeImage | string;
  /** Menu.buildFromTemplate */
  buildMenu: (template: MenuItemConstructorOptions[]) => M;
}

export interface UnreadIndicator {
  /** the count to show; null when signed out */
  setUnread(count: number | null): void;
  destroy(): void;
}

export function createUnreadIndicator<M>(deps: UnreadIndicatorDeps<M>): UnreadIndicator {
  const tray = hasTray(deps.platform) ? new deps.Tray(deps.icon) : null;
  // Windows opens the window on a click; Linux's AppIndicator trays only ever show the menu,
  // which is why the menu's first line opens it too.
  tray?.on('click', () => deps.open());
  let shown: number | null | undefined;

  const setUnread = (count: number | null) => {
    if (count === shown) return;
    shown = count;
    if (tray) {
      tray.setToolTip(trayToolTip(count));
      // built afresh each time: Linux shows a changed menu only once it is set again
      tray.setContextMenu(deps.buildMenu(trayMenuTemplate(count, deps)));
    }
    if (deps.platform === 'darwin') deps.app.dock?.setBadge(count ? String(count) : '');
    // Unity-style launchers (Ubuntu's dock, KDE's task manager) show it; 0 takes the badge away
    if (deps.platform === 'linux') deps.app.setBadgeCount(count ?? 0);
  };
  setUnread(null);

  return {
    setUnread,
    destroy: () => {
      tray?.destroy();
      if (deps.platform === 'darwin') deps.app.dock?.setBadge('');
    },
  };
}

/** The part of BrowserWindow the close handling uses. */
export interface HideableWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  hide(): void;
}

/**
 * With 'Keep running in the tray' on (Windows and Linux), closing the window hides it: the app
 * goes on polling and counting until Quit. quitting() is called once the app really quits
 * ('before-quit': the tray's or the app menu's Quit) or Windows ends the session, so the window
 * then closes for good.
 */
export function closeToTray(window: HideableWindow, deps: { platform: NodeJS.Platform; enabled: () => boolean }): { quitting(): void } {
  let quitting = false;
  window.on('close', (event) => {
    if (quitting || !hasTray(deps.platform) || !deps.enabled()) return;
    event.preventDefault();
    window.hide();
  });
  return {
    quitting: () => {
      quitting = true;
    },
  };
}

/** The part of Electron's nativeImage used to size the tray icon. */
export interface ImageFactory<I> {
  createFromPath(file: string): { resize(size: { width: number; quality?: 'best' }): { toPNG(): Buffer } };
  createEmpty(): I & { addRepresentation(options: { scaleFactor: number; buffer: Buffer }): void };
}

/**
 * The 512 px app icon at tray size. Windows draws 16 px at 100 % and more on scaled displays, so
 * it gets one picture per scale; Linux panels ask for about 22–24 px and scale what they get, so
 * 32 px keeps it sharp there.
 */
export function trayIcon<I>(images: ImageFactory<I>, file: string, platform: NodeJS.Platform): I {
  const source = images.createFromPath(file);
  const image = images.createEmpty();
  const base = platform === 'win32' ? 16 : 32;
  const scales = platform === 'win32' ? [1, 1.25, 1.5, 2] : [1];
  for (const scaleFactor of scales) image.addRepresentation({ scaleFactor, buffer: source.resize({ width: Math.round(base * scaleFactor), quality: 'best' }).toPNG() });
  return image;
}
