import { randomUUID } from 'node:crypto';
import { TIMETRACKING_IMPORT_INTERVALS_MS } from '../../shared/rules/timetracking';
import type { Db } from '../db/client';
import { runJob, type JobName } from './jobs';
import { releaseLease, tryAcquireLease } from './lease';

// design §3 / spec §9: today's hours every 5 minutes, the month (and the holidays app) every
// hour. Each job takes a database lease as long as its interval, so with several hubs on one
// PostgreSQL a period's run happens once; the holder renews it on its next tick.

export const JOB_INTERVALS_MS: Record<JobName, number> = {
  'timetracking:today': TIMETRACKING_IMPORT_INTERVALS_MS.today,
  'timetracking:month': TIMETRACKING_IMPORT_INTERVALS_MS.month,
  holidays: TIMETRACKING_IMPORT_INTERVALS_MS.month,
};

export interface SchedulerLog {
  info(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface ImportScheduler {
  readonly holder: string;
  /** One tick of one job, as the timer would run it: false when another hub holds the lease. */
  tick(job: JobName): Promise<boolean>;
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  holder?: string;
  intervals?: Partial<Record<JobName, number>>;
  /** First ticks this long after start (a starting hub should serve before it imports). */
  firstDelayMs?: number;
  /** false: no timers, ticks only when called (tests). */
  timers?: boolean;
}

export function startImportScheduler(db: Db, log: SchedulerLog, options: SchedulerOptions = {}): ImportScheduler {
  const holder = options.holder ?? `hub-${randomUUID()}`;
  const intervals = { ...JOB_INTERVALS_MS, ...options.intervals };
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const tick = async (job: JobName): Promise<boolean> => {
    if (stopped) return false;
    if (!(await tryAcquireLease(db, `import:${job}`, holder, intervals[job]))) return false;
    const outcomes = await runJob(db, job);
    for (const { run, error } of outcomes ?? []) {
      if (error) log.error({ job, run: run.id, err: error }, `import ${run.source} failed: ${run.message}`);
      else log.info({ job, run: run.id, rows: run.rows }, `import ${run.source} succeeded`);
    }
    return true;
  };

  const guarded = (job: JobName) => {
    const work = tick(job).catch((error: unknown) => log.error({ job, err: error }, `import ${job} could not run`));
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  if (options.timers ?? true) {
    for (const job of Object.keys(intervals) as JobName[]) {
      const first = setTimeout(() => guarded(job), options.firstDelayMs ?? 10_000);
      const every = setInterval(() => guarded(job), intervals[job]);
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
      // Let another hub take over at once instead of waiting for our leases to expire.
      await Promise.allSettled((Object.keys(intervals) as JobName[]).map((job) => releaseLease(db, `import:${job}`, holder)));
    },
  };
}
