ALTER TYPE "public"."notification_kind" ADD VALUE 'archived_past_retention';--> statement-breakpoint
CREATE TABLE "retention_reminders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"archived_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"hub" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"removed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reminded" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retention_reminders" ADD CONSTRAINT "retention_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_events_created_idx" ON "login_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_ended_idx" ON "sessions" USING btree (least("revoked_at", "expires_at"));--> statement-breakpoint
CREATE INDEX "notifications_read_idx" ON "notifications" USING btree ("read_at") WHERE "notifications"."read_at" is not null;--> statement-breakpoint
-- people archived before this migration: archived when their last 'archive' was audited, else at their last change
UPDATE "users" SET "archived_at" = coalesce(
	(SELECT max(a."created_at") FROM "audit_log" a WHERE a."entity" = 'user' AND a."entity_id" = "users"."id"::text AND a."action" = 'archive'),
	"users"."updated_at"
) WHERE "users"."status" = 'deleted';
