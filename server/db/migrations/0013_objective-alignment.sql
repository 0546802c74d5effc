ALTER TYPE "public"."notification_kind" ADD VALUE 'objective_supported';--> statement-breakpoint
CREATE TABLE "objective_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_objective_id" integer NOT NULL,
	"child_objective_id" integer NOT NULL,
	"child_key_result_id" integer,
	"weight" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "objective_links_weight_range" CHECK ("objective_links"."weight" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "objectives" ADD COLUMN "level" text DEFAULT 'personal' NOT NULL;--> statement-breakpoint
ALTER TABLE "objectives" ADD COLUMN "rollup_mode" text DEFAULT 'key_results' NOT NULL;--> statement-breakpoint
ALTER TABLE "objectives" ADD COLUMN "rolled_up_progress" integer;--> statement-breakpoint
ALTER TABLE "objective_links" ADD CONSTRAINT "objective_links_parent_objective_id_objectives_id_fk" FOREIGN KEY ("parent_objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_links" ADD CONSTRAINT "objective_links_child_objective_id_objectives_id_fk" FOREIGN KEY ("child_objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_links" ADD CONSTRAINT "objective_links_child_key_result_id_key_results_id_fk" FOREIGN KEY ("child_key_result_id") REFERENCES "public"."key_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "objective_links_child_parent_idx" ON "objective_links" USING btree ("child_objective_id",coalesce("child_key_result_id", 0),"parent_objective_id");--> statement-breakpoint
CREATE INDEX "objective_links_parent_idx" ON "objective_links" USING btree ("parent_objective_id","child_objective_id");--> statement-breakpoint
CREATE INDEX "objective_links_key_result_idx" ON "objective_links" USING btree ("child_key_result_id");--> statement-breakpoint
CREATE INDEX "objectives_level_team_deadline_idx" ON "objectives" USING btree ("level","team_id","deadline");