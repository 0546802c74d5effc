import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, nativeImage, nativeTheme, net, Notification, safeStorage, screen, shell, Tray, utilityProcess } from 'electron';
import Store from 'electron-store';
import { IPC_EVENTS } from '../shared/ipc';
import type { ObjectiveAreaKey } from '../shared/rules/objective-area';
import { DESKTOP_AGENT } from '../shared/rules/user-agent-summary';
import { hubVersion, showAbout } from './about';
import { appMenuTemplate } from './app-menu';
import { appPaths } from './app-paths';
import { createDeepLinks, type DeepLinks } from './deep-links';
import { startEmbeddedHub } from './embedded-hub';
import { openExternalSafely } from './external-links';
import { installRendererRecovery } from './renderer-recovery';
import { HubClient } from './hub-client';
import { HubConnection } from './hub-connection';
import { windowBackground } from './native-theme';
import { createIpcHandlers, registerIpc } from './ipc/register';
import { startNotificationPoller } from './notifications';
import { trustedSender } from './ipc/sender';
import { saveFile } from './save-file';
import { createDesktopSso } from './sso';
import { createDesktopPreferences, createSettingsStore } from './settings';
import { autostartDir, createStartAtLogin, linuxLaunchCommand } from './start-at-login';
import { createTokenStore } from './token-store';
import { closeToTray, createUnreadIndicator, trayIcon } from './tray';
import { startDeferredUpdater } from './updater';
import { createWindowStateStore, initialWindowState, trackWindowState } from './window-state';
import { tokenOwner, WriteQueue } from './write-queue';
import { installSecurity, windowOptions } from './window-security';

// Composition only (style.md, after Actual Budget): every decision lives in a module that takes
// Electron as a parameter and is tested in Node; this file wires them to the real objects.

const devUrl = !app.isPackaged ? (process.env.HUB_RENDERER_URL ?? null) : null;
let mainWindow: BrowserWindow | null = null;
let connection: HubConnection | null = null;
/** told when the app really quits, so a window kept in the tray then closes */
let windowClosing: { quitting(): void } | null = null;
let deepLinks: DeepLinks | null = null;

if (!app.requestSingleInstanceLock()) {
  // A second start focuses the first window: two apps on one PGlite folder would corrupt it.
  app.quit();
} else {
  // bitstone-hub:// links, from this start's command line, a second start's, or macOS
  deepLinks = createDeepLinks({
    app,
    platform: process.platform,
    defaultApp: !!process.defaultApp,
    execPath: process.execPath,
    argv: process.argv,
    log: (message) => console.error(message),
  });
  app.on('second-instance', (_event, argv) => {
    deepLinks?.fromArgv(argv);
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show(); // it may be hidden in the tray
    mainWindow.focus();
  });
  app.whenReady().then(start, (error: unknown) => {
    console.error('Bitstone Hub could not start', error);
    app.quit();
  });
}

