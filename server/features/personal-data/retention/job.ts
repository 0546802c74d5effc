import { desc, eq } from 'drizzle-orm';
import { RETENTION_RUNS_SHOWN, type RetentionRun } from '../../../../shared/api/retention';
import { PURGED_KINDS, type PurgedKind } from '../../../../shared/rules/retention';
import type { Db } from '../../../db/client';
import { retentionRuns } from '../retention-schema';
import type { JobLog, ScheduledJob } from '../../../scheduler';
import { purgeExpired, type PurgeOptions } from './purge';
import { remindArchivedPastPeriod } from './reminders';
import { retentionPeriods } from './settings';

// The retention job runs once a day, under its own lease on the hub's scheduler (services/scheduler.ts), so of
// several hubs on one database one runs it. Each run is a row an admin reads in Admin → Retention:
// what it removed of each kind, on which hub; a run that fails keeps what it had removed.

export const RETENTION_JOB = 'retention';
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

type RunRow = typeof retentionRuns.$inferSelect;
const zero = () => Object.fromEntries(PURGED_KINDS.map((kind) => [kind, 0])) as Record<PurgedKind, number>;

function toRun(row: RunRow): RetentionRun {
  return {
    id: row.id, hub: row.hub, status: row.status as RetentionRun['status'],
    startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    removed: { ...zero(), ...row.removed }, reminded: row.reminded,
  };
}

export interface RetentionRunOptions extends Pick<PurgeOptions, 'batchSize'> {
  /** the hub running it, as the run row names it */
  hub: string;
}

/** One run: deletes what is past its period, reminds about archived people, and records it all. */
export async function runRetention(db: Db, now: Date, options: RetentionRunOptions): Promise<RetentionRun> {
  const [run] = await db.insert(retentionRuns).values({ hub: options.hub, status: 'running' }).returning();
  const removed = zero();
  let reminded = 0;
  const finish = async (status: 'succeeded' | 'failed') => {
    const [row] = await db.update(retentionRuns).set({ status, removed, reminded, finishedAt: new Date() }).where(eq(retentionRuns.id, run.id)).returning();
    return toRun(row);
  };
  try {
    const periods = await retentionPeriods(db);
    await purgeExpired(db, periods, now, { batchSize: options.batchSize, onBatch: (kind, n) => void (removed[kind] += n) });
    if (periods.archivedPeople !== null) reminded = await remindArchivedPastPeriod(db, periods.archivedPeople, now);
  } catch (error) {
    await finish('failed').catch(() => undefined);
    throw error;
  }
  return finish('succeeded');
}

/** GET /admin/retention/runs: the newest first. */
export async function lastRetentionRuns(db: Db, limit = RETENTION_RUNS_SHOWN): Promise<RetentionRun[]> {
  const rows = await db.select().from(retentionRuns).orderBy(desc(retentionRuns.id)).limit(limit);
  return rows.map(toRun);
}

export interface RetentionJobOptions extends RetentionRunOptions {
  intervalMs?: number;
}

/** The retention job of the hub's scheduler, named for its lease. */
export function retentionJobs(db: Db, log: JobLog, options: RetentionJobOptions): Record<typeof RETENTION_JOB, ScheduledJob> {
  return {
    [RETENTION_JOB]: {
      intervalMs: options.intervalMs ?? RETENTION_INTERVAL_MS,
      async run(now?: Date) {
        const run = await runRetention(db, now ?? new Date(), options);
        log.info({ job: RETENTION_JOB, run: run.id, ...run.removed, reminded: run.reminded }, 'retention: removed what is past its period');
      },
    },
  };
}
