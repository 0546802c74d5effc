// The desktop app and the hub check each other's version, so an app too old or too new
// for its hub says so in plain words instead of failing on a changed API. One truth for both
// sides: the hub answers with these numbers (GET /health, the 426 below) and the app compares.

/**
 * The hub's API level: raised by one on every change that breaks what an older app sends or
 * reads (a renamed field, a removed route). Additions do not raise it.
 */
export const HUB_API_LEVEL = 1;

/** The oldest app version the hub still serves; an older one is answered 426 with appTooOldMessage. */
export const MIN_APP_VERSION = '0.1.0';

/** The lowest hub API level this app speaks; a hub below it gets hubTooOldMessage in the app. */
export const MIN_HUB_API_LEVEL = 1;

/**
 * What a hub that reports no level speaks: hubs from before the version check, whose API is
 * level 1's. Web browsers and older apps never send the header either.
 */
export const UNREPORTED_API_LEVEL = 1;

/** The desktop app's version, on every call it makes to the hub (browsers send none). */
export const APP_VERSION_HEADER = 'x-hub-app-version';

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export const isVersion = (value: string): boolean => VERSION.test(value.trim());

/**
 * Orders two x.y.z versions (semver's order: a pre-release comes before its release, 1.2.0-beta
 * < 1.2.0); negative when a is older. A malformed version sorts before every real one.
 */
export function compareVersions(a: string, b: string): number {
  const pa = VERSION.exec(a.trim());
  const pb = VERSION.exec(b.trim());
  if (!pa || !pb) return (pa ? 1 : 0) - (pb ? 1 : 0);
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d !== 0) return Math.sign(d);
  }
  return comparePreRelease(pa[4], pb[4]);
}

function comparePreRelease(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const xs = a.split('.');
  const ys = b.split('.');
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    if (xs[i] === undefined) return -1;
    if (ys[i] === undefined) return 1;
    const nx = /^\d+$/.test(xs[i]) ? Number(xs[i]) : null;
    const ny = /^\d+$/.test(ys[i]) ? Number(ys[i]) : null;
    if (nx !== null && ny !== null && nx !== ny) return Math.sign(nx - ny);
    if (nx !== null && ny === null) return -1;
    if (nx === null && ny !== null) return 1;
    if (xs[i] !== ys[i]) return xs[i] < ys[i] ? -1 : 1;
  }
  return 0;
}

/** True when the hub refuses this app: its version is known and older than the hub's minimum. */
export const appTooOld = (appVersion: string, minAppVersion: string = MIN_APP_VERSION): boolean =>
  isVersion(appVersion) && compareVersions(appVersion, minAppVersion) < 0;

/** True when this app cannot speak to a hub reporting `apiLevel`. */
export const hubTooOld = (apiLevel: number, minHubApiLevel: number = MIN_HUB_API_LEVEL): boolean => apiLevel < minHubApiLevel;

/** `where`: the hub's address as the person typed it in Settings (or the hub's own). */
export function appTooOldMessage(appVersion: string, where: string, minAppVersion: string = MIN_APP_VERSION): string {
  return (
    `This app (${appVersion}) is older than the hub at ${where} supports (${minAppVersion} or newer). ` +
    `Install the newest app: it updates itself from the hub when the hub offers it, or ask IT. ` +
    `Until then, the hub works in your browser at ${where}.`
  );
}

export function hubTooOldMessage(appVersion: string, where: string): string {
  return (
    `This app (${appVersion}) is newer than the hub at ${where}. ` +
    `Ask IT to update the hub, or use the hub in your browser at ${where} until then.`
  );
}

export const COMPAT_TITLES = {
  appTooOld: 'This app is too old for the hub',
  hubTooOld: 'The hub is too old for this app',
} as const;
