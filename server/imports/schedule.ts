import { TIMETRACKING_IMPORT_INTERVALS_MS } from '../../shared/rules/timetracking';
import type { Db } from '../db/client';
import { startLeasedJobs, type LeasedJob } from '../services/leased-job';
import { runJob, type JobName } from './jobs';

// design §3 / spec §9: today's hours every 5 minutes, the month (and the holidays app) every
// hour. Each job runs under its own database lease (services/leased-job.ts), so with several
// hubs on one PostgreSQL a period's run happens once.

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
  const intervals = { ...JOB_INTERVALS_MS, ...options.intervals };
  const jobs = Object.fromEntries((Object.keys(intervals) as JobName[]).map((job): [JobName, LeasedJob<true>] => [job, {
    lease: `import:${job}`,
    intervalMs: intervals[job],
    async run() {
      const outcomes = await runJob(db, job);
      for (const { run, error } of outcomes ?? []) {
        // issue 18: the run's message can quote the imported rows (names, emails); it stays on the run
        if (error) log.error({ job, run: run.id, err: error }, `import ${run.source} failed (its message is on import run ${run.id})`);
        else log.info({ job, run: run.id, rows: run.rows }, `import ${run.source} succeeded`);
      }
      return true;
    },
    onError: (error) => log.error({ job, err: error }, `import ${job} could not run`),
  }])) as Record<JobName, LeasedJob<true>>;
  const scheduler = startLeasedJobs(db, jobs, { holder: options.holder, firstDelayMs: options.firstDelayMs ?? 10_000, timers: options.timers });
  return {
    holder: scheduler.holder,
    tick: async (job) => (await scheduler.tick(job)) ?? false,
    stop: () => scheduler.stop(),
  };
}
