CREATE TABLE "api_token_activity" (
	"token_id" integer PRIMARY KEY NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"last_address" text
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "api_token_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "api_token_name" text;--> statement-breakpoint
ALTER TABLE "api_token_activity" ADD CONSTRAINT "api_token_activity_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_idx" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
-- An API token's person is read like a session's (server/features/auth/session-cache.ts): revoking
-- or creating one tells every listening hub, as migration 0006 does for sessions.
CREATE TRIGGER "api_tokens_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "hub_session_changes_notify"();
