import { HOLIDAY_TYPES } from './constants';
import { isHolidayType } from './holidays';

// issue 25 'Who's out': from a person's holidays and the public holidays, whether they are out
// today (and until which day, as a person reads it) or soon. Pure: the hub computes it for every
// screen, and the screens word it with the same functions. Days are YYYY-MM-DD in the company's
// calendar (the hub's isoDay), weekdays counted in UTC so no machine's zone moves them.

/** How far ahead the small 'Out from …' marker looks, and how many days the dashboard card lists after today. */
export const UPCOMING_WORKING_DAYS = 5;

/**
 * The days of holidays the hub reads to answer: enough for the marker, and for an absence that
 * runs on from today (a long leave's end is known from its own row, whatever its length).
 */
export const PRESENCE_LOOKAHEAD_DAYS = 45;

export interface AbsenceEvent {
  start: string;
  end: string;
  type: string;
}

export interface Presence {
  /** out today: the last day of the absence as a person reads it (weekends and public holidays skipped) */
  outUntil: string | null;
  /** in today, out on one of the next working days: the first of them */
  outFrom: string | null;
  /** the kind of leave, where the viewer may see it */
  kind?: string;
}

/** A date moved by whole days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function isWeekend(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** A day people work: not a weekend, not a public holiday. */
export function isWorkingDay(day: string, publicDays: ReadonlySet<string>): boolean {
  return !isWeekend(day) && !publicDays.has(day);
}

/**
 * The days 'Who's out' speaks of: today, then the next `count` working days, with the public
 * holidays that fall on weekdays between them (everyone is out on those; weekends are left out).
 */
export function daysAhead(today: string, publicDays: ReadonlySet<string>, count = UPCOMING_WORKING_DAYS): string[] {
  const days = [today];
  let working = 0;
  for (let day = addDays(today, 1); working < count; day = addDays(day, 1)) {
    if (isWeekend(day)) continue;
    days.push(day);
    if (!publicDays.has(day)) working++;
  }
  return days;
}

/** National days are the public holidays' to tell, not a person's leave. */
function isPersonalLeave(event: AbsenceEvent): boolean {
  return event.type !== 'national_holiday';
}

function coveringEvent(events: readonly AbsenceEvent[], day: string): AbsenceEvent | undefined {
  return events.find((e) => e.start <= day && day <= e.end);
}

/** The label of a stored holiday type (spec §3 table); an unknown type is shown as stored. */
export function leaveKindLabel(type: string): string {
  return isHolidayType(type) ? HOLIDAY_TYPES[type] : type;
}

/**
 * Whether a person is out today or soon; null when neither. `showKind` is the viewer's right to
 * see the kind of leave (the hub asks shared/rules/permissions; this rule only obeys it).
 */
export function presenceOf(
  events: readonly AbsenceEvent[],
  today: string,
  publicDays: ReadonlySet<string>,
  showKind: boolean,
): Presence | null {
  const leave = events.filter(isPersonalLeave).sort((a, b) => a.start.localeCompare(b.start));
  const withKind = (presence: Presence, event: AbsenceEvent): Presence => (showKind ? { ...presence, kind: leaveKindLabel(event.type) } : presence);
  const now = coveringEvent(leave, today);
  if (now) {
    // Walk on through the leave and the days nobody works (a leave to Friday, then Monday's
    // leave, is one absence); the last working day off is what a colleague needs to know.
    let lastWorking: string | null = isWorkingDay(today, publicDays) ? today : null;
    let day = addDays(today, 1);
    for (let step = 0; step < 400; step++, day = addDays(day, 1)) {
      const covered = coveringEvent(leave, day) !== undefined;
      const working = isWorkingDay(day, publicDays);
      if (working && !covered) break;
      if (working) lastWorking = day;
    }
    return withKind({ outUntil: lastWorking ?? today, outFrom: null }, now);
  }
  for (const day of daysAhead(today, publicDays).slice(1)) {
    if (!isWorkingDay(day, publicDays)) continue;
    const next = coveringEvent(leave, day);
    if (next) return withKind({ outUntil: null, outFrom: day }, next);
  }
  return null;
}

/** Whether the person is off on a day (their leave, not counting weekends or public holidays). */
export function isOutOn(events: readonly AbsenceEvent[], day: string): boolean {
  return coveringEvent(events.filter(isPersonalLeave), day) !== undefined;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'Fri 28 Nov' (en-GB, as the holidays calendar speaks). */
export function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return DAY_FORMAT.format(new Date(Date.UTC(y, m - 1, d))).replace(',', '');
}

export const WHOS_OUT_TEXT = {
  cardHeading: 'Who’s out',
  cardEmpty: 'Everyone in your teams is in today and on the next working days.',
  cardNoTeams: 'You are not in a team yet.',
  today: 'Today',
  publicHoliday: (name: string) => `Public holiday: ${name}`,
  nobodyOut: 'Nobody out',
  filterLabel: 'Today',
  filterAny: 'Everyone',
  filterOut: 'Out today',
  filterIn: 'In today',
  deadlineOut: (name: string, day: string) => `${name} is out on ${shortDay(day)}. You can keep this deadline, or choose another day.`,
} as const;

/** The words for a presence: 'Out today', 'Out until Fri 28 Nov', 'Out from Mon 1 Dec', with the kind when shown. */
export function presenceText(presence: Presence, today: string): string {
  const when = presence.outUntil !== null
    ? presence.outUntil === today ? 'Out today' : `Out until ${shortDay(presence.outUntil)}`
    : `Out from ${shortDay(presence.outFrom ?? today)}`;
  return presence.kind ? `${when} (${presence.kind})` : when;
}
