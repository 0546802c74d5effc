CREATE TABLE "desktop_required_versions" (
	"platform" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desktop_required_versions" ADD CONSTRAINT "desktop_required_versions_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;