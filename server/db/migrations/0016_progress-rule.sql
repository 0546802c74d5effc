ALTER TABLE "objectives" ADD COLUMN "complete_key_results" boolean;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "objective_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_objective_id_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_objective_open_idx" ON "notifications" USING btree ("objective_id") WHERE "notifications"."objective_id" is not null and "notifications"."done_at" is null;--> statement-breakpoint
-- shared/rules/objective-progress.ts: a completed objective is 100 wherever it is read, and so
-- counts 100 towards the parents that roll up from it. The stored roll-ups (rolled_up_progress)
-- were the weighted mean of the children as they read before, a completed child by its key
-- results: each is worked out again with the rule, level by level upward (a team objective's
-- roll-up before the company objectives that read it), as the hub's recomputeRollups does. One
-- statement per level over the links into 'children' mode parents (~50,000 on the large
-- company), each key result's latest check-in read by its index.
DO $$
DECLARE
  lvl text;
BEGIN
  FOREACH lvl IN ARRAY ARRAY['personal', 'team', 'company'] LOOP
    UPDATE "objectives" p SET "rolled_up_progress" = coalesce(m.value, 0)
    FROM "objectives" q LEFT JOIN (
      SELECT c.parent, greatest(0, least(100, round(sum(c.progress * c.weight)::numeric / nullif(sum(c.weight), 0))))::int AS value
      FROM (
        SELECT l.parent_objective_id AS parent, l.weight,
          CASE
            WHEN l.child_key_result_id IS NOT NULL THEN CASE WHEN lk.status = 'completed' THEN coalesce(lk.percentage, 100) ELSE coalesce((
              SELECT ci.percent FROM "key_result_check_ins" ci WHERE ci.key_result_id = lk.id ORDER BY ci.created_at DESC, ci.id DESC LIMIT 1), 0) END
            WHEN o.status = 'completed' THEN 100
            WHEN o.rollup_mode = 'children' THEN coalesce(o.rolled_up_progress, 0)
            ELSE coalesce((
              SELECT round(avg(CASE WHEN k.status = 'completed' THEN coalesce(k.percentage, 100) ELSE coalesce((
                SELECT ci.percent FROM "key_result_check_ins" ci WHERE ci.key_result_id = k.id ORDER BY ci.created_at DESC, ci.id DESC LIMIT 1), 0) END))
              FROM "key_results" k WHERE k.objective_id = o.id AND k.status <> 'deleted'), 0)
          END AS progress
        FROM "objective_links" l
        JOIN "objectives" pp ON pp.id = l.parent_objective_id AND pp.level = lvl AND pp.rollup_mode = 'children'
        JOIN "objectives" o ON o.id = l.child_objective_id AND o.status NOT IN ('archived', 'deleted')
        LEFT JOIN "key_results" lk ON lk.id = l.child_key_result_id
        WHERE lk.id IS NULL OR lk.status <> 'deleted'
      ) c GROUP BY c.parent
    ) m ON m.parent = q.id
    WHERE p.id = q.id AND q.level = lvl AND q.rollup_mode = 'children' AND p.rolled_up_progress IS DISTINCT FROM coalesce(m.value, 0);
  END LOOP;
END $$;
