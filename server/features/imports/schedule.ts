import { TIMETRACKING_IMPORT_INTERVALS_MS } from '../../../shared/rules/timetracking';
import type { Db } from '../../db/client';
import type { HubMetrics } from '../../metrics/hub-metrics';
import type { JobLog, ScheduledJob } from '../../scheduler';
import { runJob, type JobName } from './jobs';

// design §3 / spec §9: today's hours every 5 minutes, the month (and the holidays app) every
// hour, each under its own lease on the hub's scheduler (services/scheduler.ts).

export const JOB_INTERVALS_MS: Record<JobName, number> = {
  'timetracking:today': TIMETRACKING_IMPORT_INTERVALS_MS.today,
  'timetracking:month': TIMETRACKING_IMPORT_INTERVALS_MS.month,
  holidays: TIMETRACKING_IMPORT_INTERVALS_MS.month,
};

export type ImportJobName = `import:${JobName}`;

/** The scheduled imports, named for their leases; each run ended is counted in `metrics` (docs/operations.md 'Metrics'). */
export function importJobs(db: Db, log: JobLog, metrics: Pick<HubMetrics, 'importRunEnded'> | null = null): Record<ImportJobName, ScheduledJob> {
  const job = (name: JobName): ScheduledJob => ({
    intervalMs: JOB_INTERVALS_MS[name],
    async run() {
      for (const { run, error } of (await runJob(db, name)) ?? []) {
        metrics?.importRunEnded(run);
        // the run's message can quote the imported rows (names, emails); it stays on the run
        if (error) log.error({ job: name, run: run.id, err: error }, `import ${run.source} failed (its message is on import run ${run.id})`);
        else log.info({ job: name, run: run.id, rows: run.rows }, `import ${run.source} succeeded`);
      }
    },
  });
  return {
    'import:timetracking:today': job('timetracking:today'),
    'import:timetracking:month': job('timetracking:month'),
    'import:holidays': job('holidays'),
  };
}
