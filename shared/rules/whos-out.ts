import { HOLIDAY_TYPES } from './constants';
import { isHolidayType } from './holidays';

// Who's out (docs/api.md#whos-out): from a person's holidays and the public holidays, whether they
// are out today (and until which day, as a person reads it) or soon. Pure: the hub computes it for
// every screen, and the screens word it with the same functions. Days are YYYY-MM-DD in the
// company's calendar (the hub's isoDay), weekdays counted in UTC so no machine's zone moves them.

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

// Days are counted as whole days since 1970-01-01 (UTC) inside these rules: a directory page
// asks for 48 people's presence at once, and building a Date per day walked cost the hub more
// than its database did (bench/api.ts, the directory page).
const MS_PER_DAY = 86_400_000;

function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / MS_PER_DAY;
}

function dayText(n: number): string {
  return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 1970-01-01 was a Thursday (getUTCDay 4). */
const weekendNumber = (n: number) => {
  const weekday = (((n + 4) % 7) + 7) % 7;
  return weekday === 0 || weekday === 6;
};

/** A date moved by whole days. */
export function addDays(day: string, days: number): string {
  return dayText(dayNumber(day) + days);
}

export function isWeekend(day: string): boolean {
  return weekendNumber(dayNumber(day));
}

/** A day people work: not a weekend, not a public holiday. */
export function isWorkingDay(day: string, publicDays: ReadonlySet<string>): boolean {
  return !isWeekend(day) && !publicDays.has(day);
}

/** The public holidays as day numbers, worked out once per set (a page's people share one). */
const publicNumbersOf = (() => {
  const cache = new WeakMap<ReadonlySet<string>, ReadonlySet<number>>();
  return (publicDays: ReadonlySet<string>): ReadonlySet<number> => {
    let numbers = cache.get(publicDays);
    if (!numbers) {
      numbers = new Set([...publicDays].map(dayNumber));
      cache.set(publicDays, numbers);
    }
    return numbers;
  };
})();

/** Today's number, then the next `count` working days' with the weekday public holidays between them. */
function dayNumbersAhead(today: number, publicNumbers: ReadonlySet<number>, count: number): number[] {
  const days = [today];
  let working = 0;
  for (let day = today + 1; working < count; day++) {
    if (weekendNumber(day)) continue;
    days.push(day);
    if (!publicNumbers.has(day)) working++;
  }
  return days;
}

/**
 * The days 'Who's out' speaks of: today, then the next `count` working days, with the public
 * holidays that fall on weekdays between them (everyone is out on those; weekends are left out).
 */
export function daysAhead(today: string, publicDays: ReadonlySet<string>, count = UPCOMING_WORKING_DAYS): string[] {
  return dayNumbersAhead(dayNumber(today), publicNumbersOf(publicDays), count).map(dayText);
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

interface LeaveSpan {
  event: AbsenceEvent;
  from: number;
  to: number;
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
  const leave: LeaveSpan[] = events.filter(isPersonalLeave)
    .map((event) => ({ event, from: dayNumber(event.start), to: dayNumber(event.end) }))
    .sort((a, b) => a.from - b.from);
  const covering = (day: number) => leave.find((span) => span.from <= day && day <= span.to);
  const publicNumbers = publicNumbersOf(publicDays);
  const working = (day: number) => !weekendNumber(day) && !publicNumbers.has(day);
  const withKind = (presence: Presence, span: LeaveSpan): Presence => (showKind ? { ...presence, kind: leaveKindLabel(span.event.type) } : presence);
  const start = dayNumber(today);
  const now = covering(start);
  if (now) {
    // Walk on through the leave and the days nobody works (a leave to Friday, then Monday's
    // leave, is one absence); the last working day off is what a colleague needs to know.
    let lastWorking: number | null = working(start) ? start : null;
    for (let day = start + 1; day <= start + 400; day++) {
      const covered = covering(day) !== undefined;
      if (working(day) && !covered) break;
      if (working(day)) lastWorking = day;
    }
    return withKind({ outUntil: lastWorking === null ? today : dayText(lastWorking), outFrom: null }, now);
  }
  for (const day of dayNumbersAhead(start, publicNumbers, UPCOMING_WORKING_DAYS).slice(1)) {
    if (!working(day)) continue;
    const next = covering(day);
    if (next) return withKind({ outUntil: null, outFrom: dayText(day) }, next);
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
