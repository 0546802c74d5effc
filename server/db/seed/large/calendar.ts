import { HOLIDAY_TYPES, type HolidayType } from '../../../../shared/rules/constants';
import type { Tx } from '../../client';
import { addDays, addMonths, isoDate, isWeekend, startOfDay } from '../dates';
import type { Random } from '../random';
import { streamRows } from './bulk';
import type { Staff } from './people';
import type { LargeSize } from './size';

// The calendar of the large company: a year of holidays, the days left, a year of time tasks.

const VACATION: HolidayType = 'De odihna';
const MEDICAL: HolidayType = 'Medical';

export async function insertHolidays(tx: Tx, staff: Staff, now: Date, random: Random): Promise<number> {
  const from = startOfDay(addMonths(now, -12));
  const span = Math.round((startOfDay(addMonths(now, 2)).getTime() - from.getTime()) / 86_400_000) - 14;
  const active = staff.people.filter((p) => p.active);
  return streamRows(tx, 'holiday_events', {
    external_id: 'text', user_id: 'int', title: 'text', start: 'date', end: 'date', type: 'text', team_id: 'int',
  }, (function* () {
    let n = 0;
    for (const person of active) {
      const events: Array<[HolidayType, number]> = Array.from({ length: random.int(2, 4) }, () => [VACATION, random.weighted([[1, 3], [3, 3], [5, 4], [10, 2]])]);
      if (random.chance(0.3)) events.push([MEDICAL, random.int(1, 5)]);
      for (const [type, days] of events) {
        let start = addDays(from, random.int(0, span));
        while (isWeekend(start)) start = addDays(start, 1);
        let end = start;
        for (let left = days - 1; left > 0; left--) {
          end = addDays(end, 1);
          while (isWeekend(end)) end = addDays(end, 1);
        }
        yield {
          external_id: `large-holiday-${++n}`, user_id: person.id, title: `${person.name} - ${HOLIDAY_TYPES[type]}`,
          start: isoDate(start), end: isoDate(end), type, team_id: person.teamId,
        };
      }
    }
  })(), {
    external_id: 'u.external_id', user_id: 'u.user_id', title: 'u.title', start: 'u.start', end: 'u."end"', type: 'u.type', team_ids: 'array[u.team_id]',
  });
}

export async function insertDaysLeft(tx: Tx, staff: Staff, now: Date, random: Random): Promise<number> {
  const active = staff.people.filter((p) => p.active);
  return streamRows(tx, 'days_left', { email: 'text', days_left: 'int', updated_at: 'timestamptz' }, (function* () {
    for (const person of active) yield { email: person.email, days_left: random.int(0, 24), updated_at: now.toISOString() };
  })());
}

const TASKS = ['Implement the feature', 'Code review', 'Fix a bug', 'Unit tests', 'Sprint ceremonies', 'Refactoring', 'Client meeting', 'Documentation'];

/** One task per working day for a year: the size of a real tracker's export, in bulk. */
export async function insertTimeTasks(tx: Tx, staff: Staff, size: LargeSize, now: Date, random: Random): Promise<number> {
  const tracked = staff.people.filter((p) => p.tracksTime);
  await streamRows(tx, 'timetracking_accounts', { user_id: 'int', external_user: 'text' },
    tracked.map((person) => ({ user_id: person.id, external_user: `staff-${person.id}` })));
  const days: string[] = [];
  for (let day = startOfDay(now); days.length < size.timeTaskDays; day = addDays(day, -1)) if (!isWeekend(day)) days.push(isoDate(day));
  return streamRows(tx, 'timetracking_tasks', { external_id: 'text', user_id: 'int', date: 'date', summary: 'text', hours: 'numeric' }, (function* () {
    for (const person of tracked) {
      for (const day of days) yield { external_id: `large-${person.id}-${day}`, user_id: person.id, date: day, summary: random.pick(TASKS), hours: random.chance(0.9) ? 8 : 7.5 };
    }
  })());
}
