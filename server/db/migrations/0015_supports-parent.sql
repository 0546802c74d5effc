ALTER TABLE "objectives" ADD COLUMN "supports_parent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- issue 24 statistics: an objective supports a parent when one of its links (its own, or a key
-- result's whose key result is not deleted) points at a parent not deleted. Settled by triggers on
-- every write that can change it (the hub, imports, the large seed's set-based links alike), so the
-- alignment figure is one more count of the statistics' grouped pass.
-- The rows are locked before they are looked at (the lock the update takes anyway, so inserts
-- referencing them are not held up): each statement of the function then takes a fresh snapshot,
-- so a link another transaction removed (and committed) meanwhile is not counted.
CREATE FUNCTION "objective_supports_parent_settle"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality("ids") = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "objectives" WHERE "id" = ANY("ids") ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "objectives" o SET "supports_parent" = s.v
  FROM (
    SELECT c.id, EXISTS (
      SELECT 1 FROM "objective_links" l JOIN "objectives" p ON p.id = l.parent_objective_id
      WHERE l.child_objective_id = c.id AND p.status <> 'deleted'
        AND (l.child_key_result_id IS NULL
          OR EXISTS (SELECT 1 FROM "key_results" k WHERE k.id = l.child_key_result_id AND k.status <> 'deleted'))
    ) AS v
    FROM unnest("ids") AS c(id)
  ) s
  WHERE o.id = s.id AND o.supports_parent IS DISTINCT FROM s.v;
END $$;
--> statement-breakpoint
-- links: once per statement, over the rows it touched (the large seed inserts ~143,000 in a few)
CREATE FUNCTION "objective_links_supports_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "objective_supports_parent_settle"(ARRAY(SELECT DISTINCT child_objective_id FROM new_links));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "objective_supports_parent_settle"(ARRAY(SELECT DISTINCT child_objective_id FROM old_links));
  ELSE
    PERFORM "objective_supports_parent_settle"(ARRAY(
      SELECT child_objective_id FROM new_links UNION SELECT child_objective_id FROM old_links));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "objective_links_supports_insert" AFTER INSERT ON "objective_links" REFERENCING NEW TABLE AS "new_links" FOR EACH STATEMENT EXECUTE FUNCTION "objective_links_supports_apply"();--> statement-breakpoint
CREATE TRIGGER "objective_links_supports_delete" AFTER DELETE ON "objective_links" REFERENCING OLD TABLE AS "old_links" FOR EACH STATEMENT EXECUTE FUNCTION "objective_links_supports_apply"();--> statement-breakpoint
CREATE TRIGGER "objective_links_supports_update" AFTER UPDATE ON "objective_links" REFERENCING OLD TABLE AS "old_links" NEW TABLE AS "new_links" FOR EACH STATEMENT EXECUTE FUNCTION "objective_links_supports_apply"();--> statement-breakpoint
-- a key result deleted or restored: the links it lends stop or start counting
CREATE FUNCTION "key_result_supports_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "objective_supports_parent_settle"(ARRAY(
    SELECT DISTINCT child_objective_id FROM "objective_links" WHERE child_key_result_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "key_results_supports" AFTER UPDATE OF "status" ON "key_results" FOR EACH ROW WHEN ((OLD.status = 'deleted') IS DISTINCT FROM (NEW.status = 'deleted')) EXECUTE FUNCTION "key_result_supports_apply"();--> statement-breakpoint
-- a parent deleted or restored: what supports it stops or starts counting
CREATE FUNCTION "objective_parent_supports_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "objective_supports_parent_settle"(ARRAY(
    SELECT DISTINCT child_objective_id FROM "objective_links" WHERE parent_objective_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "objectives_parent_supports" AFTER UPDATE OF "status" ON "objectives" FOR EACH ROW WHEN ((OLD.status = 'deleted') IS DISTINCT FROM (NEW.status = 'deleted')) EXECUTE FUNCTION "objective_parent_supports_apply"();--> statement-breakpoint
-- Existing rows, after the triggers: a link a previous-release hub writes meanwhile either waits
-- for this migration's locks (and fires them) or was committed before this statement looks.
UPDATE "objectives" o SET "supports_parent" = true
WHERE EXISTS (
  SELECT 1 FROM "objective_links" l JOIN "objectives" p ON p.id = l.parent_objective_id
  WHERE l.child_objective_id = o.id AND p.status <> 'deleted'
    AND (l.child_key_result_id IS NULL
      OR EXISTS (SELECT 1 FROM "key_results" k WHERE k.id = l.child_key_result_id AND k.status <> 'deleted')));--> statement-breakpoint
-- Replaces objectives_statistics_idx (the same columns and the alignment figure's), which the
-- previous release still reads; a later release drops it as a marked contract step:
-- contract (later): DROP INDEX "objectives_statistics_idx" once no running release reads it
CREATE INDEX "objectives_statistics_aligned_idx" ON "objectives" USING btree ("created_at","status","team_id","category","owner_id","overdue_after","kr_total","kr_in_time","kr_overdue","level","supports_parent");
