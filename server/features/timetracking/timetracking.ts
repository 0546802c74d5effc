import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { ReportsAnswer, TimeReport } from '../../../shared/api/timetracking';
import { monthOfOffset, sumHours } from '../../../shared/rules/timetracking';
import type { DbOrTx } from '../../db/client';
import { roles, settings, timetrackingAccounts, timetrackingTasks, users } from '../../db/schema';

// people-and-shell §2 Time tracking: one user's report for one calendar month.

/** The month's tasks of a user, or null when the user has no time-tracking account (spec §2). */
export async function monthlyReport(db: DbOrTx, userId: number, from: string, to: string): Promise<TimeReport | null> {
  const [account] = await db.select({ userId: timetrackingAccounts.userId }).from(timetrackingAccounts).where(eq(timetrackingAccounts.userId, userId));
  if (!account) return null;
  const rows = await db
    .select({ id: timetrackingTasks.externalId, date: timetrackingTasks.date, summary: timetrackingTasks.summary, hours: timetrackingTasks.hours })
    .from(timetrackingTasks)
    .where(and(eq(timetrackingTasks.userId, userId), gte(timetrackingTasks.date, from), lte(timetrackingTasks.date, to)))
    .orderBy(asc(timetrackingTasks.date), asc(timetrackingTasks.id));
  const tasks = rows.map((r) => ({ ...r, hours: Number(r.hours) }));
  return { hours: sumHours(tasks.map((t) => t.hours)), tasks };
}

/**
 * spec §2 'Please contact {name}.': the hub setting 'timetrackingContact', else the first
 * administrator (the oldest active user whose role holds view-admin), else a generic word.
 */
export async function timetrackingContact(db: DbOrTx): Promise<string> {
  const [setting] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'timetrackingContact'));
  if (typeof setting?.value === 'string' && setting.value.trim()) return setting.value.trim();
  const [admin] = await db
    .select({ name: users.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.status, 'active'), sql`${roles.capabilities} @> '["VIEW_ADMIN"]'::jsonb`))
    .orderBy(asc(users.id))
    .limit(1);
  return admin?.name ?? 'an administrator';
}

export async function reportForOffset(db: DbOrTx, userId: number, offset: number, now: Date = new Date()): Promise<ReportsAnswer> {
  const range = monthOfOffset(offset, now);
  const [timetracking, contact] = await Promise.all([monthlyReport(db, userId, range.from, range.to), timetrackingContact(db)]);
  return { timetracking, month: range.month, contact };
}
