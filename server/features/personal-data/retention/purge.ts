import { sql, type SQL } from 'drizzle-orm';
import { PURGED_KINDS, type PurgedKind, type RetentionPeriods } from '../../../../shared/rules/retention';
import { rowsOf, type Db } from '../../../db/client';
import { auditLog, importRuns, loginEvents, sessions } from '../../../db/schema';
import { apiTokens } from '../../auth';
import { notifications } from '../../notifications';
import { outbox } from '../../outbox';

// What is past its period is deleted a batch at a time, each batch its own short
// statement (no transaction around the loop), so the job never holds locks for long nor blocks a
// sign-in or a notification behind a delete of a million rows.

export const RETENTION_BATCH_SIZE = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The rows of each kind past a cut-off. Each condition is the one an index of migration 0011 (or
 * audit_created_idx) answers, so a batch reads only the rows it deletes.
 */
type Past = { table: SQL; where: (cutoff: SQL) => SQL };
const PAST: Record<PurgedKind, Past> = {
  signInEvents: { table: sql`${loginEvents}`, where: (cutoff) => sql`created_at < ${cutoff}` },
  // ended: revoked or expired, whichever came first; a live session's end is in the future
  endedSessions: { table: sql`${sessions}`, where: (cutoff) => sql`least(revoked_at, expires_at) < ${cutoff}` },
  // unread ones stay, whatever their age
  readNotifications: { table: sql`${notifications}`, where: (cutoff) => sql`read_at is not null and read_at < ${cutoff}` },
  // a running import is never removed under its hub (services/imports/runs.ts ends abandoned ones)
  // what was sent, refused or told in a digest; queued ones and those waiting for a digest stay
  sentMessages: { table: sql`${outbox}`, where: (cutoff) => sql`status in ('sent', 'failed', 'digested') and coalesce(sent_at, failed_at, created_at) < ${cutoff}` },
  importRuns: { table: sql`${importRuns}`, where: (cutoff) => sql`status <> 'running' and coalesce(finished_at, started_at) < ${cutoff}` },
  auditLog: { table: sql`${auditLog}`, where: (cutoff) => sql`created_at < ${cutoff}` },
};

/**
 * Rows a kind takes with it: an expired API token (a revoked one is deleted at once) goes with the
 * ended sessions' period, since both say where a person was signed in (docs/personal-data.md).
 */
const ALSO: Partial<Record<PurgedKind, Past[]>> = {
  endedSessions: [{ table: sql`${apiTokens}`, where: (cutoff) => sql`expires_at < ${cutoff}` }],
};

export function cutoffOf(days: number, now: Date): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export interface PurgeOptions {
  batchSize?: number;
  /** each delete statement as it finishes: the kind and the rows it removed (the run's progress) */
  onBatch?: (kind: PurgedKind, removed: number) => void | Promise<void>;
}

/** Deletes one kind's rows from before `cutoff`, a batch per statement, until a batch comes back short. */
export async function purgeKind(db: Db, kind: PurgedKind, cutoff: Date, options: PurgeOptions = {}): Promise<number> {
  let total = 0;
  for (const past of [PAST[kind], ...(ALSO[kind] ?? [])]) total += await purgeTable(db, kind, past, cutoff, options);
  return total;
}

async function purgeTable(db: Db, kind: PurgedKind, { table, where }: Past, cutoff: Date, options: PurgeOptions): Promise<number> {
  const batch = options.batchSize ?? RETENTION_BATCH_SIZE;
  const condition = where(sql`${cutoff.toISOString()}::timestamptz`);
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`delete from ${table} where id in (select id from ${table} where ${condition} limit ${batch}) returning id`);
    const removed = rowsOf(result).length;
    total += removed;
    await options.onBatch?.(kind, removed);
    if (removed < batch) return total;
  }
}

/** Every kind with a period (null keeps it for ever): the rows removed per kind. */
export async function purgeExpired(db: Db, periods: RetentionPeriods, now: Date, options: PurgeOptions = {}): Promise<Record<PurgedKind, number>> {
  const removed = Object.fromEntries(PURGED_KINDS.map((kind) => [kind, 0])) as Record<PurgedKind, number>;
  for (const kind of PURGED_KINDS) {
    const days = periods[kind];
    if (days === null) continue;
    removed[kind] = await purgeKind(db, kind, cutoffOf(days, now), options);
  }
  return removed;
}
