import { and, desc, eq, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES, type ImportRun } from '../../../shared/api/imports';
import { storableText } from '../../../shared/rules/text-input';
import type { Db, Tx } from '../../db/client';
import { importRuns } from '../../db/schema';

// design §3: every import leaves a run row an admin can read: running, then succeeded with its
// row count or failed with the reason. The data work happens in one transaction.
// A run always ends. Whatever is thrown, it is recorded as failed; and a run whose hub
// died mid-import (nothing left to record its end) is found by its lapsed lease and marked failed.

type RunRow = typeof importRuns.$inferSelect;

function toRun(row: RunRow): ImportRun {
  return {
    id: row.id, source: row.source, status: row.status as ImportRun['status'], rows: row.rows, message: row.message,
    startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export interface RunOutcome {
  run: ImportRun;
  error?: unknown;
}

/**
 * A failure whose message was written for the admin who reads the run (a bad line, a source that
 * answered an error): it becomes the run's reason. Anything else thrown (a database error quotes
 * the rows' values) is recorded with a generic reason and left to the log.
 */
export class ImportFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImportFailure';
  }
}

/** How long a run stays 'running' without its hub renewing it; the hub renews it four times as often. */
export const RUN_LEASE_MS = 2 * 60_000;
const MAX_REASON = 2000;

/** The failed run's reason, which must be storable whatever was thrown (the update cannot fail on it). */
export function failureReason(error: unknown): string {
  if (!(error instanceof ImportFailure)) return IMPORT_MESSAGES.runFailed;
  // cut before cleaning: a cut through a surrogate pair leaves a lone half
  return storableText(error.message.slice(0, MAX_REASON)) || IMPORT_MESSAGES.runFailed;
}

const leaseFromNow = (ms: number) => sql`now() + ${`${Math.max(1, Math.round(ms))} milliseconds`}::interval`;

/**
 * Marks failed the runs left 'running' by a hub that stopped: their lease lapsed (by the database's
 * clock, which every hub shares). A run from before leases counts from its start.
 */
export async function endAbandonedRuns(db: Db): Promise<number> {
  const ended = await db
    .update(importRuns)
    .set({ status: 'failed', message: IMPORT_MESSAGES.runStopped, finishedAt: sql`now()` })
    .where(and(
      eq(importRuns.status, 'running'),
      sql`coalesce(${importRuns.leaseExpiresAt}, ${importRuns.startedAt} + ${`${RUN_LEASE_MS} milliseconds`}::interval) <= now()`,
    ))
    .returning({ id: importRuns.id });
  return ended.length;
}

/** Renews the run's lease while it works; returns the stop. */
function keepLeased(db: Db, id: number, leaseMs: number): () => void {
  const renew = () =>
    db.update(importRuns).set({ leaseExpiresAt: leaseFromNow(leaseMs) }).where(and(eq(importRuns.id, id), eq(importRuns.status, 'running')))
      // A missed renewal at worst lets the lease lapse; the run's own end is recorded regardless.
      .catch(() => undefined);
  const timer = setInterval(() => void renew(), leaseMs / 4);
  timer.unref();
  return () => clearInterval(timer);
}

export interface RecordedRunOptions {
  /** tests: a short lease to watch the renewals */
  leaseMs?: number;
}

/**
 * Loads and checks the records first (a slow source never holds a transaction open), then
 * applies them in one transaction. A failure anywhere rolls back, is recorded, and is returned.
 */
export async function recordedRun<R>(
  db: Db, source: string, load: () => Promise<R>, apply: (tx: Tx, data: R) => Promise<number>, options: RecordedRunOptions = {},
): Promise<RunOutcome> {
  const leaseMs = options.leaseMs ?? RUN_LEASE_MS;
  await endAbandonedRuns(db);
  const [started] = await db.insert(importRuns).values({ source, status: 'running', leaseExpiresAt: leaseFromNow(leaseMs) }).returning();
  const stopRenewing = keepLeased(db, started.id, leaseMs);
  try {
    const data = await load();
    const rows = await db.transaction((tx) => apply(tx, data));
    const [done] = await db.update(importRuns).set({ status: 'succeeded', rows, finishedAt: new Date() }).where(eq(importRuns.id, started.id)).returning();
    return { run: toRun(done) };
  } catch (error) {
    const message = failureReason(error);
    const failedAt = new Date();
    try {
      const [failed] = await db.update(importRuns).set({ status: 'failed', message, finishedAt: failedAt }).where(eq(importRuns.id, started.id)).returning();
      return { run: toRun(failed), error };
    } catch {
      // The database refused even this (it went away): the lease lapses and the next look at
      // the runs marks this one failed.
      return { run: { ...toRun(started), status: 'failed', message, finishedAt: failedAt.toISOString() }, error };
    }
  } finally {
    stopRenewing();
  }
}

/** The latest runs, the abandoned ones marked failed first so nobody watches a dead run. */
export async function lastRuns(db: Db, limit = 50): Promise<ImportRun[]> {
  await endAbandonedRuns(db);
  const rows = await db.select().from(importRuns).orderBy(desc(importRuns.startedAt), desc(importRuns.id)).limit(limit);
  return rows.map(toRun);
}
