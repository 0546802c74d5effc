import path from 'node:path';
import type { App } from 'electron';
import { APP_LINK_SCHEME, appPathFromLink, looksLikeAppLink } from '../shared/rules/app-links';

// bitstone-hub:// links open the running app at a screen. Windows and Linux start the
// app with the link on the command line (a second start hands its argv to the first through
// 'second-instance' and quits); macOS sends 'open-url' to the running app, also at launch, before
// 'ready'. A link is kept until the renderer asks for it (the page may not be loaded yet), then
// sent like a notification's click. Electron is handed in, so all of it is tested in Node.

export interface DeepLinkDeps {
  app: Pick<App, 'setAsDefaultProtocolClient' | 'on'>;
  platform: NodeJS.Platform;
  /** process.defaultApp: true when run as `electron path/to/app` (development) */
  defaultApp: boolean;
  execPath: string;
  /** the first start's process.argv */
  argv: readonly string[];
  log?: (message: string) => void;
}

/** The window's side: open an app path in it (focusing it), the notification click's path. */
export type OpenInWindow = (appPath: string) => void;

export interface DeepLinks {
  /** a second start's command line ('second-instance') */
  fromArgv(argv: readonly string[]): void;
  /** the window that links open in, or null once it is gone */
  attach(open: OpenInWindow | null): void;
  /** the renderer asks once loaded: the link that came before it listened; later ones are sent */
  takePending(): string | null;
  /** the page is loading anew: links wait again until it asks */
  rendererLoading(): void;
}

/**
 * Registers the scheme with the system at every start, as the installer did (electron-builder.yml):
 * Windows and macOS through Electron. A development run is `electron <app folder>`: registered
 * bare, a link would start Electron without our app, so the command names the folder too (Windows
 * takes the command as given).
 *
 * Linux: nothing at start. The .desktop file's MimeType=x-scheme-handler/bitstone-hub (the deb
 * installs it; AppImage integration copies it) is the registration. Electron's call would run
 * xdg-settings and wait for it, and older xdg-settings (still shipped by Ubuntu) also make the app
 * the handler of text/html, that is the browser; nor does the app know its .desktop file's name.
 */
export function registerProtocol(deps: Pick<DeepLinkDeps, 'app' | 'platform' | 'defaultApp' | 'execPath' | 'argv' | 'log'>): boolean {
  if (deps.platform === 'linux') return false;
  let registered: boolean;
  if (deps.defaultApp) {
    const appFolder = deps.argv[1];
    if (!appFolder) return false;
    registered = deps.app.setAsDefaultProtocolClient(APP_LINK_SCHEME, deps.execPath, [path.resolve(appFolder)]);
  } else {
    registered = deps.app.setAsDefaultProtocolClient(APP_LINK_SCHEME);
  }
  if (!registered) deps.log?.(`deep links: the system did not take ${APP_LINK_SCHEME}:// (another app may hold it)`);
  return registered;
}

/**
 * The link among a command line's arguments, or null. Windows and Linux pass it as one argument
 * of its own; Chromium may add switches around it, and a development run has the app folder first.
 */
export function linkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => typeof arg === 'string' && looksLikeAppLink(arg)) ?? null;
}

export function createDeepLinks(deps: DeepLinkDeps): DeepLinks {
  let open: OpenInWindow | null = null;
  let listening = false;
  let pending: string | null = null;

  const receive = (link: string | null) => {
    if (link === null) return;
    const appPath = appPathFromLink(link);
    // An unknown or malformed link opens nothing: the window only comes forward (main's
    // 'second-instance' handler, or macOS itself for 'open-url').
    if (appPath === null) {
      deps.log?.(`deep links: refused ${JSON.stringify(link.slice(0, 120))}`);
      return;
    }
    if (open && listening) open(appPath);
    else pending = appPath;
  };

  registerProtocol(deps);
  // macOS: registered before 'ready', since a link that starts the app arrives that early
  deps.app.on('open-url', (event, url) => {
    event.preventDefault();
    receive(url);
  });
  // Windows and Linux: the link that started the app (macOS sends 'open-url' instead)
  receive(linkInArgv(deps.argv));

  return {
    fromArgv: (argv) => receive(linkInArgv(argv)),
    attach(next) {
      open = next;
      if (!next) listening = false;
    },
    takePending() {
      listening = true;
      const link = pending;
      pending = null;
      return link;
    },
    rendererLoading() {
      listening = false;
    },
  };
}
