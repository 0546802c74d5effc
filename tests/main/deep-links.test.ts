import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createDeepLinks, linkInArgv, registerProtocol, type DeepLinkDeps } from '../../electron/deep-links';
import { APP_LINK_SCHEME } from '../../shared/rules/app-links';

// bitstone-hub:// links into the running app (electron/deep-links.ts), with Electron's
// app faked: what is registered with the system, the link found on each platform's command line,
// a second start handing its link over, and macOS's 'open-url' before the window is there.

vi.mock('electron', () => ({}));

function fakeApp() {
  const events = new Map<string, (...args: unknown[]) => void>();
  return {
    events,
    setAsDefaultProtocolClient: vi.fn((_scheme: string, _path?: string, _args?: string[]) => true),
    on: vi.fn((name: string, fn: (...args: unknown[]) => void) => void events.set(name, fn)),
    /** macOS hands a link to the running app */
    openUrl(url: string) {
      const event = { preventDefault: vi.fn() };
      events.get('open-url')?.(event, url);
      return event;
    },
  };
}

function links(overrides: Partial<Omit<DeepLinkDeps, 'app'>> = {}) {
  const app = fakeApp();
  const log = vi.fn();
  const deepLinks = createDeepLinks({
    app: app as unknown as DeepLinkDeps['app'],
    platform: 'win32',
    defaultApp: false,
    execPath: '/opt/Bitstone Hub/bitstone-hub',
    argv: ['/opt/Bitstone Hub/bitstone-hub'],
    log,
    ...overrides,
  });
  const open = vi.fn();
  return { app, log, deepLinks, open };
}

describe('the link on the command line', () => {
  it('Windows: the installed app gets the link as its own argument, after any switches Chromium adds', () => {
    expect(linkInArgv(['C:\\Program Files\\Bitstone Hub\\Bitstone Hub.exe', 'bitstone-hub://objective/123'])).toBe('bitstone-hub://objective/123');
    // a second start's argv as 'second-instance' receives it
    expect(
      linkInArgv(['C:\\Program Files\\Bitstone Hub\\Bitstone Hub.exe', '--allow-file-access-from-files', '--original-process-start-time=1337', 'bitstone-hub://profile/45/']),
    ).toBe('bitstone-hub://profile/45/');
  });

  it('Windows, a development run: the app folder comes first, then the link', () => {
    expect(linkInArgv(['C:\\dev\\electron.exe', 'C:\\dev\\hub', 'bitstone-hub://approvals'])).toBe('bitstone-hub://approvals');
  });

  it('Linux: the .desktop file passes the link (%U) to the AppImage or the installed binary', () => {
    expect(linkInArgv(['/tmp/.mount_BitstoXYZ/bitstone-hub', '--no-sandbox', 'bitstone-hub://objective/7'])).toBe('bitstone-hub://objective/7');
    expect(linkInArgv(['/opt/Bitstone Hub/bitstone-hub', 'BITSTONE-HUB://objective/7'])).toBe('BITSTONE-HUB://objective/7');
  });

  it('macOS and a plain start: no link on the command line', () => {
    expect(linkInArgv(['/Applications/Bitstone Hub.app/Contents/MacOS/Bitstone Hub', '-psn_0_12345'])).toBeNull();
    expect(linkInArgv(['/opt/Bitstone Hub/bitstone-hub', 'https://hub.example/objective/1', '--bitstone-hub://objective/1'])).toBeNull();
    expect(linkInArgv([])).toBeNull();
  });
});

