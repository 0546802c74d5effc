import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { objectiveKeyResultCounts } from '../db/schema-statistics';

// The per-objective key result counts behind statistics by employee (schema-statistics.ts) are
// kept by the key_results_counts trigger row by row. A bulk load of key results (the large seed:
// 1,000,000 rows) runs without it and then counts everything once, set-based.

/** Recounts every objective's key results from scratch (the trigger's rule, in one pass). */
export async function refillKeyResultCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from ${objectiveKeyResultCounts}`);
  await db.execute(sql`
    insert into ${objectiveKeyResultCounts} (objective_id, total, in_time, overdue)
    select k.objective_id, count(*),
      count(*) filter (where k.status = 'completed' and not k.last_modification_date::date > k.deadline),
      count(*) filter (where k.status = 'completed' and k.last_modification_date::date > k.deadline)
    from key_results k where k.status <> 'deleted' group by k.objective_id`);
}

/** Runs a bulk load of key results with the counting trigger off, then recounts (same transaction). */
export async function withKeyResultCountsRefilled<T>(db: DbOrTx, load: () => Promise<T>): Promise<T> {
  await db.execute(sql`alter table key_results disable trigger key_results_counts`);
  const result = await load();
  await db.execute(sql`alter table key_results enable trigger key_results_counts`);
  await refillKeyResultCounts(db);
  return result;
}
