import { desc, eq } from 'drizzle-orm';
import type { ImportRun } from '../../shared/api/imports';
import type { Db, Tx } from '../db/client';
import { importRuns } from '../db/schema';

// design §3: every import leaves a run row an admin can read: running, then succeeded with its
// row count or failed with the reason. The data work happens in one transaction.

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
 * Loads and checks the records first (a slow source never holds a transaction open), then
 * applies them in one transaction. A failure anywhere rolls back, is recorded, and is returned.
 */
export async function recordedRun<R>(db: Db, source: string, load: () => Promise<R>, apply: (tx: Tx, data: R) => Promise<number>): Promise<RunOutcome> {
  const [started] = await db.insert(importRuns).values({ source, status: 'running' }).returning();
  try {
    const data = await load();
    const rows = await db.transaction((tx) => apply(tx, data));
    const [done] = await db.update(importRuns).set({ status: 'succeeded', rows, finishedAt: new Date() }).where(eq(importRuns.id, started.id)).returning();
    return { run: toRun(done) };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const [failed] = await db.update(importRuns).set({ status: 'failed', message, finishedAt: new Date() }).where(eq(importRuns.id, started.id)).returning();
    return { run: toRun(failed), error };
  }
}

export async function lastRuns(db: Db, limit = 50): Promise<ImportRun[]> {
  const rows = await db.select().from(importRuns).orderBy(desc(importRuns.startedAt), desc(importRuns.id)).limit(limit);
  return rows.map(toRun);
}
