import { integer, pgTable } from 'drizzle-orm/pg-core';
import { objectives } from './schema';

// issue 10: statistics by employee sum the key results of every objective in scope; on the large
// company that was a join of ~650,000 key results per request. These per-objective counts are kept
// by the trigger key_results_counts (migration 0004) on every insert, update and delete of a key
// result, whoever writes it, so they are always current. A completed key result's in-time/overdue
// never changes with the clock (it compares its last change with its deadline), so it can be
// counted once. Only key results not deleted are counted; an objective without a row has none.
export const objectiveKeyResultCounts = pgTable('objective_key_result_counts', {
  objectiveId: integer('objective_id').primaryKey().references(() => objectives.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  inTime: integer('in_time').notNull().default(0),
  overdue: integer('overdue').notNull().default(0),
});
