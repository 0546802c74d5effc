import type { HolidayType } from '../../../shared/rules/constants';
import { HOLIDAY_TYPES } from '../../../shared/rules/constants';
import type { Tx } from '../client';
import * as schema from '../schema';
import { TEAM } from './catalog';
import { addDays, addMonths, isoDate, isWeekend, parseIsoDate, startOfDay } from './dates';
import { insertChunked } from './insert';
import { mustGet, type Company, type SeededPerson } from './people';
import { NAMED_USERNAMES } from './people-plan';
import type { Random } from './random';

// spec §2 Holidays: a year of events (last 12 months, next 2) of every type but national
// holidays, which the hub computes itself (design §3). `end` is the last day off, inclusive.

type Event = typeof schema.holidayEvents.$inferInsert;

/** Days each person is away (vacation, medical, unpaid), so their time reports skip them. */
export type DaysOff = Map<string, Set<string>>;

const VACATION: HolidayType = 'De odihna';
const MEDICAL: HolidayType = 'Medical';
const BLOOD: HolidayType = 'Donator sange';
const UNPAID: HolidayType = 'Concediu fara plata (neplatit)';
const BIRTHDAY: HolidayType = 'Birthday';
/** The demo's six sign-in users: their own days stay as drawn. */
const NAMED_USERS = new Set(NAMED_USERNAMES);

export async function insertHolidays(tx: Tx, company: Company, random: Random): Promise<DaysOff> {
  const from = startOfDay(addMonths(company.now, -12));
  const to = startOfDay(addMonths(company.now, 2));
  const events: Event[] = [];
  const daysOff: DaysOff = new Map();
  const active = company.people.filter((person) => person.status === 'active');
  const teamIdsOf = (person: SeededPerson) => person.teams.map((team) => mustGet(company.teamIds, team));
  const add = (person: SeededPerson, type: HolidayType, start: Date, workingDays: number) => {
    const days = workingDaysFrom(start, workingDays);
    if (days[days.length - 1] > to) return;
    events.push({
      externalId: `demo-holiday-${events.length + 1}`, userId: person.id, title: `${person.name} - ${HOLIDAY_TYPES[type]}`,
      start: isoDate(days[0]), end: isoDate(days[days.length - 1]), type, teamIds: teamIdsOf(person),
    });
    if (type === BLOOD) return;
    const set = daysOff.get(person.username) ?? new Set<string>();
    for (const day of days) set.add(isoDate(day));
    daysOff.set(person.username, set);
  };
  const span = Math.round((to.getTime() - from.getTime()) / 86_400_000);
  const randomDay = () => addDays(from, random.int(0, span - 14));
  for (const person of active) {
    for (let i = 0, n = random.int(2, 4); i < n; i++) add(person, VACATION, randomDay(), random.weighted([[1, 3], [3, 3], [5, 4], [10, 2]]));
    if (random.chance(0.3)) add(person, MEDICAL, randomDay(), random.int(1, 5));
    if (random.chance(0.15)) add(person, BLOOD, randomDay(), 1);
    if (random.chance(0.06)) add(person, UNPAID, randomDay(), random.int(2, 5));
  }
  // Make sure every type shows in the calendar around today, whatever the random draws.
  const today = startOfDay(company.now);
  add(random.pick(active), MEDICAL, addDays(today, 2), 2);
  add(random.pick(active), BLOOD, addDays(today, 6), 1);
  add(random.pick(active), UNPAID, addDays(today, 9), 3);
  // 'Who's out': someone is out today (a weekend included: the leave starts on the last
  // working day) and someone soon, in the named users' team and beyond, whatever the draws above.
  // Chosen by name, not drawn, so no later draw of this stream moves.
  let lastWorking = today;
  while (isWeekend(lastWorking)) lastWorking = addDays(lastWorking, -1);
  const colleagues = active.filter((person) => !NAMED_USERS.has(person.username)).sort((a, b) => a.username.localeCompare(b.username));
  const [outToday, outSoon] = colleagues.filter((person) => person.teams.includes(TEAM.phoenix));
  const elsewhere = colleagues.find((person) => !person.teams.includes(TEAM.phoenix) && person.teams.length > 0);
  if (outToday) add(outToday, VACATION, lastWorking, 4);
  if (outSoon) add(outSoon, MEDICAL, workingDaysFrom(addDays(today, 1), 2)[1], 2);
  if (elsewhere) add(elsewhere, VACATION, lastWorking, 6);
  for (const person of active) {
    const birthdate = person.extras.personalInfo?.birthdate;
    if (!birthdate) continue;
    const born = parseIsoDate(birthdate);
    for (const year of [from.getUTCFullYear(), from.getUTCFullYear() + 1, from.getUTCFullYear() + 2]) {
      const day = new Date(Date.UTC(year, born.getUTCMonth(), born.getUTCDate()));
      if (day < from || day > to) continue;
      events.push({
        externalId: `demo-birthday-${person.username}-${year}`, userId: person.id, title: `${person.name} - Birthday`,
        start: isoDate(day), end: isoDate(day), type: BIRTHDAY, teamIds: teamIdsOf(person),
      });
    }
  }
  await insertChunked(tx, schema.holidayEvents, events);
  await insertDaysLeft(tx, company, random);
  return daysOff;
}

function workingDaysFrom(start: Date, count: number): Date[] {
  const days: Date[] = [];
  for (let day = start; days.length < count; day = addDays(day, 1)) if (!isWeekend(day)) days.push(day);
  return days;
}

/** spec §2: 'N days left', or 'No information yet' below zero (guest) or missing (owner). */
async function insertDaysLeft(tx: Tx, company: Company, random: Random): Promise<void> {
  const rows = company.people
    .filter((person) => person.status === 'active' && person.username !== 'owner')
    .map((person) => ({ email: person.email, daysLeft: person.username === 'guest' ? -1 : random.int(0, 24), updatedAt: company.now }));
  await insertChunked(tx, schema.daysLeft, rows);
}
