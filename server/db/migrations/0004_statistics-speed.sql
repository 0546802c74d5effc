CREATE TABLE "objective_key_result_counts" (
	"objective_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"in_time" integer DEFAULT 0 NOT NULL,
	"overdue" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "objective_key_result_counts" ADD CONSTRAINT "objective_key_result_counts_objective_id_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept on every write of a key result (service, approval, import, cascade alike): the old row's
-- share is taken off, the new row's added. A key result counts unless deleted; a completed one is
-- in time when last changed on or before its deadline day, else overdue (the statistics rule).
CREATE FUNCTION "objective_key_result_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_in integer := 0; old_over integer := 0; old_n integer := 0;
  new_in integer := 0; new_over integer := 0; new_n integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status <> 'deleted' THEN
    old_n := 1;
    old_in := (OLD.status = 'completed' AND NOT OLD.last_modification_date::date > OLD.deadline)::integer;
    old_over := (OLD.status = 'completed' AND OLD.last_modification_date::date > OLD.deadline)::integer;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status <> 'deleted' THEN
    new_n := 1;
    new_in := (NEW.status = 'completed' AND NOT NEW.last_modification_date::date > NEW.deadline)::integer;
    new_over := (NEW.status = 'completed' AND NEW.last_modification_date::date > NEW.deadline)::integer;
  END IF;
  -- most updates (title, percentage, next status) change no count: no write
  IF TG_OP = 'UPDATE' AND OLD.objective_id = NEW.objective_id AND old_n = new_n AND old_in = new_in AND old_over = new_over THEN
    RETURN NULL;
  END IF;
  IF old_n = 1 THEN
    UPDATE "objective_key_result_counts" SET "total" = "total" - 1, "in_time" = "in_time" - old_in, "overdue" = "overdue" - old_over
    WHERE "objective_id" = OLD.objective_id;
  END IF;
  IF new_n = 1 THEN
    INSERT INTO "objective_key_result_counts" AS c ("objective_id", "total", "in_time", "overdue") VALUES (NEW.objective_id, 1, new_in, new_over)
    ON CONFLICT ("objective_id") DO UPDATE SET "total" = c."total" + 1, "in_time" = c."in_time" + new_in, "overdue" = c."overdue" + new_over;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "key_results_counts" AFTER INSERT OR UPDATE OR DELETE ON "key_results" FOR EACH ROW EXECUTE FUNCTION "objective_key_result_counts_apply"();
--> statement-breakpoint
INSERT INTO "objective_key_result_counts" ("objective_id", "total", "in_time", "overdue")
SELECT k."objective_id", count(*),
  count(*) FILTER (WHERE k."status" = 'completed' AND NOT k."last_modification_date"::date > k."deadline"),
  count(*) FILTER (WHERE k."status" = 'completed' AND k."last_modification_date"::date > k."deadline")
FROM "key_results" k WHERE k."status" <> 'deleted' GROUP BY k."objective_id";
