ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_skeleton" text;--> statement-breakpoint
CREATE INDEX "users_username_skeleton_idx" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
CREATE INDEX "users_email_skeleton_idx" ON "users" USING btree ("email_skeleton");--> statement-breakpoint
-- A skeleton is computed by the hub (it needs Unicode's confusables data), so SQL cannot keep it.
-- What SQL can do: a change of the name by anyone who did not also write its skeleton (an older
-- hub during a rolling upgrade, psql, a seed) sets the skeleton back to null, so a stored skeleton
-- is always the name's, or null; the hub computes nulls at the check and fills them in at start.
CREATE FUNCTION "users_skeletons_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."username" IS DISTINCT FROM OLD."username" AND NEW."username_skeleton" IS NOT DISTINCT FROM OLD."username_skeleton" THEN
    NEW."username_skeleton" := NULL;
  END IF;
  IF NEW."email" IS DISTINCT FROM OLD."email" AND NEW."email_skeleton" IS NOT DISTINCT FROM OLD."email_skeleton" THEN
    NEW."email_skeleton" := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_skeletons_follow" BEFORE UPDATE OF "username", "email" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_skeletons_follow"();
