import { ID_MAX } from '../api/common';

// Links into the app. One table between the short link paths (`objective/123`), which
// are the same behind `bitstone-hub://` (the desktop app) and behind the hub's web address (the
// web app), and the router's paths. Main, the renderer and the web app all read it here.
//
// The router's paths are renderer/lib/paths.ts, which shared/ may not import:
// shared/rules/app-links.test.ts checks that every path below is one of them.

export const APP_LINK_SCHEME = 'bitstone-hub';

/**
 * name: the short path's first segment; appPath: the router's path, or for a screen of one row,
 * the text before and after its id.
 */
type LinkScreen = { name: string; appPath: string } | { name: string; appPath: { before: string; after: string } };

const SCREENS: readonly LinkScreen[] = [
  { name: 'objective', appPath: { before: '/objective-tracking/objective-details?id=', after: '' } },
  { name: 'profile', appPath: { before: '/profile/', after: '' } },
  { name: 'approvals', appPath: '/objective-tracking/approvals' },
  { name: 'dashboard', appPath: '/dashboard' },
  { name: 'team', appPath: '/super-awesome-team' },
  { name: 'org-chart', appPath: '/org-chart' },
  { name: 'holidays', appPath: '/holidays' },
  { name: 'timetracking', appPath: '/timetracking' },
  { name: 'objectives', appPath: '/objective-tracking/objectives' },
  { name: 'plans', appPath: '/objective-tracking/plans' },
  { name: 'timeline', appPath: '/objective-tracking/timeline' },
  { name: 'settings', appPath: '/settings' },
];

/** The router path of every screen a link may name (for the test that holds them to the router). */
export const APP_LINK_TARGETS: readonly string[] = SCREENS.map((s) => (typeof s.appPath === 'string' ? s.appPath : withId(s.appPath, 1)));

function withId(path: { before: string; after: string }, id: number): string {
  return `${path.before}${id}${path.after}`;
}

// A database id (PostgreSQL integer, shared/api/common.ts): digits only, no sign, no leading zero,
// no exponent; the range is checked after.
const ID = /^[1-9][0-9]{0,9}$/;

function parseId(text: string | undefined): number | null {
  if (text === undefined || !ID.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}

/**
 * The router path a short link path names (`objective/123`, `/approvals`), or null. Strict: one
 * screen name as written here, an id where the screen takes one and nowhere else, at most one
 * trailing slash (Windows may add one to a protocol link), and nothing more: no query, no
 * fragment, no escapes, no dot segments.
 */
export function appPathFromShortPath(shortPath: string): string | null {
  if (shortPath.length > 64) return null;
  const segments = shortPath.replace(/^\//, '').replace(/\/$/, '').split('/');
  const screen = SCREENS.find((s) => s.name === segments[0]);
  if (!screen) return null;
  if (typeof screen.appPath === 'string') return segments.length === 1 ? screen.appPath : null;
  if (segments.length !== 2) return null;
  const id = parseId(segments[1]);
  return id === null ? null : withId(screen.appPath, id);
}

const SCHEME_PREFIX = `${APP_LINK_SCHEME}://`;

/**
 * The router path a `bitstone-hub://…` link names, or null (main then only brings the window
 * forward). The scheme is matched without regard to case, as RFC 3986 §3.1 asks; the rest is
 * appPathFromShortPath's.
 */
export function appPathFromLink(link: unknown): string | null {
  if (typeof link !== 'string' || link.length > 100) return null;
  if (link.slice(0, SCHEME_PREFIX.length).toLowerCase() !== SCHEME_PREFIX) return null;
  const rest = link.slice(SCHEME_PREFIX.length);
  // `bitstone-hub:///objective/1` has an empty host: not one of ours
  if (rest.startsWith('/')) return null;
  return appPathFromShortPath(rest);
}

/** True when `arg` (a command-line argument) is meant as one of our links, valid or not. */
export const looksLikeAppLink = (arg: string): boolean => arg.slice(0, SCHEME_PREFIX.length).toLowerCase() === SCHEME_PREFIX;

/** The short path (`objective/123`) of a router path, or null for a screen no link names. */
export function shortPathFromAppPath(appPath: string): string | null {
  for (const screen of SCREENS) {
    if (typeof screen.appPath === 'string') {
      if (appPath === screen.appPath) return screen.name;
      continue;
    }
    const { before, after } = screen.appPath;
    if (appPath.length < before.length + after.length || !appPath.startsWith(before) || !appPath.endsWith(after)) continue;
    const id = parseId(appPath.slice(before.length, appPath.length - after.length));
    if (id !== null) return `${screen.name}/${id}`;
  }
  return null;
}

/** `bitstone-hub://objective/123` for a router path, or null. */
export function appLinkFor(appPath: string): string | null {
  const short = shortPathFromAppPath(appPath);
  return short === null ? null : `${SCHEME_PREFIX}${short}`;
}

/** `https://hub.example/objective/123` for a router path on the hub at `origin`, or null. */
export function webLinkFor(origin: string, appPath: string): string | null {
  const short = shortPathFromAppPath(appPath);
  return short === null ? null : `${origin.replace(/\/+$/, '')}/${short}`;
}

/** 'Copy link' on an objective and a profile, its toasts, and the web's offer to open the desktop app. */
export const COPY_LINK_TEXT = {
  action: 'Copy link',
  copied: 'Link copied',
  failed: 'Could not copy the link.',
  openInApp: 'Open in the desktop app',
} as const;
