import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { HolidayEvent, MemberDaysLeft, MyDaysLeft } from '../../../shared/api/holidays';
import type { SessionUser } from '../../../shared/api/users';
import { canViewBitstoneInfo, hasCapability } from '../../../shared/rules/permissions';
import type { DbOrTx } from '../../db/client';
import { daysLeft, holidayEvents, settings, teamMembers, users } from '../../db/schema';

// people-and-shell §2 Holidays: events of a date range, days left (mine, and others' as §6 allows).

/** Events overlapping [from, to] (both inclusive), in start order. */
export async function eventsInRange(db: DbOrTx, from: string, to: string): Promise<HolidayEvent[]> {
  const rows = await db
    .select({ id: holidayEvents.id, title: holidayEvents.title, start: holidayEvents.start, end: holidayEvents.end, type: holidayEvents.type, team: holidayEvents.teamIds })
    .from(holidayEvents)
    .where(and(lte(holidayEvents.start, to), gte(holidayEvents.end, from)))
    .orderBy(asc(holidayEvents.start), asc(holidayEvents.id));
  return rows;
}

async function settingText(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return typeof row?.value === 'string' && row.value.trim() ? row.value.trim() : null;
}

/** GET /holidays/days-left: the record under my email (spec §3 records are keyed by email). */
export async function myDaysLeft(db: DbOrTx, actor: SessionUser): Promise<MyDaysLeft> {
  const holidaysAppUrl = await settingText(db, 'holidaysAppUrl');
  if (!actor.email) return { holidays: null, holidaysAppUrl };
  const [row] = await db
    .select({ email: daysLeft.email, daysLeft: daysLeft.daysLeft })
    .from(daysLeft)
    .where(sql`lower(${daysLeft.email}) = lower(${actor.email})`);
  return { holidays: row ?? null, holidaysAppUrl };
}

/**
 * GET /holidays/days-left/all. spec §6: vacation days are visible with the view-bitstone
 * capability, to the member themselves, or to their team lead (canViewBitstoneInfo). A record
 * whose email matches no active member is visible with the capability only.
 */
export async function visibleDaysLeft(db: DbOrTx, actor: SessionUser): Promise<MemberDaysLeft[]> {
  const rows = await db
    .select({
      email: daysLeft.email,
      daysLeft: daysLeft.daysLeft,
      userId: users.id,
      name: users.name,
      teamIds: sql<number[]>`coalesce((select array_agg(${teamMembers.teamId}) from ${teamMembers} where ${teamMembers.userId} = ${users.id}), '{}')`,
    })
    .from(daysLeft)
    .leftJoin(users, and(sql`lower(${users.email}) = lower(${daysLeft.email})`, eq(users.status, 'active')))
    .orderBy(asc(sql`coalesce(${users.name}, ${daysLeft.email})`));
  const all = hasCapability(actor, 'VIEW_BITSTONE_INFO');
  return rows
    .filter((row) => all || (row.userId !== null && canViewBitstoneInfo(actor, { id: row.userId, teamIds: (row.teamIds ?? []).map(Number) })))
    .map(({ email, daysLeft: left, userId, name }) => ({ email, daysLeft: left, userId, name }));
}
