import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron';
import { contentSecurityPolicy } from '../shared/content-security';
import { isExternallyOpenable } from './external-links';

// One hardened window. Each decision is a plain function so the tests check it without
// an Electron binary (style.md: security tested like a feature).

export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    title: 'Bitstone Hub',
    backgroundColor: '#ffffff',
    // Shown on 'ready-to-show': the login form paints at once, the hub starts behind it.
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  };
}

/**
 * The window may only show the app itself. For the packaged file:// app that is the one
 * index.html (the router moves with the hash or history inside it); for the dev server its origin.
 */
export function isAllowedNavigation(url: string, appUrl: string): boolean {
  let target: URL;
  let app: URL;
  try {
    target = new URL(url);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:') return target.protocol === 'file:' && target.pathname === app.pathname;
  return target.origin === app.origin;
}

/** window.open never makes a window; a web link goes to the user's browser instead (a feed's webcal:// to their calendar app). */
export function handleWindowOpen(url: string, openExternal: (url: string) => void): { action: 'deny' } {
  if (isExternallyOpenable(url)) openExternal(url);
  return { action: 'deny' };
}

// The window's CSP header is the web build's (shared/content-security.ts) with the hub's origin
// allowed for pictures. The renderer's own meta CSP (renderer/index.html) says the same; the
// header also covers what a meta tag cannot.
export { contentSecurityPolicy };

export interface SecurityOptions {
  appUrl: string;
  hubOrigin: () => string | null;
  openExternal: (url: string) => void;
  /** false with the Vite dev server: React Refresh needs an inline preamble there */
  enforceCsp?: boolean;
}

type SecuredWebContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;
type SecuredSession = {
  webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>;
} & Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

export function installSecurity(webContents: SecuredWebContents, session: SecuredSession, options: SecurityOptions): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (isAllowedNavigation(url, options.appUrl)) return;
    event.preventDefault();
    // A plain <a href="https://..."> without target=_blank: still the user's browser, never ours.
    if (isExternallyOpenable(url)) options.openExternal(url);
  };
  webContents.on('will-navigate', guard);
  webContents.on('will-redirect', guard);
  webContents.on('will-attach-webview', (event) => event.preventDefault());
  webContents.setWindowOpenHandler(({ url }) => handleWindowOpen(url, options.openExternal));

  if (options.enforceCsp !== false) {
    session.webRequest.onHeadersReceived((details, callback) => {
      const headers = { ...details.responseHeaders };
      for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-security-policy') delete headers[key];
      headers['Content-Security-Policy'] = [contentSecurityPolicy(options.hubOrigin())];
      callback({ responseHeaders: headers });
    });
  }
  // Camera, notifications, geolocation...: the hub needs none of them. Writing text to the
  // clipboard is the one exception ('Copy link'; a one-time password's Copy), for the
  // app's own page only; reading it stays refused.
  const granted = (permission: string, requestingUrl: string | undefined) =>
    permission === 'clipboard-sanitized-write' && !!requestingUrl && isAllowedNavigation(requestingUrl, options.appUrl);
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => callback(granted(permission, details?.requestingUrl)));
  session.setPermissionCheckHandler((_webContents, permission, _origin, details) => granted(permission, details?.requestingUrl));
}
