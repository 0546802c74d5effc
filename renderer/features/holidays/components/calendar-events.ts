import type { HolidayEvent, PublicHoliday } from '../../../../shared/api/holidays';
import { HOLIDAY_TYPES } from '../../../../shared/rules/constants';
import { isHolidayType, keepForTeams, matchesTitle } from '../../../../shared/rules/holidays';

/** What react-big-calendar draws: all-day events with an exclusive end. */
export interface CalendarEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: true;
  type: string;
  team: number[];
}

/** YYYY-MM-DD as a local midnight (the calendar works in the viewer's days). */
export function localDay(value: string, plusDays = 0): Date {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return new Date(y, m - 1, d + plusDays);
}

export function typeLabel(type: string): string {
  return isHolidayType(type) ? HOLIDAY_TYPES[type] : type;
}

/**
 * spec §2: hub events and public holidays (shown as national holidays) in one list, then the
 * team filter and the title search.
 */
export function calendarEvents(events: readonly HolidayEvent[], publicDays: readonly PublicHoliday[], selectedTeams: readonly number[], search: string): CalendarEvent[] {
  const merged: CalendarEvent[] = [
    ...events.map((e) => ({ id: `e${e.id}`, title: e.title, start: localDay(e.start), end: localDay(e.end, 1), allDay: true as const, type: e.type, team: e.team })),
    ...publicDays.map((p) => ({
      id: `p${p.date}-${p.localName}`, title: p.localName, start: localDay(p.date), end: localDay(p.date, 1), allDay: true as const, type: 'national_holiday', team: [],
    })),
  ];
  return keepForTeams(merged, selectedTeams).filter((e) => matchesTitle(e.title, search));
}
