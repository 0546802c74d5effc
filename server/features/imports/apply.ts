import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { daysLeft, holidayEvents, teams, timetrackingAccounts, timetrackingTasks, users } from '../../db/schema';
import { RowErrors, type DaysLeftRow, type HolidayRow, type TimeTaskRow } from './rows';

// design §3: idempotent upserts keyed by the source's own id, always inside the caller's
// transaction, so a re-run changes nothing and a failure leaves the previous data.

const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** The last record for a key wins (a source may repeat a record); keeps input order otherwise. */
function lastByKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

export async function upsertHolidayEvents(tx: Tx, input: readonly HolidayRow[]): Promise<number> {
  const rows = lastByKey(input, (r) => r.externalId);
  const teamIds = [...new Set(rows.flatMap((r) => r.teamIds))];
  if (teamIds.length) {
    const known = new Set((await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, teamIds))).map((t) => t.id));
    const unknown = teamIds.filter((id) => !known.has(id));
    if (unknown.length) throw new RowErrors([`Unknown team id(s): ${unknown.join(', ')}.`]);
  }
  const emails = [...new Set(rows.map((r) => r.email?.toLowerCase()).filter((e): e is string => !!e))];
  const userIds = new Map<string, number>();
  if (emails.length) {
    const found = await tx.select({ id: users.id, email: sql<string>`lower(${users.email})` }).from(users).where(inArray(sql`lower(${users.email})`, emails));
    for (const u of found) userIds.set(u.email, u.id);
  }
  for (const part of chunks(rows)) {
    await tx
      .insert(holidayEvents)
      .values(part.map((r) => ({ externalId: r.externalId, title: r.title, start: r.start, end: r.end, type: r.type, teamIds: r.teamIds, userId: (r.email && userIds.get(r.email.toLowerCase())) || null })))
      .onConflictDoUpdate({
        target: holidayEvents.externalId,
        set: {
          title: sql`excluded.title`, start: sql`excluded.start`, end: sql`excluded."end"`, type: sql`excluded.type`, teamIds: sql`excluded.team_ids`, userId: sql`excluded.user_id`,
          // calendar feeds publish this as LAST-MODIFIED, so an unchanged re-import keeps it
          updatedAt: sql`case when (${holidayEvents.title}, ${holidayEvents.start}, ${holidayEvents.end}, ${holidayEvents.type}, ${holidayEvents.teamIds}, ${holidayEvents.userId})
            is distinct from (excluded.title, excluded.start, excluded."end", excluded.type, excluded.team_ids, excluded.user_id) then now() else ${holidayEvents.updatedAt} end`,
        },
      });
  }
  return rows.length;
}

export async function upsertDaysLeft(tx: Tx, input: readonly DaysLeftRow[]): Promise<number> {
  const rows = lastByKey(input, (r) => r.email.toLowerCase());
  for (const part of chunks(rows)) {
    await tx
      .insert(daysLeft)
      .values(part.map((r) => ({ email: r.email, daysLeft: r.daysLeft, updatedAt: new Date() })))
      .onConflictDoUpdate({ target: daysLeft.email, set: { daysLeft: sql`excluded.days_left`, updatedAt: sql`excluded.updated_at` } });
  }
  return rows.length;
}

/** Tasks of people without a time-tracking account are refused by name: the source and the hub disagree. */
export async function upsertTimeTasks(tx: Tx, input: readonly TimeTaskRow[]): Promise<number> {
  const rows = lastByKey(input, (r) => r.id);
  const names = [...new Set(rows.map((r) => r.user))];
  const accounts = names.length
    ? await tx.select({ userId: timetrackingAccounts.userId, name: timetrackingAccounts.externalUser }).from(timetrackingAccounts).where(inArray(timetrackingAccounts.externalUser, names))
    : [];
  const byName = new Map(accounts.map((a) => [a.name, a.userId]));
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length) throw new RowErrors([`Unknown time-tracking user(s): ${unknown.slice(0, 10).join(', ')}.`]);
  for (const part of chunks(rows)) {
    await tx
      .insert(timetrackingTasks)
      .values(part.map((r) => ({ externalId: r.id, userId: byName.get(r.user) as number, date: r.date, summary: r.summary, hours: r.hours })))
      .onConflictDoUpdate({
        target: timetrackingTasks.externalId,
        set: { userId: sql`excluded.user_id`, date: sql`excluded.date`, summary: sql`excluded.summary`, hours: sql`excluded.hours` },
      });
  }
  return rows.length;
}
