import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { releaseLease, tryAcquireLease } from '../imports/lease';

// design §1/§3: the scheduled jobs of a hub (imports, notification reminders) run under a
// database lease as long as their interval, so with several hubs on one PostgreSQL a period's
// run happens once; the holder renews the lease on its next tick and gives it up on stop.

export interface LeasedJob<R> {
  /** The lease's name in the database. */
  lease: string;
  intervalMs: number;
  /** One run, once this hub holds the lease. */
  run(now?: Date): Promise<R>;
  /** A timer's tick failed: nothing else would see the error. */
  onError(error: unknown): void;
}

export interface LeasedJobs<K extends string, R> {
  readonly holder: string;
  /** One tick of one job, as the timer runs it: null when another hub holds the lease (or stopped). */
  tick(name: K, now?: Date): Promise<R | null>;
  /** Waits for running ticks and releases the leases, so another hub may take over at once. */
  stop(): Promise<void>;
}

export interface LeasedJobsOptions {
  holder?: string;
  /** First ticks this long after start (a starting hub should serve before it runs jobs). */
  firstDelayMs: number;
  /** false: no timers, ticks only when called (tests). */
  timers?: boolean;
}

export function startLeasedJobs<K extends string, R>(
  db: Db, jobs: Record<K, LeasedJob<R>>, options: LeasedJobsOptions,
): LeasedJobs<K, R> {
  const holder = options.holder ?? `hub-${randomUUID()}`;
  const names = Object.keys(jobs) as K[];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const tick = async (name: K, now?: Date): Promise<R | null> => {
    if (stopped) return null;
    const job = jobs[name];
    if (!(await tryAcquireLease(db, job.lease, holder, job.intervalMs))) return null;
    return job.run(now);
  };

  const guarded = (name: K) => {
    const work = tick(name).catch((error: unknown) => jobs[name].onError(error));
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  if (options.timers ?? true) {
    for (const name of names) {
      const first = setTimeout(() => guarded(name), options.firstDelayMs);
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
      await Promise.allSettled(names.map((name) => releaseLease(db, jobs[name].lease, holder)));
    },
  };
}
