import { sql } from 'drizzle-orm';

/**
 * The statistics' overdue rule spelled out independently of migration 0007's function,
 * so a test can hold every objective's stored overdue_after to it: the objectives where they differ.
 */
export const OBJECTIVES_OFF_THE_OVERDUE_RULE = sql`select id from objectives where overdue_after is distinct from (case
  when status <> 'completed' then deadline
  when last_modification_date::date > deadline then '-infinity'::date else 'infinity'::date end)`;
