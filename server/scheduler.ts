import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

// design §1/§3: a hub's scheduled jobs (the imports, the notification reminders) run on one
// scheduler. Each job runs under a database lease named for it and as long as its interval, so
// with several hubs on one PostgreSQL a period's run happens once; the holder renews its lease on
// its next tick and gives it up on stop, so another hub may take over at once.

export interface JobLog {
  info(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface ScheduledJob {
  intervalMs: number;
  /** One run, once this hub holds the job's lease. */
  run(now?: Date): Promise<void>;
}

export interface Scheduler<K extends string> {
  readonly holder: string;
  /** One tick of one job, as the timer runs it: false when another hub holds its lease (or this scheduler stopped). */
  tick(job: K, now?: Date): Promise<boolean>;
  /** Waits for running ticks and releases the leases. */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  holder?: string;
  /** First ticks this long after start (a starting hub should serve before it runs jobs). */
  firstDelayMs?: number;
  /** false: no timers, ticks only when called (tests). */
  timers?: boolean;
}

/**
 * One atomic upsert takes a free or expired lease, or renews our own; a live lease of another
 * holder is left alone (the statement then returns no row).
 */
export async function tryAcquireLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into leases (name, holder, expires_at)
    values (${name}, ${holder}, now() + ${`${Math.max(1, Math.round(ttlMs))} milliseconds`}::interval)
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where leases.holder = excluded.holder or leases.expires_at <= now()
    returning holder`);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return rows.length === 1;
}

function releaseLease(db: Db, name: string, holder: string): Promise<unknown> {
  return db.execute(sql`delete from leases where name = ${name} and holder = ${holder}`);
}

/** Runs the jobs, each named for its lease, every interval of theirs. */
export function startScheduler<K extends string>(
  db: Db, log: JobLog, jobs: Record<K, ScheduledJob>, options: SchedulerOptions = {},
): Scheduler<K> {
  const holder = options.holder ?? `hub-${randomUUID()}`;
  const names = Object.keys(jobs) as K[];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const tick = async (name: K, now?: Date): Promise<boolean> => {
    if (stopped || !(await tryAcquireLease(db, name, holder, jobs[name].intervalMs))) return false;
    await jobs[name].run(now);
    return true;
  };

  // A timer's tick that fails is logged here: nothing else would see the error.
  const guarded = (name: K) => {
    const work = tick(name).catch((error: unknown) => log.error({ job: name, err: error }, `scheduled job ${name} could not run`));
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  if (options.timers ?? true) {
    for (const name of names) {
      const first = setTimeout(() => guarded(name), options.firstDelayMs ?? 10_000);
      const every = setInterval(() => guarded(name), jobs[name].intervalMs);
      first.unref();
      every.unref();
      timers.push(first, every);
    }
  }

  return {
    holder,
    tick,
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
      await Promise.allSettled(names.map((name) => releaseLease(db, name, holder)));
    },
  };
}
