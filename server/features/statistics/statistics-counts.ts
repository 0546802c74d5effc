import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// The key result counts on each objective behind statistics by employee (objectives.kr_*) are
// kept by the key_results_counts trigger row by row. A bulk load of key results (the large seed:
// 1,000,000 rows) runs without it and then counts everything once, set-based. Likewise each
// objective's overdue day (objectives.overdue_after, migration 0007): the large seed loads with
// every trigger off (session_replication_role = replica), so it settles that column itself.

/** Recounts every objective's key results from scratch (the trigger's rule, in one pass). */
export async function refillKeyResultCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`update objectives set kr_total = 0, kr_in_time = 0, kr_overdue = 0 where (kr_total, kr_in_time, kr_overdue) <> (0, 0, 0)`);
  await db.execute(sql`
    update objectives o set kr_total = k.total, kr_in_time = k.in_time, kr_overdue = k.overdue
    from (
      select objective_id, count(*)::int as total,
        (count(*) filter (where status = 'completed' and not last_modification_date::date > deadline))::int as in_time,
        (count(*) filter (where status = 'completed' and last_modification_date::date > deadline))::int as overdue
      from key_results where status <> 'deleted' group by objective_id
    ) k
    where o.id = k.objective_id`);
}

/** Runs a bulk load of key results with the counting trigger off, then recounts (same transaction). */
export async function withKeyResultCountsRefilled<T>(db: DbOrTx, load: () => Promise<T>): Promise<T> {
  await db.execute(sql`alter table key_results disable trigger key_results_counts`);
  const result = await load();
  await db.execute(sql`alter table key_results enable trigger key_results_counts`);
  await refillKeyResultCounts(db);
  return result;
}

/** Settles every objective's overdue day by the rule the objectives_overdue_after trigger applies (for loads that ran without it). */
export async function settleOverdueAfter(db: DbOrTx): Promise<void> {
  await db.execute(sql`update objectives set overdue_after = objective_overdue_after(status, deadline, last_modification_date)
    where overdue_after is distinct from objective_overdue_after(status, deadline, last_modification_date)`);
}
