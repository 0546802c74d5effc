import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lte, lt, sql } from 'drizzle-orm';
import { isoDay } from '../../shared/rules/dates';
import type { Db } from '../db/client';
import { objectives, users } from '../db/schema';
import { releaseLease, tryAcquireLease } from '../imports/lease';
import { notify } from './notifications';
import { NOTIFICATION_LINKS } from './notifications-events';

// issue 11 part 3: due-soon, overdue and weekly check-in reminders. A scheduled job under the
// same database lease as the imports (design §3), so with several hubs on one PostgreSQL one
// runs it; each reminder carries a dedupe key, so a rerun (another hub, a restart, the next
// hour) inserts nothing it already sent.

export const REMINDERS_LEASE = 'notifications:reminders';
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

/** One run of the job (idempotent): what it created. */
export async function sendReminders(db: Db, now: Date = new Date()): Promise<ReminderCounts> {
  const today = isoDay(now);
  const counts: ReminderCounts = { dueSoon: 0, overdue: 0, checkIn: 0 };
  const open = and(eq(objectives.status, 'in progress'), eq(users.status, 'active'));
  const due = await db
    .select({ id: objectives.id, title: objectives.title, deadline: objectives.deadline, ownerId: objectives.ownerId })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .where(and(open, gte(objectives.deadline, today), lte(objectives.deadline, isoDay(plusDays(now, DUE_SOON_DAYS)))))
    .orderBy(asc(objectives.id));
  const late = await db
    .select({ id: objectives.id, title: objectives.title, deadline: objectives.deadline, ownerId: objectives.ownerId })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .where(and(open, lt(objectives.deadline, today), gte(objectives.deadline, isoDay(plusDays(now, -OVERDUE_LOOKBACK_DAYS)))))
    .orderBy(asc(objectives.id));
  await db.transaction(async (tx) => {
    for (const o of due) {
      const sent = await notify(tx, [o.ownerId], {
        kind: 'objective_due_soon', title: 'Objective due soon', body: `"${o.title}" is due on ${o.deadline}.`,
        link: NOTIFICATION_LINKS.objective(o.id), dedupeKey: `due-soon:${o.id}:${o.deadline}`,
      });
      counts.dueSoon += sent.length;
    }
    for (const o of late) {
      const sent = await notify(tx, [o.ownerId], {
        kind: 'objective_overdue', title: 'Objective overdue', body: `"${o.title}" was due on ${o.deadline}.`,
        link: NOTIFICATION_LINKS.objective(o.id), dedupeKey: `overdue:${o.id}:${o.deadline}`,
      });
      counts.overdue += sent.length;
    }
  });
  // issue 11 part 1: people with objectives in progress record their progress weekly.
  const owners = await db
    .select({ ownerId: objectives.ownerId, n: sql<number>`count(*)::int` })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .where(open)
    .groupBy(objectives.ownerId)
    .orderBy(asc(objectives.ownerId));
  const week = weekOf(now);
  await db.transaction(async (tx) => {
    for (const { ownerId, n } of owners) {
      const sent = await notify(tx, [ownerId], {
        kind: 'check_in_reminder', title: 'Weekly check-in',
        body: `Record this week's progress on your ${n === 1 ? 'objective' : `${n} objectives`} in progress.`,
        link: NOTIFICATION_LINKS.objectives, dedupeKey: `check-in:${week}`,
      });
      counts.checkIn += sent.length;
    }
  });
  return counts;
}

export interface ReminderLog {
  info(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface ReminderScheduler {
  readonly holder: string;
  /** One tick as the timer runs it: null when another hub holds the lease. */
  tick(now?: Date): Promise<ReminderCounts | null>;
  stop(): Promise<void>;
}

export interface ReminderSchedulerOptions {
  holder?: string;
  intervalMs?: number;
  firstDelayMs?: number;
  /** false: no timers, ticks only when called (tests). */
  timers?: boolean;
}

export function startReminderScheduler(db: Db, log: ReminderLog, options: ReminderSchedulerOptions = {}): ReminderScheduler {
  const holder = options.holder ?? `hub-${randomUUID()}`;
  const interval = options.intervalMs ?? REMINDERS_INTERVAL_MS;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const tick = async (now?: Date): Promise<ReminderCounts | null> => {
    if (stopped) return null;
    if (!(await tryAcquireLease(db, REMINDERS_LEASE, holder, interval))) return null;
    const counts = await sendReminders(db, now);
    log.info({ job: REMINDERS_LEASE, ...counts }, 'notification reminders sent');
    return counts;
  };
  const guarded = () => {
    const work = tick().catch((error: unknown) => log.error({ job: REMINDERS_LEASE, err: error }, 'notification reminders could not run'));
    running.add(work);
    void work.finally(() => running.delete(work));
  };
  if (options.timers ?? true) {
    const first = setTimeout(guarded, options.firstDelayMs ?? 15_000);
    const every = setInterval(guarded, interval);
    first.unref();
    every.unref();
    timers.push(first, every);
  }
  return {
    holder,
    tick,
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
      await releaseLease(db, REMINDERS_LEASE, holder).catch(() => {});
    },
  };
}
