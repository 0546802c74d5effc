import { describe, expect, it, vi } from 'vitest';
import { isCalendarSubscriptionUrl, isExternallyOpenable, openExternalSafely } from '../../electron/external-links';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers } from '../../electron/ipc/register';
import { trustedSender } from '../../electron/ipc/sender';
import { memoryTokenStore } from '../../electron/token-store';
import { handleWindowOpen, installSecurity } from '../../electron/window-security';
import { calendarPath, webcalUrl } from '../../shared/rules/calendar-feeds';

// Settings → Calendar feeds offers a feed's webcal:// address, which the desktop app
// hands to the operating system's calendar app; everything but that and http(s) stays refused.
vi.mock('electron', () => ({}));

const APP_URL = 'file:///opt/Bitstone%20Hub/resources/app.asar/dist/renderer/index.html';
const SECRET = 'Ab3_-x'.repeat(8).slice(0, 43);
const FEED = webcalUrl(`https://hub.bitstone.test${calendarPath(SECRET)}`);

describe('what the desktop app opens outside', () => {
  it('opens a hub calendar feed\'s webcal:// address, on any host and port', async () => {
    expect(FEED).toBe(`webcal://hub.bitstone.test/api/calendar/${SECRET}.ics`);
    const open = vi.fn(async () => {});
    expect(await openExternalSafely(FEED, open)).toBe(true);
    expect(await openExternalSafely(`webcal://127.0.0.1:41234${calendarPath(SECRET)}`, open)).toBe(true);
    expect(open.mock.calls).toEqual([[FEED], [`webcal://127.0.0.1:41234${calendarPath(SECRET)}`]]);
  });

  it('refuses a webcal:// address that is not a feed\'s: another path, credentials, a query, no host', () => {
    for (const url of [
      'webcal://hub.bitstone.test/calendar.ics',
      'webcal://hub.bitstone.test/api/calendar/short.ics',
      `webcal://hub.bitstone.test/api/calendar/${SECRET}.ics/../../admin`,
      `webcal://hub.bitstone.test/api/calendar/${SECRET}.ics.exe`,
      `webcal://ada:pw@hub.bitstone.test${calendarPath(SECRET)}`,
      `webcal://hub.bitstone.test${calendarPath(SECRET)}?x=1`,
      `webcal://hub.bitstone.test${calendarPath(SECRET)}#x`,
      `webcal:///api/calendar/${SECRET}.ics`,
      `webcal:${calendarPath(SECRET)}`,
    ]) expect(isCalendarSubscriptionUrl(url), url).toBe(false);
  });

  it('refuses every scheme but http, https and webcal', async () => {
    const open = vi.fn(async () => {});
    for (const url of [
      'file:///c:/windows/system32/calc.exe', 'javascript:alert(1)', 'smb://share/x', 'ms-settings:privacy', 'search-ms:query=x',
      'mailto:ada@bitstone.test', 'tel:+40700000000', `webcals://hub.bitstone.test${calendarPath(SECRET)}`, `WEBCAL-X://hub${calendarPath(SECRET)}`, 'nonsense',
    ]) {
      expect(isExternallyOpenable(url), url).toBe(false);
      expect(await openExternalSafely(url, open), url).toBe(false);
    }
    expect(open).not.toHaveBeenCalled();
    expect(isExternallyOpenable('https://okr.bitstone.test/')).toBe(true);
  });

  it('main\'s shell:open-external channel opens the feed in the calendar app and refuses anything else with a 400', async () => {
    const openExternal = vi.fn(async () => {});
    const handlers = createIpcHandlers({
      hub: new HubClient({ fetch, resolveTarget: async () => ({ key: 'embedded', url: 'http://127.0.0.1:9' }), tokens: memoryTokenStore() }),
      connection: { settings: () => ({ hubUrl: null, activeUrl: null, embeddedStatus: 'off', tokenPersistence: 'memory' }), setHubUrl: vi.fn() },
      saveFile: vi.fn(),
      openExternal,
      isTrustedSender: trustedSender(APP_URL),
    });
    const frame = { senderFrame: { url: `${APP_URL}#/settings` } };
    expect(await handlers['shell:open-external'](frame, { url: FEED })).toEqual({ ok: true, data: null });
    expect(openExternal).toHaveBeenCalledWith(FEED);
    const refused = await handlers['shell:open-external'](frame, { url: 'smb://share/x' });
    expect(refused).toMatchObject({ ok: false, error: { status: 400, errors: [{ field: 'url' }] } });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('the window hands a feed link to the calendar app too, never navigating or opening a window for it', () => {
    const open = vi.fn();
    expect(handleWindowOpen(FEED, open)).toEqual({ action: 'deny' });
    expect(open).toHaveBeenCalledWith(FEED);

    const listeners: Record<string, (event: { preventDefault(): void }, url: string) => void> = {};
    const webContents = { on: vi.fn((name: string, fn: (event: { preventDefault(): void }, url: string) => void) => void (listeners[name] = fn)), setWindowOpenHandler: vi.fn() };
    const session = { webRequest: { onHeadersReceived: vi.fn() }, setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    const openExternal = vi.fn();
    installSecurity(webContents as never, session as never, { appUrl: APP_URL, hubOrigin: () => null, openExternal });
    const click = { preventDefault: vi.fn() };
    listeners['will-navigate'](click, FEED);
    expect(click.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith(FEED);
    const other = { preventDefault: vi.fn() };
    listeners['will-navigate'](other, 'webcal://evil.example.com/calendar.ics');
    expect(other.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledTimes(1);
  });
});
