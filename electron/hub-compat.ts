import type { HubCompat } from '../shared/ipc';
import { appTooOld, appTooOldMessage, COMPAT_TITLES, hubTooOld, hubTooOldMessage, UNREPORTED_API_LEVEL } from '../shared/rules/app-compat';
import type { HubHealth } from './about';

// When the app connects it reads the hub's /health (the same answer the About box
// reads) and checks both directions, so the window can say what is wrong before sign-in fails on
// a changed API. The hub checks the other way on every call too (server/plugins/app-compat.ts).

export function hubCompat(health: HubHealth, appVersion: string): HubCompat {
  if (!health.connected) return { status: 'unknown' };
  if (hubTooOld(health.apiLevel ?? UNREPORTED_API_LEVEL)) {
    return { status: 'hub-too-old', title: COMPAT_TITLES.hubTooOld, message: hubTooOldMessage(appVersion, health.where) };
  }
  if (health.minAppVersion && appTooOld(appVersion, health.minAppVersion)) {
    return { status: 'app-too-old', title: COMPAT_TITLES.appTooOld, message: appTooOldMessage(appVersion, health.where, health.minAppVersion) };
  }
  return { status: 'ok' };
}
