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

/** issue 6: 'Offline — showing objectives as of {time}', and the same words for every other kept screen. */
export function offlineBannerText(what: string, savedAt: number | Date): string {
  return `Offline — showing ${what} as of ${formatLastModified(new Date(savedAt))}`;
}

export const OFFLINE_HINT = 'Changes need the hub; this page refreshes by itself when it is back.';
