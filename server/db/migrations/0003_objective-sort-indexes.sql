CREATE INDEX "objectives_deadline_id_idx" ON "objectives" USING btree ("deadline","id");--> statement-breakpoint
CREATE INDEX "objectives_created_id_idx" ON "objectives" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "objectives_title_id_idx" ON "objectives" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "objectives_category_deadline_id_idx" ON "objectives" USING btree ("category","deadline","id");