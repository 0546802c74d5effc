import { and, asc, eq, gte, inArray, lt, lte, ne } from 'drizzle-orm';
import { EMAIL_DIGEST_HOUR } from '../../../shared/api/notifications';
import { isoDay } from '../../../shared/rules/dates';
import type { SessionUser } from '../../../shared/api/users';
import type { Db } from '../../db/client';
import { holidayEvents, objectives, teamManagers, teamMembers, teams, users } from '../../db/schema';
import type { JobLog, ScheduledJob } from '../../scheduler';
import { loadSessionUser } from '../auth';
import { queueEmails, type WeeklyDigestParams } from '../email';
import { userPreferences } from '../settings';
import { coveredTeamIds, listApprovals, ofTeamsOrTheirMembers, visibleWhere } from '../objectives';

// The weekly digest for team leads and teams managers (docs/operations.md 'Digests'): on Monday
// at EMAIL_DIGEST_HOUR of the hub's time zone, for the teams they lead or manage, the objectives
// due this week, the overdue ones, the approvals waiting for them and who is out this week. Each
// list is asked as that person's screens ask it (visibleWhere, listApprovals), so a private
// objective they may not see is not in it, not even its title. A job of the hub's scheduler under
// its lease; each person's digest of a week has a dedupe key, so it goes once; someone who turned
// it off gets none.

export const WEEKLY_DIGEST_JOB = 'email:weekly-digest';
export const WEEKLY_DIGEST_INTERVAL_MS = 15 * 60 * 1000;
/**
 * A pause after each person's digest: the job runs in a hub that is answering people meanwhile,
 * and each digest is a burst of queries; paced, it takes a little longer (200 leads: ~5 s more)
 * and the answers around it barely slow down (bench/weekly-digest.ts).
 */
export const WEEKLY_DIGEST_PAUSE_MS = 25;
/** Rows per list at most: a digest points to the screens, it does not replace them. */
export const WEEKLY_DIGEST_ROWS = 15;

const plusDays = (day: Date, n: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + n);

export type WeeklyDigest = WeeklyDigestParams;

/** The digest as this person may see it; null when there is nothing to tell. */
export async function weeklyDigestFor(db: Db, actor: SessionUser, now: Date): Promise<WeeklyDigest | null> {
  const teamIds = coveredTeamIds(actor);
  if (teamIds.length === 0) return null;
  const today = isoDay(now);
  const monday = plusDays(now, -((now.getDay() + 6) % 7));
  const week = isoDay(monday);
  const sunday = isoDay(plusDays(monday, 6));
  const open = (deadline: ReturnType<typeof and>) => db
    .select({ title: objectives.title, owner: users.name, deadline: objectives.deadline })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .where(and(eq(objectives.status, 'in progress'), visibleWhere(actor), ofTeamsOrTheirMembers(teamIds), deadline))
    .orderBy(asc(objectives.deadline), asc(objectives.id))
    .limit(WEEKLY_DIGEST_ROWS + 1);
  const [teamRows, due, overdue, waiting, out] = await Promise.all([
    db.select({ name: teams.name }).from(teams).where(inArray(teams.id, teamIds)).orderBy(asc(teams.name)),
    open(and(gte(objectives.deadline, today), lte(objectives.deadline, sunday))),
    open(lt(objectives.deadline, today)),
    listApprovals(db, actor).catch(() => []),
    db
      .selectDistinct({ name: users.name, from: holidayEvents.start, to: holidayEvents.end })
      .from(holidayEvents)
      .innerJoin(users, eq(users.id, holidayEvents.userId))
      .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
      .where(and(inArray(teamMembers.teamId, teamIds), eq(users.status, 'active'), ne(holidayEvents.type, 'national_holiday'), lte(holidayEvents.start, sunday), gte(holidayEvents.end, week)))
      .orderBy(asc(holidayEvents.start), asc(users.name))
      .limit(WEEKLY_DIGEST_ROWS + 1),
  ]);
  const approvals = waiting.map((a) => ({ title: a.objective, owner: a.name }));
  if (due.length + overdue.length + approvals.length + out.length === 0) return null;
  const cut = <T>(rows: T[]) => rows.slice(0, WEEKLY_DIGEST_ROWS);
  return {
    week,
    teams: teamRows.map((t) => t.name),
    due: cut(due), overdue: cut(overdue), approvals: cut(approvals), out: cut(out),
    more: { due: due.length > WEEKLY_DIGEST_ROWS, overdue: overdue.length > WEEKLY_DIGEST_ROWS, approvals: approvals.length > WEEKLY_DIGEST_ROWS, out: out.length > WEEKLY_DIGEST_ROWS },
  };
}

/** One run: answers how many digests it queued. Only on Monday from the digest's hour. */
export async function sendWeeklyDigests(db: Db, now: Date = new Date()): Promise<number> {
  if (now.getDay() !== 1 || now.getHours() < EMAIL_DIGEST_HOUR) return 0;
  const people = await db
    .select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.isLead, true))
    .union(db.select({ id: teamManagers.userId }).from(teamManagers));
  // who turned Monday's digest off (Settings → Notifications, or its unsubscribe link)
  const off = new Set((await db.select({ id: userPreferences.userId }).from(userPreferences).where(eq(userPreferences.weeklyDigest, false))).map((r) => r.id));
  let queued = 0;
  for (const { id } of people.sort((a, b) => a.id - b.id)) {
    if (off.has(id)) continue;
    const loaded = await loadSessionUser(db, id);
    if (!loaded) continue; // archived
    const digest = await weeklyDigestFor(db, loaded.user, now);
    if (!digest) continue;
    queued += await queueEmails(db, 'weekly_digest', [id], digest, { dedupeKey: (to) => `weekly-digest:${to}:${digest.week}` });
    await new Promise((resolve) => setTimeout(resolve, WEEKLY_DIGEST_PAUSE_MS));
  }
  return queued;
}

/** The weekly digest as a job of the hub's scheduler, named for its lease. */
export function digestJobs(db: Db, log: JobLog): Record<typeof WEEKLY_DIGEST_JOB, ScheduledJob> {
  return {
    [WEEKLY_DIGEST_JOB]: {
      intervalMs: WEEKLY_DIGEST_INTERVAL_MS,
      async run(now?: Date) {
        const digests = await sendWeeklyDigests(db, now);
        if (digests > 0) log.info({ job: WEEKLY_DIGEST_JOB, digests }, 'weekly e-mail digests queued');
      },
    },
  };
}
