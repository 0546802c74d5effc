ALTER TABLE "objectives" ADD COLUMN "kr_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "objectives" ADD COLUMN "kr_in_time" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "objectives" ADD COLUMN "kr_overdue" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Kept on every write of a key result (service, approval, import, cascade alike): the old row's
-- share is taken off its objective, the new row's added. A key result counts unless deleted; a
-- completed one is in time when last changed on or before its deadline day, else overdue (the
-- statistics rule).
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
    UPDATE "objectives" SET "kr_total" = "kr_total" - 1, "kr_in_time" = "kr_in_time" - old_in, "kr_overdue" = "kr_overdue" - old_over
    WHERE "id" = OLD.objective_id;
  END IF;
  IF new_n = 1 THEN
    UPDATE "objectives" SET "kr_total" = "kr_total" + 1, "kr_in_time" = "kr_in_time" + new_in, "kr_overdue" = "kr_overdue" + new_over
    WHERE "id" = NEW.objective_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "key_results_counts" AFTER INSERT OR UPDATE OR DELETE ON "key_results" FOR EACH ROW EXECUTE FUNCTION "objective_key_result_counts_apply"();
--> statement-breakpoint
UPDATE "objectives" o SET "kr_total" = k.total, "kr_in_time" = k.in_time, "kr_overdue" = k.overdue
FROM (
  SELECT "objective_id", count(*)::int AS total,
    (count(*) FILTER (WHERE "status" = 'completed' AND NOT "last_modification_date"::date > "deadline"))::int AS in_time,
    (count(*) FILTER (WHERE "status" = 'completed' AND "last_modification_date"::date > "deadline"))::int AS overdue
  FROM "key_results" WHERE "status" <> 'deleted' GROUP BY "objective_id"
) k
WHERE o."id" = k."objective_id";
