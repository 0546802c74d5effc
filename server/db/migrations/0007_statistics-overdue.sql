ALTER TABLE "objectives" ADD COLUMN "overdue_after" date DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
-- The statistics' overdue rule, settled on every write that can change it (service, approval,
-- import alike; the large seed, which loads with triggers off, calls the function itself): a
-- completed objective last changed after its deadline day is late for good ('-infinity'), one
-- changed on or before it in time for good ('infinity'); any other one is overdue once its
-- deadline day has passed (its deadline). Statistics: overdue_after < current_date.
CREATE FUNCTION "objective_overdue_after"("status" text, "deadline" date, "last_modification_date" timestamptz)
RETURNS date LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN "status" <> 'completed' THEN "deadline"
    WHEN "last_modification_date"::date > "deadline" THEN '-infinity'::date
    ELSE 'infinity'::date
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "objective_overdue_after_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.overdue_after := "objective_overdue_after"(NEW.status, NEW.deadline, NEW.last_modification_date);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "objectives_overdue_after" BEFORE INSERT OR UPDATE OF "status", "deadline", "last_modification_date", "overdue_after" ON "objectives" FOR EACH ROW EXECUTE FUNCTION "objective_overdue_after_apply"();
--> statement-breakpoint
-- the trigger settles every existing row
UPDATE "objectives" SET "overdue_after" = "overdue_after";--> statement-breakpoint
DROP INDEX "objectives_created_idx";--> statement-breakpoint
CREATE INDEX "objectives_statistics_idx" ON "objectives" USING btree ("created_at","status","team_id","category","owner_id","overdue_after","kr_total","kr_in_time","kr_overdue");
