import { and, asc, eq, gte, lte, lt, sql, type SQL } from 'drizzle-orm';
import { isoDay } from '../../../shared/rules/dates';
import type { Db, DbOrTx } from '../../db/client';
import { objectives, users } from '../../db/schema';
import type { JobLog, ScheduledJob } from '../../scheduler';
import { lockNotificationWrites, notify, type NewNotification } from './notifications';
import { NOTIFICATION_LINKS } from './notifications-events';

// Due-soon, overdue and weekly check-in reminders. A job of the hub's scheduler
// (services/scheduler.ts), so with several hubs on one PostgreSQL one runs it; each reminder
// carries a dedupe key, so a rerun (another hub, a restart, the next hour) inserts nothing it
// already sent.

export const REMINDERS_JOB = 'notifications:reminders';
export const REMINDERS_INTERVAL_MS = 60 * 60 * 1000;
/** "due in 3 days": the deadline is today or within the next three days. */
export const DUE_SOON_DAYS = 3;
/** A hub started on an old database tells about objectives that became overdue lately, not years ago. */
export const OVERDUE_LOOKBACK_DAYS = 7;

const plusDays = (day: Date, n: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + n);

/** Monday of the week (local calendar), the key of the weekly reminder. */
export function weekOf(now: Date): string {
  const back = (now.getDay() + 6) % 7;
  return isoDay(plusDays(now, -back));
}

export interface ReminderCounts {
  dueSoon: number;
  overdue: number;
  checkIn: number;
}

/** What a reminder says by e-mail, where the person has it on (the e-mail feature renders it). */
export type ReminderEmail =
  | { kind: 'objective_due_soon' | 'objective_overdue'; title: string; deadline: string; objectiveId: number }
  | { kind: 'check_in_reminder'; count: number };

/**
 * Queues a reminder's e-mail in the transaction of its notification, keyed by the notification's
 * dedupe key so that each goes once: the e-mail feature's, handed in by the hub's start (that
 * feature reads this one's settings, so this one cannot import it).
 */
export type ReminderMailer = (tx: DbOrTx, userId: number, mail: ReminderEmail, dedupeKey: string) => Promise<unknown>;

interface Reminder {
  userId: number;
  n: NewNotification & { dedupeKey: string };
  mail: ReminderEmail;
  count: keyof ReminderCounts;
}

const USERS_PER_TRANSACTION = 100;

/** One run of the job (idempotent): what it created. */
export async function sendReminders(db: Db, now: Date = new Date(), mailer?: ReminderMailer): Promise<ReminderCounts> {
  const today = isoDay(now);
  const counts: ReminderCounts = { dueSoon: 0, overdue: 0, checkIn: 0 };
  const open = and(eq(objectives.status, 'in progress'), eq(users.status, 'active'));
  const openWithDeadline = (deadline: SQL | undefined) => db
    .select({ id: objectives.id, title: objectives.title, deadline: objectives.deadline, ownerId: objectives.ownerId })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .where(and(open, deadline))
    .orderBy(asc(objectives.id));
  const due = await openWithDeadline(and(gte(objectives.deadline, today), lte(objectives.deadline, isoDay(plusDays(now, DUE_SOON_DAYS)))));
  const late = await openWithDeadline(and(lt(objectives.deadline, today), gte(objectives.deadline, isoDay(plusDays(now, -OVERDUE_LOOKBACK_DAYS)))));
  const reminders: Reminder[] = [
    ...due.map((o): Reminder => ({
      userId: o.ownerId, count: 'dueSoon', mail: { kind: 'objective_due_soon', title: o.title, deadline: o.deadline, objectiveId: o.id },
      n: { kind: 'objective_due_soon', title: 'Objective due soon', body: `"${o.title}" is due on ${o.deadline}.`, link: NOTIFICATION_LINKS.objective(o.id), dedupeKey: `due-soon:${o.id}:${o.deadline}` },
    })),
    ...late.map((o): Reminder => ({
      userId: o.ownerId, count: 'overdue', mail: { kind: 'objective_overdue', title: o.title, deadline: o.deadline, objectiveId: o.id },
      n: { kind: 'objective_overdue', title: 'Objective overdue', body: `"${o.title}" was due on ${o.deadline}.`, link: NOTIFICATION_LINKS.objective(o.id), dedupeKey: `overdue:${o.id}:${o.deadline}` },
    })),
  ];
  // check-ins: people with objectives in progress record their progress weekly.
  const owners = await db
    .select({ ownerId: objectives.ownerId, n: sql<number>`count(*)::int` })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .where(open)
    .groupBy(objectives.ownerId)
    .orderBy(asc(objectives.ownerId));
  const week = weekOf(now);
  for (const { ownerId, n } of owners) {
    reminders.push({
      userId: ownerId, count: 'checkIn', mail: { kind: 'check_in_reminder', count: n },
      n: {
        kind: 'check_in_reminder', title: 'Weekly check-in',
        body: `Record this week's progress on your ${n === 1 ? 'objective' : `${n} objectives`} in progress.`,
        link: NOTIFICATION_LINKS.objectives, dedupeKey: `check-in:${week}`,
      },
    });
  }
  // Each notify() holds its recipient's write lock until commit (lockNotificationWrites): the
  // people go in ascending order so no other writer waits on us in a cycle, a bounded number per
  // transaction so a large company does not exhaust PostgreSQL's lock table. A transaction that
  // fails leaves the others' reminders sent; the dedupe keys make the next run finish the rest.
  const byUser = new Map<number, Reminder[]>();
  for (const r of reminders) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  const userIds = [...byUser.keys()].sort((a, b) => a - b);
  for (let i = 0; i < userIds.length; i += USERS_PER_TRANSACTION) {
    const chunk = userIds.slice(i, i + USERS_PER_TRANSACTION);
    // counted once committed: a transaction PostgreSQL cancels runs again (db/transaction-retry.ts)
    const created = await db.transaction(async (tx) => {
      const inChunk: ReminderCounts = { dueSoon: 0, overdue: 0, checkIn: 0 };
      await lockNotificationWrites(tx, chunk);
      for (const userId of chunk) {
        for (const r of byUser.get(userId) ?? []) {
          inChunk[r.count] += (await notify(tx, [userId], r.n)).length;
          // whatever the bell's switch: the e-mail has its own, and the outbox its own dedupe key
          if (mailer) await mailer(tx, userId, r.mail, r.n.dedupeKey);
        }
      }
      return inChunk;
    });
    for (const key of Object.keys(counts) as (keyof ReminderCounts)[]) counts[key] += created[key];
  }
  return counts;
}

/** The reminders as a job of the hub's scheduler, named for its lease. */
export function reminderJobs(db: Db, log: JobLog, mailer?: ReminderMailer): Record<typeof REMINDERS_JOB, ScheduledJob> {
  return {
    [REMINDERS_JOB]: {
      intervalMs: REMINDERS_INTERVAL_MS,
      async run(now?: Date) {
        log.info({ job: REMINDERS_JOB, ...(await sendReminders(db, now, mailer)) }, 'notification reminders sent');
      },
    },
  };
}
