import { formatLastModified } from '../../../shared/rules/dates';

/** What each offline-kept screen shows, as the banner names it. */
export const OFFLINE_VIEWS = {
  objectives: 'objectives',
  directory: 'the team directory',
  profile: 'this profile',
  links: 'links',
  holidays: 'holidays',
} as const;
export type OfflineView = (typeof OFFLINE_VIEWS)[keyof typeof OFFLINE_VIEWS];

/** 'Offline — showing objectives as of {time}', and the same words for every other kept screen. */
export function offlineBannerText(what: string, savedAt: number | Date): string {
  return `Offline — showing ${what} as of ${formatLastModified(new Date(savedAt))}`;
}

/** The banner before (or without) a kept answer on screen: the app is offline all the same. */
export const OFFLINE_TITLE = 'Offline — the hub cannot be reached';

export const OFFLINE_HINT = 'Changes need the hub; this page refreshes by itself when it is back.';

/** A screen with nothing kept, offline: said plainly instead of an error. */
export const NOT_KEPT_OFFLINE = "This screen's data is not kept offline. It will load when the hub is back.";

/** What screen readers hear as the app goes offline (the banner's words) and comes back. */
export const BACK_ONLINE = 'Back online — the hub can be reached again.';
export function offlineAnnouncement(offline: boolean): string {
  return offline ? `${OFFLINE_TITLE}. ${OFFLINE_HINT}` : BACK_ONLINE;
}
