import { and, asc, eq, gte, isNotNull, lte, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { WhosOut, WhosOutPerson } from '../../../shared/api/whos-out';
import { isoDay } from '../../../shared/rules/dates';
import { canViewBitstoneInfo } from '../../../shared/rules/permissions';
import type { Actor } from '../../../shared/rules/session-user';
import {
  addDays, daysAhead, isOutOn, leaveKindLabel, presenceOf, PRESENCE_LOOKAHEAD_DAYS, type AbsenceEvent, type Presence,
} from '../../../shared/rules/whos-out';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { qualified } from '../../db/qualified';
import { holidayEvents, teamMembers, users } from '../../db/schema';
import { imagePathOf } from '../team';
import { publicHolidays } from './public-holidays';

// Who's out (docs/api.md 'Who's out'): the hub reads the holidays of a whole page (or company) in one query and
// words nothing itself: shared/rules/whos-out.ts decides, and the kind of leave goes only to a
// viewer who may see it — the vacation-days rule of spec §6 (canViewBitstoneInfo), which the
// holidays screen's days-left list also applies.

interface Window {
  today: string;
  until: string;
  publicDays: Map<string, string>;
}

/** Today in the company's calendar (the hub's isoDay, as deadlines are) and the days read after it. */
export function presenceWindow(now: Date = new Date()): Window {
  const today = isoDay(now);
  const until = addDays(today, PRESENCE_LOOKAHEAD_DAYS);
  const years = [...new Set([Number(today.slice(0, 4)), Number(until.slice(0, 4))])];
  const publicDays = new Map(years.flatMap((year) => publicHolidays(year).map((h) => [h.date, h.localName] as const)));
  return { today, until, publicDays };
}

const personalLeave = ne(holidayEvents.type, 'national_holiday');

/** Members out today (the directory's 'Out today' filter; 'In today' is its negation). */
export function outTodayWhere(today: string = isoDay()): SQL {
  return sql`exists (select 1 from ${holidayEvents} h where h.user_id = ${users.id}
    and h.start <= ${today} and h."end" >= ${today} and h.type <> 'national_holiday')`;
}

interface EventRow extends AbsenceEvent {
  userId: number;
  teamIds: number[];
}

/** The viewer's teams: all the kind rule (a team lead of the person) can ask of them. */
const teamsOf = (viewer: Actor | undefined): number[] => (viewer ? [...new Set(viewer.teamIds)] : []);

const LEAVE_WINDOW = and(
  lte(holidayEvents.start, sql.placeholder('to')), gte(holidayEvents.end, sql.placeholder('from')), personalLeave,
);

/**
 * The window's leave of these people (of all people when `userIds` is null), with the teams each
 * shares with the viewer, read by the team_members key. Built once and prepared (a
 * directory page, a profile and the org chart each ask on every request).
 */
const leaveQuery = (everyone: boolean, name: string) => preparedPer((db: Db) => db
  .select({
    userId: holidayEvents.userId,
    start: holidayEvents.start,
    end: holidayEvents.end,
    type: holidayEvents.type,
    teamIds: sql<number[]>`array(select tm.team_id from ${teamMembers} tm where tm.user_id = ${qualified(holidayEvents.userId)}
      and tm.team_id = any(${sql.placeholder('viewerTeams')}::int[]))`,
  })
  .from(holidayEvents)
  .where(and(everyone ? isNotNull(holidayEvents.userId) : sql`${holidayEvents.userId} = any(${sql.placeholder('userIds')}::int[])`, LEAVE_WINDOW))
  .prepare(name));
const leaveOfPeople = leaveQuery(false, 'hub_leave_of_people');
const leaveOfEveryone = leaveQuery(true, 'hub_leave_of_everyone');

async function leaveRows(db: Db, viewer: Actor | undefined, userIds: readonly number[] | null, from: string, to: string): Promise<EventRow[]> {
  const params = { from, to, viewerTeams: teamsOf(viewer), userIds: userIds ? [...userIds] : [] };
  const rows = await (userIds ? leaveOfPeople(db) : leaveOfEveryone(db)).execute(params);
  return rows.map((r) => ({ ...r, userId: Number(r.userId), teamIds: (r.teamIds ?? []).map(Number) }));
}

function byPerson(rows: readonly EventRow[]): Map<number, EventRow[]> {
  const grouped = new Map<number, EventRow[]>();
  for (const row of rows) {
    const events = grouped.get(row.userId);
    if (events) events.push(row);
    else grouped.set(row.userId, [row]);
  }
  return grouped;
}

const maySeeKind = (viewer: Actor | undefined, row: EventRow) => viewer !== undefined && canViewBitstoneInfo(viewer, { id: row.userId, teamIds: row.teamIds });

/** A person's leave in the window, as a people query's column has it: [start, end, type, teams shared with the viewer] each. */
export type LeaveCell = Array<[string, string, string, number[] | null]> | null;

/**
 * The window's leave of the row's person, as one column of a people query: a directory page
 * then costs no third statement nor the wait for it. Its placeholders are
 * PresenceContext.params: from, to, viewerTeams.
 */
export function leaveColumn(userId: Column): SQL<LeaveCell> {
  return sql<LeaveCell>`(select json_agg(json_build_array(h.start, h."end", h.type, array(select tm.team_id from ${teamMembers} tm
      where tm.user_id = h.user_id and tm.team_id = any(${sql.placeholder('viewerTeams')}::int[]))))
    from ${holidayEvents} h where h.user_id = ${qualified(userId)} and h.start <= ${sql.placeholder('to')}
      and h."end" >= ${sql.placeholder('from')} and h.type <> 'national_holiday')`;
}

export interface PresenceContext {
  viewer: Actor | undefined;
  today: string;
  publicSet: ReadonlySet<string>;
  /** the values of leaveColumn's placeholders */
  params: { from: string; to: string; viewerTeams: number[] };
}

export function presenceContext(viewer: Actor | undefined, now: Date = new Date()): PresenceContext {
  const window = presenceWindow(now);
  return {
    viewer,
    today: window.today,
    publicSet: new Set(window.publicDays.keys()),
    params: { from: window.today, to: window.until, viewerTeams: teamsOf(viewer) },
  };
}

/** A person's presence from their leaveColumn, as the context's viewer may see it. */
export function presenceFromLeave(context: PresenceContext, userId: number, cell: LeaveCell): Presence | null {
  if (!cell || cell.length === 0) return null;
  const events: EventRow[] = cell.map(([start, end, type, teamIds]) => ({ userId, start, end, type, teamIds: (teamIds ?? []).map(Number) }));
  return presenceOf(events, context.today, context.publicSet, maySeeKind(context.viewer, events[0]));
}

/**
 * Each listed person's presence (everyone's with null), as this viewer may see it: one query
 * for a directory page, a profile or the whole org chart. People in and not soon out are absent.
 */
export async function presenceFor(db: Db, viewer: Actor | undefined, userIds: readonly number[] | null, now: Date = new Date()): Promise<Map<number, Presence>> {
  const found = new Map<number, Presence>();
  if (userIds !== null && userIds.length === 0) return found;
  const window = presenceWindow(now);
  const publicSet = new Set(window.publicDays.keys());
  for (const [userId, events] of byPerson(await leaveRows(db, viewer, userIds, window.today, window.until))) {
    const presence = presenceOf(events, window.today, publicSet, maySeeKind(viewer, events[0]));
    if (presence) found.set(userId, presence);
  }
  return found;
}

/**
 * GET /holidays/whos-out: the people of the viewer's teams (those they belong to or lead,
 * without themselves) out today and on the next five working days, and the public holidays.
 */
export async function whosOut(db: Db, viewer: Actor, now: Date = new Date()): Promise<WhosOut> {
  const window = presenceWindow(now);
  const publicSet = new Set(window.publicDays.keys());
  const days = daysAhead(window.today, publicSet);
  const teamIds = [...new Set([...viewer.teamIds, ...viewer.leadTeamIds])];
  const empty = days.map((date) => ({ date, publicHoliday: window.publicDays.get(date) ?? null, people: [] as WhosOutPerson[] }));
  if (teamIds.length === 0) return { today: window.today, hasTeams: false, days: empty };
  const mates = await db
    .select({ id: users.id, name: users.name, imageUrl: users.imageUrl, pictureFileId: users.pictureFileId })
    .from(users)
    .where(and(eq(users.status, 'active'), ne(users.id, viewer.id),
      sql`${users.id} in (select tm.user_id from ${teamMembers} tm where tm.team_id in (${sql.join(teamIds.map((id) => sql`${id}`), sql`, `)}))`))
    .orderBy(asc(users.name), asc(users.id));
  const leave = byPerson(mates.length ? await leaveRows(db, viewer, mates.map((m) => m.id), window.today, days[days.length - 1]) : []);
  return {
    today: window.today,
    hasTeams: true,
    days: empty.map((day) => ({
      ...day,
      // a public holiday is everyone's day off: the day says so, without listing anyone's leave on it
      people: day.publicHoliday !== null ? [] : mates.flatMap((mate): WhosOutPerson[] => {
        const events = leave.get(mate.id) ?? [];
        const today = events.find((e) => e.start <= day.date && day.date <= e.end);
        if (!today) return [];
        const person: WhosOutPerson = { id: mate.id, name: mate.name, imagePath: imagePathOf(mate) };
        return [maySeeKind(viewer, today) ? { ...person, kind: leaveKindLabel(today.type) } : person];
      }),
    })),
  };
}

/** GET /holidays/out-on: whether a person is off on a day (their leave; the kind is not said). */
export async function isPersonOutOn(db: Db, userId: number, day: string): Promise<boolean> {
  return isOutOn(await leaveRows(db, undefined, [userId], day, day), day);
}