function start(): void {
  const paths = appPaths({ appRoot: app.getAppPath(), isPackaged: app.isPackaged, resourcesPath: process.resourcesPath });
  const indexFile = paths.indexFile;
  const appUrl = pathToFileURL(indexFile).toString();
  const openExternal = (url: string) => void openExternalSafely(url, (u) => shell.openExternal(u));

  // Not before 'ready': on Linux safeStorage only knows its backend once the app is ready.
  const tokens = createTokenStore({ safeStorage, store: new Store({ name: 'session' }), platform: process.platform });
  const settingsStore = new Store({ name: 'settings' });
  const hubConnection = new HubConnection({
    settings: createSettingsStore(settingsStore),
    tokenPersistence: tokens.persistence,
    startEmbedded: () =>
      startEmbeddedHub({
        utilityProcess,
        entryPath: paths.hubEntry,
        migrationsDir: paths.migrationsDir,
        dataDir: path.join(app.getPath('userData'), 'hub-data'),
      }),
    // it restarts by itself when its process stops; the window shows a banner meanwhile
    onHubStatus: (status) => {
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(IPC_EVENTS.hubStatus, status);
    },
    log: (message) => console.error(message),
  });
  connection = hubConnection;
  // how this app reads in the hub's Settings → Sessions list (shared/rules/user-agent-summary.ts)
  const userAgent = `${DESKTOP_AGENT}/${app.getVersion()} (${process.platform}; Electron ${process.versions.electron})`;
  // net.fetch: the system's proxy settings and certificate store, as a company network needs
  const hub = new HubClient({ fetch: (url, init) => net.fetch(url, init), resolveTarget: () => hubConnection.target(), tokens, userAgent, appVersion: app.getVersion() });

  // the size and place it was left at on these displays, never off-screen
  const options = windowOptions(paths.preload);
  const windowStates = createWindowStateStore(settingsStore);
  const initial = initialWindowState(screen, windowStates, { width: options.width ?? 1280, height: options.height ?? 820 });
  const window = new BrowserWindow({ ...options, ...initial.bounds, backgroundColor: windowBackground(nativeTheme) });
  mainWindow = window;
  trackWindowState(window, { screen, store: windowStates, initial });
  installSecurity(window.webContents, window.webContents.session, {
    appUrl: devUrl ?? appUrl,
    hubOrigin: () => hubConnection.hubOrigin(),
    openExternal,
    enforceCsp: !devUrl,
  });
  window.once('ready-to-show', () => {
    if (initial.maximized) window.maximize();
    window.show();
  });
  window.on('closed', () => (mainWindow = null));
  // a crashed or hung page offers Reload (the app's own page) instead of a blank window
  const loadApp = () => void (devUrl ? window.loadURL(devUrl) : window.loadFile(indexFile));
  installRendererRecovery({ webContents: window.webContents, dialog, window: () => mainWindow, reload: loadApp, quit: () => app.quit(), log: (message) => console.error(message) });

  const sessionEnded = () => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENTS.sessionEnded);
  };
  hub.on('session-ended', sessionEnded);

  // a notification's click and the Go menu open an app path in the window.
  const showWindow = () => {
    if (window.isDestroyed()) return false;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    return true;
  };
  const openInWindow = (link: string) => {
    if (showWindow()) window.webContents.send(IPC_EVENTS.notificationOpen, { link });
  };

  // the unread count in the tray (Windows, Linux) or on the dock (macOS); with 'Keep
  // running in the tray' on, closing the window hides it until the tray's or the menu's Quit.
  const preferences = createDesktopPreferences(settingsStore);
  const unread = createUnreadIndicator({
    platform: process.platform,
    app,
    Tray,
    icon: trayIcon(nativeImage, paths.icon, process.platform),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    open: showWindow,
    openNotifications: () => {
      if (showWindow()) window.webContents.send(IPC_EVENTS.notificationsShow);
    },
    quit: () => app.quit(),
  });
  const closing = closeToTray(window, { platform: process.platform, enabled: () => preferences.keepInTray() });
  windowClosing = closing;
  // Windows ends a session without 'before-quit': a window that only hid would hold up the shutdown
  window.on('session-end', () => closing.quitting());
  const startAtLogin = createStartAtLogin({
    platform: process.platform,
    app,
    autostartDir: autostartDir(process.env, os.homedir()),
    command: linuxLaunchCommand({ execPath: process.execPath, appImage: process.env.APPIMAGE, isPackaged: app.isPackaged, appRoot: app.getAppPath() }),
  });
  startAtLogin.refresh().catch((error: unknown) => console.error('start at login: could not refresh the autostart entry', error));
  // a link goes the same way, once the page has asked for the one that waited (app-link:take)
  deepLinks?.attach(openInWindow);
  window.on('closed', () => deepLinks?.attach(null));
  window.webContents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) deepLinks?.rendererLoading();
  });

  // the app's own menu (Edit, View, Go to a screen, Window, Help → About)
  const about = () =>
    showAbout({
      dialog,
      clipboard,
      window: () => mainWindow,
      versions: async () => ({
        app: app.getVersion(),
        hub: await hubVersion({ request: (req) => hub.request(req, { endSessionOn401: false }), hubUrl: () => hubConnection.settings().hubUrl }),
        electron: process.versions.electron,
        chrome: process.versions.chrome,
        node: process.versions.node,
      }),
    }).catch((error: unknown) => console.error('about: could not show', error));
  // the Go menu lists the objective area's entries the signed-in person's navigation has, so it is
  // built again whenever the page reports them (menu:area-screens: a sign-in, a sign-out, a new role)
  const setAppMenu = (areaScreens: readonly ObjectiveAreaKey[] | null) =>
    Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, isPackaged: app.isPackaged, navigate: openInWindow, showAbout: () => void about(), areaScreens })));
  setAppMenu(null);

  // native notifications for new hub notifications; a click opens the right screen.
  startNotificationPoller({
    Notification,
    request: (req) => hub.request(req, { endSessionOn401: false }),
    signedIn: async () => {
      try {
        return !!tokens.get((await hubConnection.target()).key);
      } catch {
        return false; // the hub is not up yet
      }
    },
    onChanged: () => {
      if (!window.isDestroyed()) window.webContents.send(IPC_EVENTS.notificationsChanged);
    },
    onUnread: (count) => unread.setUnread(count),
    onOpen: openInWindow,
    log: (message, error) => console.error(message, error),
  });

  // check-ins made while the hub is away wait on disk (per hub and user) and go when it is back
  const writeQueue = new WriteQueue({
    dir: path.join(app.getPath('userData'), 'offline-queue'),
    target: () => hubConnection.target(),
    token: (hubKey) => tokens.get(hubKey),
    whoAmI: tokenOwner(hub),
    send: (request, idempotencyKey) => hub.request({ ...request, idempotencyKey }),
    onChanged: (change) => {
      if (!window.isDestroyed()) window.webContents.send(IPC_EVENTS.queueChanged, change);
    },
    log: (message, error) => console.error(message, error),
  });
  window.on('closed', () => writeQueue.stop());

  // updates from the company hub (electron/updater.ts); unpackaged, electron-updater is not even loaded
  const updater = startDeferredUpdater({
    loadAutoUpdater: () => import('electron-updater').then((m) => m.autoUpdater),
    isPackaged: app.isPackaged,
    appVersion: app.getVersion(),
    platform: process.platform,
    hubUrl: () => hubConnection.settings().hubUrl,
    token: (hubUrl) => tokens.get(hubUrl),
    policy: (platform) => hub.request({ method: 'GET', path: '/desktop/policy', query: { platform } }, { endSessionOn401: false }),
    notify: (notice) => {
      if (!window.isDestroyed()) window.webContents.send(IPC_EVENTS.updateReady, notice);
    },
    log: (message, error) => console.error(message, error ?? ''),
  });

  registerIpc(
    ipcMain,
    createIpcHandlers({
      hub,
      connection: hubConnection,
      // the built-in hub's state for a window that loads mid-restart, and 'Try again'
      hubStatus: { status: () => hubConnection.hubStatus(), restart: () => hubConnection.restartEmbedded() },
      onHubChanged: () => {
        sessionEnded();
        updater.hubChanged();
      },
      // 'Restart to update', and the app ⇄ hub version check
      updater,
      appVersion: app.getVersion(),
      isTrustedSender: trustedSender(appUrl, devUrl),
      openExternal: (url) => shell.openExternal(url),
      // SSO in the system browser, answered on a loopback listener (RFC 8252)
      sso: createDesktopSso({ hub, tokens, resolveTarget: () => hubConnection.target(), openExternal: (url) => shell.openExternal(url) }),
      saveFile: (input) =>
        saveFile({ dialog, writeFile, window: mainWindow, defaultDir: app.getPath('downloads'), joinPath: path.join }, input),
      log: (message, error) => console.error(message, error),
      offlineCacheDir: path.join(app.getPath('userData'), 'offline-cache'),
      takePendingLink: () => deepLinks?.takePending() ?? null,
      writeQueue,
      // the person's theme choice, sent by the renderer
      nativeTheme,
      // Settings → Desktop app, and the bell's count the moment it changes
      desktopSettings: { platform: process.platform, preferences, startAtLogin },
      onUnreadCount: (count) => unread.setUnread(count),
      onAreaScreens: setAppMenu,
    }),
  );

  // The window loads at once; the hub starts beside it and sign-in waits for it.
  hubConnection.start();
  loadApp();
}

// A window kept in the tray is hidden, not closed, so this comes only once it is really gone.
app.on('window-all-closed', () => app.quit());

let stopping = false;
app.on('before-quit', (event) => {
  windowClosing?.quitting();
  if (stopping || !connection) return;
  // Give the embedded hub its chance to close PGlite cleanly before the app goes.
  event.preventDefault();
  stopping = true;
  void connection.stop().finally(() => app.quit());
});