describe('registration with the system', () => {
  const as = (app: ReturnType<typeof fakeApp>) => app as unknown as DeepLinkDeps['app'];

  it('Windows and macOS: an installed app registers the scheme for itself', () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const app = fakeApp();
      expect(registerProtocol({ app: as(app), platform, defaultApp: false, execPath: '/opt/x', argv: ['/opt/x'] })).toBe(true);
      expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('bitstone-hub');
    }
  });

  it('a development run registers Electron with the app folder, or links would start bare Electron', () => {
    const app = fakeApp();
    registerProtocol({ app: as(app), platform: 'win32', defaultApp: true, execPath: 'C:\\dev\\electron.exe', argv: ['C:\\dev\\electron.exe', '.'] });
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('bitstone-hub', 'C:\\dev\\electron.exe', [path.resolve('.')]);
  });

  it('a development run without an app folder registers nothing', () => {
    const app = fakeApp();
    expect(registerProtocol({ app: as(app), platform: 'win32', defaultApp: true, execPath: '/dev/electron', argv: ['/dev/electron'] })).toBe(false);
    expect(app.setAsDefaultProtocolClient).not.toHaveBeenCalled();
  });

  it('says so when the system refuses (another app holds the scheme)', () => {
    const app = fakeApp();
    app.setAsDefaultProtocolClient.mockReturnValue(false);
    const log = vi.fn();
    expect(registerProtocol({ app: as(app), platform: 'darwin', defaultApp: false, execPath: '/opt/x', argv: [], log })).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('bitstone-hub://'));
  });

  it("Linux: nothing at start, the .desktop file's MimeType registers it (Electron's xdg-settings call may take text/html too)", () => {
    const app = fakeApp();
    expect(registerProtocol({ app: as(app), platform: 'linux', defaultApp: false, execPath: '/opt/x', argv: ['/opt/x'] })).toBe(false);
    expect(registerProtocol({ app: as(app), platform: 'linux', defaultApp: true, execPath: '/x', argv: ['/x', '.'] })).toBe(false);
    expect(app.setAsDefaultProtocolClient).not.toHaveBeenCalled();
  });

  it('the packages register the same scheme: electron-builder.yml (Linux .desktop, macOS Info.plist) and the Windows installer', async () => {
    const config = await readFile('electron-builder.yml', 'utf8');
    expect(config).toMatch(new RegExp(`^protocols:\\n  - name: Bitstone Hub\\n    schemes: \\[${APP_LINK_SCHEME}\\]$`, 'm'));
    expect(config).toMatch(/^ {2}include: resources\/installer\.nsh$/m);
    const installer = await readFile('resources/installer.nsh', 'utf8');
    expect(installer).toContain(`"Software\\Classes\\${APP_LINK_SCHEME}" "URL Protocol" ""`);
    expect(installer).toContain(`"Software\\Classes\\${APP_LINK_SCHEME}\\shell\\open\\command" "" '"$appExe" "%1"'`);
    expect(installer).toContain(`DeleteRegKey SHELL_CONTEXT "Software\\Classes\\${APP_LINK_SCHEME}"`);
  });

  it('createDeepLinks registers at once and listens for macOS links', () => {
    const { app } = links();
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('bitstone-hub');
    expect(app.on).toHaveBeenCalledWith('open-url', expect.any(Function));
  });
});

describe('links reaching the window', () => {
  it('a link that started the app waits until the page asks for it, as the app path', () => {
    const { deepLinks, open } = links({ argv: ['C:\\Bitstone Hub.exe', 'bitstone-hub://objective/123'] });
    deepLinks.attach(open);
    expect(open).not.toHaveBeenCalled();
    expect(deepLinks.takePending()).toBe('/objective-tracking/objective-details?id=123');
    // taken once: a reload does not open it again
    expect(deepLinks.takePending()).toBeNull();
  });

  it('a second start hands its link to the running window, which opens it', () => {
    const { deepLinks, open } = links();
    deepLinks.attach(open);
    expect(deepLinks.takePending()).toBeNull();
    deepLinks.fromArgv(['C:\\Bitstone Hub.exe', '--allow-file-access-from-files', 'bitstone-hub://profile/45']);
    expect(open).toHaveBeenCalledWith('/profile/45');
  });

  it('a second start without a link, or with a refused one, opens nothing (main only focuses the window)', () => {
    const { deepLinks, open, log } = links();
    deepLinks.attach(open);
    deepLinks.takePending();
    deepLinks.fromArgv(['C:\\Bitstone Hub.exe']);
    deepLinks.fromArgv(['C:\\Bitstone Hub.exe', 'bitstone-hub://objective/0']);
    deepLinks.fromArgv(['C:\\Bitstone Hub.exe', 'bitstone-hub://objective/1?x=../../admin']);
    expect(open).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(2);
    expect(deepLinks.takePending()).toBeNull();
  });

  it("macOS: 'open-url' before the app is ready is kept until the window's page asks", () => {
    const { app, deepLinks, open } = links({ argv: ['/Applications/Bitstone Hub.app/Contents/MacOS/Bitstone Hub'] });
    const event = app.openUrl('bitstone-hub://approvals');
    expect(event.preventDefault).toHaveBeenCalled();
    deepLinks.attach(open);
    expect(open).not.toHaveBeenCalled();
    expect(deepLinks.takePending()).toBe('/objective-tracking/approvals');
    app.openUrl('bitstone-hub://objective/9');
    expect(open).toHaveBeenCalledWith('/objective-tracking/objective-details?id=9');
  });

  it('a link arriving while the page reloads waits for it again; the latest one wins', () => {
    const { deepLinks, open } = links();
    deepLinks.attach(open);
    deepLinks.takePending();
    deepLinks.rendererLoading();
    deepLinks.fromArgv(['x', 'bitstone-hub://objective/1']);
    deepLinks.fromArgv(['x', 'bitstone-hub://objective/2']);
    expect(open).not.toHaveBeenCalled();
    expect(deepLinks.takePending()).toBe('/objective-tracking/objective-details?id=2');
  });

  it('once the window is gone, a link waits for the next one', () => {
    const { deepLinks, open } = links();
    deepLinks.attach(open);
    deepLinks.takePending();
    deepLinks.attach(null);
    deepLinks.fromArgv(['x', 'bitstone-hub://holidays']);
    expect(open).not.toHaveBeenCalled();
    expect(deepLinks.takePending()).toBe('/holidays');
  });
});
