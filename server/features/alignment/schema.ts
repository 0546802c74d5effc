import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { keyResults, objectives } from '../../db/schema';

// Alignment (docs/api.md 'Alignment'): an objective, or one of its key results, supports an objective of
// a level above. child_objective_id is the supporting objective even when one of its key results
// supports (child_key_result_id), so cycles, visibility and roll-ups read one column.

export const objectiveLinks = pgTable('objective_links', {
  id: serial('id').primaryKey(),
  parentObjectiveId: integer('parent_objective_id').notNull().references(() => objectives.id, { onDelete: 'cascade' }),
  childObjectiveId: integer('child_objective_id').notNull().references(() => objectives.id, { onDelete: 'cascade' }),
  childKeyResultId: integer('child_key_result_id').references(() => keyResults.id, { onDelete: 'cascade' }),
  /** the parent's editors weigh what supports it (shared/rules/alignment.ts WEIGHT_MIN..WEIGHT_MAX) */
  weight: integer('weight').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  // one link per supporting objective or key result and parent; the objective's own link has no key result
  uniqueIndex('objective_links_child_parent_idx').on(t.childObjectiveId, sql`coalesce(${t.childKeyResultId}, 0)`, t.parentObjectiveId),
  // the tree unfolds a parent, and roll-ups read what supports it
  index('objective_links_parent_idx').on(t.parentObjectiveId, t.childObjectiveId),
  index('objective_links_key_result_idx').on(t.childKeyResultId),
  check('objective_links_weight_range', sql`${t.weight} between 1 and 100`),
]);

export type ObjectiveLinkRecord = typeof objectiveLinks.$inferSelect;
