import { sql } from 'drizzle-orm';

/**
 * Alignment: what the statistics count as supporting, spelled out independently of migration 0015's
 * triggers (the statement statistics ran before it): a link of the objective, its own or a key
 * result's whose key result is not deleted, to a parent not deleted. The ids by the rule, in order.
 */
export const OBJECTIVES_SUPPORTING_BY_RULE = sql`select o.id from objectives o where exists (
    select 1 from objective_links l join objectives p on p.id = l.parent_objective_id
    where l.child_objective_id = o.id and p.status <> 'deleted'
      and (l.child_key_result_id is null or exists (select 1 from key_results k where k.id = l.child_key_result_id and k.status <> 'deleted')))
  order by o.id`;

/** The objectives whose stored supports_parent differs from the rule. */
export const OBJECTIVES_OFF_THE_SUPPORTS_RULE = sql`select id from objectives
  where supports_parent is distinct from (id in (select id from (${OBJECTIVES_SUPPORTING_BY_RULE}) r))`;
