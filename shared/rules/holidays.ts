import { FALLBACK_TEXT } from './people-messages';
import { HOLIDAY_TYPES, type HolidayType } from './constants';

// people-and-shell §2 Holidays and §3 holiday event types: the pure rules the calendar screen
// and the hub share.

export const HOLIDAY_TEXT = {
  heading: 'Holidays',
  allMembers: 'All Members',
  openApp: 'Open Holidays App',
  thisMonth: 'This Month',
  daysLeft: (n: number) => `${n} days left`,
  /** spec §8 logged message when the public-holidays call fails */
  reportsFailed: (message: string) => `Failed fetching reports: ${message}`,
} as const;

/** The longest range GET /holidays answers: a month view with its edge weeks fits easily. */
export const MAX_HOLIDAY_RANGE_DAYS = 400;

export const HOLIDAY_TYPE_KEYS = Object.keys(HOLIDAY_TYPES) as HolidayType[];

export function isHolidayType(value: string): value is HolidayType {
  return Object.prototype.hasOwnProperty.call(HOLIDAY_TYPES, value);
}

/** spec §2: 'N days left', or 'No information yet' when the count is below zero or missing. */
export function daysLeftText(daysLeft: number | null | undefined): string {
  if (daysLeft === null || daysLeft === undefined || !Number.isFinite(daysLeft) || daysLeft < 0) return FALLBACK_TEXT.daysLeftUnknown;
  return HOLIDAY_TEXT.daysLeft(daysLeft);
}

/**
 * spec §2: events are kept only if their team list intersects the selected teams; with no
 * team selected every event is kept. National holidays concern everyone, whatever the filter.
 */
export function keepForTeams<T extends { type: string; team: readonly number[] }>(events: readonly T[], selected: readonly number[]): T[] {
  if (selected.length === 0) return [...events];
  const wanted = new Set(selected);
  return events.filter((event) => event.type === 'national_holiday' || event.team.some((id) => wanted.has(id)));
}

/** spec §2: search by event title (case-insensitive contains). */
export function matchesTitle(title: string, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return needle === '' || title.toLocaleLowerCase().includes(needle);
}
