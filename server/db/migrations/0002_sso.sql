CREATE TABLE "oidc_flows" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_events" ADD COLUMN "method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
CREATE INDEX "oidc_flows_expires_idx" ON "oidc_flows" USING btree ("expires_at");