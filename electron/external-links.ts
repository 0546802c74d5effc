import { isCalendarPath } from '../shared/rules/calendar-feeds';

/**
 * What the desktop app hands the operating system, and nothing else: an http(s) link opens in the
 * user's browser (the dashboard's links; the side menu's Objective Tracking opens the area in the
 * window instead), a calendar feed's webcal:// address in their calendar app, which subscribes to
 * it (Settings → Calendar feeds). Every other scheme is refused: file:, smb:, ms-*: and the like start local programs,
 * and a page (or a script injected into it) must not reach them. `open` is shell.openExternal,
 * handed in so this is testable without Electron (as Actual Budget's external-links.ts does).
 */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A hub calendar feed's webcal:// address. Any host: the hub names itself in the address it gives
 * (behind a proxy, not necessarily the address the app connects to), and a calendar subscription
 * to another host is no more than an https link to it would be. But only a feed's path, with no
 * user name, password, query or fragment: the app offers nothing else under webcal://.
 */
export function isCalendarSubscriptionUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'webcal:' && u.hostname !== '' && u.username === '' && u.password === '' && u.search === '' && u.hash === '' && isCalendarPath(u.pathname);
  } catch {
    return false;
  }
}

export function isExternallyOpenable(url: string): boolean {
  return isWebUrl(url) || isCalendarSubscriptionUrl(url);
}

export async function openExternalSafely(url: string, open: (url: string) => Promise<void>): Promise<boolean> {
  if (!isExternallyOpenable(url)) return false;
  await open(url);
  return true;
}
