import { describe, expect, it, vi } from 'vitest';
import { openExternalSafely } from '../../electron/external-links';
import { contentSecurityPolicy, handleWindowOpen, installSecurity, isAllowedNavigation, windowOptions } from '../../electron/window-security';

vi.mock('electron', () => ({}));

const APP_URL = 'file:///opt/Bitstone%20Hub/resources/app.asar/dist/renderer/index.html';

describe('the window', () => {
  it('is isolated and sandboxed, with no Node in the page', () => {
    const prefs = windowOptions('/app/dist/electron/preload.cjs').webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/dist/electron/preload.cjs',
    });
  });

  it('stays on the app: its own index.html only, or the dev server origin', () => {
    expect(isAllowedNavigation(`${APP_URL}#/team`, APP_URL)).toBe(true);
    expect(isAllowedNavigation(`${APP_URL}?ret=/admin`, APP_URL)).toBe(true);
    expect(isAllowedNavigation('file:///etc/passwd', APP_URL)).toBe(false);
    expect(isAllowedNavigation('https://evil.example.com/', APP_URL)).toBe(false);
    expect(isAllowedNavigation('not a url', APP_URL)).toBe(false);
    expect(isAllowedNavigation('http://localhost:5173/team', 'http://localhost:5173/')).toBe(true);
    expect(isAllowedNavigation('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });

  it('never opens a window; web links go to the browser, nothing else does', () => {
    const open = vi.fn();
    expect(handleWindowOpen('https://okr.bitstone.test/', open)).toEqual({ action: 'deny' });
    expect(open).toHaveBeenCalledWith('https://okr.bitstone.test/');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://share/x', 'ms-settings:privacy']) {
      expect(handleWindowOpen(url, open)).toEqual({ action: 'deny' });
    }
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens external links with http(s) only', async () => {
    const open = vi.fn(async () => {});
    expect(await openExternalSafely('http://example.com', open)).toBe(true);
    expect(await openExternalSafely('https://example.com/a?b', open)).toBe(true);
    expect(await openExternalSafely('file:///c:/windows/system32/calc.exe', open)).toBe(false);
    expect(await openExternalSafely('javascript:alert(1)', open)).toBe(false);
    expect(await openExternalSafely('nonsense', open)).toBe(false);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('sends a strict Content-Security-Policy: no remote scripts, no eval', () => {
    const csp = contentSecurityPolicy('http://127.0.0.1:41234');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https: http://127.0.0.1:41234");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy(null)).toContain("img-src 'self' data: blob: https:;");
  });

  it('blocks navigation, denies window.open, sets the CSP and refuses permissions', () => {
    const listeners: Record<string, (event: { preventDefault(): void }, url: string) => void> = {};
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    let headersHook: ((details: { responseHeaders?: Record<string, string[]> }, cb: (r: { responseHeaders?: Record<string, string[]> }) => void) => void) | undefined;
    let permissionHandler: ((wc: unknown, permission: string, cb: (granted: boolean) => void, details?: { requestingUrl?: string }) => void) | undefined;
    let permissionCheck: ((wc: unknown, permission: string, origin: string, details: { requestingUrl?: string }) => boolean) | undefined;
    const webContents = {
      on: vi.fn((name: string, fn: (event: { preventDefault(): void }, url: string) => void) => void (listeners[name] = fn)),
      setWindowOpenHandler: vi.fn((fn: typeof openHandler) => void (openHandler = fn)),
    };
    const session = {
      webRequest: { onHeadersReceived: vi.fn((fn: typeof headersHook) => void (headersHook = fn)) },
      setPermissionRequestHandler: vi.fn((fn: typeof permissionHandler) => void (permissionHandler = fn)),
      setPermissionCheckHandler: vi.fn((fn: typeof permissionCheck) => void (permissionCheck = fn)),
    };
    const openExternal = vi.fn();
    installSecurity(webContents as never, session as never, { appUrl: APP_URL, hubOrigin: () => 'http://127.0.0.1:4000', openExternal });

    const away = { preventDefault: vi.fn() };
    listeners['will-navigate'](away, 'https://phish.example.com/login');
    expect(away.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith('https://phish.example.com/login');
    const local = { preventDefault: vi.fn() };
    listeners['will-navigate'](local, 'file:///home/ada/evil.html');
    expect(local.preventDefault).toHaveBeenCalled();
    const inApp = { preventDefault: vi.fn() };
    listeners['will-navigate'](inApp, `${APP_URL}#/login`);
    expect(inApp.preventDefault).not.toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    listeners['will-attach-webview'](webview, '');
    expect(webview.preventDefault).toHaveBeenCalled();

    expect(openHandler?.({ url: 'https://okr.bitstone.test' })).toEqual({ action: 'deny' });

    let answered: Record<string, string[]> | undefined;
    headersHook?.({ responseHeaders: { 'content-security-policy': ["script-src *"], 'x-other': ['1'] } }, (r) => (answered = r.responseHeaders));
    expect(answered?.['Content-Security-Policy'][0]).toContain('http://127.0.0.1:4000');
    expect(answered?.['content-security-policy']).toBeUndefined();
    expect(answered?.['x-other']).toEqual(['1']);

    const granted = vi.fn();
    permissionHandler?.({}, 'media', granted, { requestingUrl: APP_URL });
    expect(granted).toHaveBeenCalledWith(false);
    expect(permissionCheck?.({}, 'notifications', 'file://', { requestingUrl: APP_URL })).toBe(false);

    // 'Copy link' writes to the clipboard; the app page may, nothing else, and never read it
    const write = vi.fn();
    permissionHandler?.({}, 'clipboard-sanitized-write', write, { requestingUrl: `${APP_URL}#/profile/4` });
    expect(write).toHaveBeenCalledWith(true);
    expect(permissionCheck?.({}, 'clipboard-sanitized-write', 'file://', { requestingUrl: APP_URL })).toBe(true);
    expect(permissionCheck?.({}, 'clipboard-sanitized-write', 'https://phish.example.com', { requestingUrl: 'https://phish.example.com/' })).toBe(false);
    expect(permissionCheck?.({}, 'clipboard-sanitized-write', 'file://', { requestingUrl: 'file:///home/ada/evil.html' })).toBe(false);
    expect(permissionCheck?.({}, 'clipboard-read', 'file://', { requestingUrl: APP_URL })).toBe(false);
  });
});
