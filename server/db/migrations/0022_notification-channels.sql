CREATE TYPE "public"."notification_channel" AS ENUM('in_app', 'email', 'digest', 'off');--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "channel" "notification_channel";--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "weekly_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Each stored choice as a channel, so nobody's is lost (docs/api.md 'Notification settings'):
-- the bell off and no e-mail is off; e-mail off is in the app; e-mail on is e-mail now, or the
-- digest for someone who chose the one daily digest (user_preferences.email_digest); never chosen
-- is the kind's default. The bell off with e-mail on keeps the e-mail (which rings the bell too).
-- The two switches are set in step with the channel, as this release writes them, so a hub of the
-- release before reads the same choice.
UPDATE "notification_settings" AS s SET "channel" = c."channel", "enabled" = c."channel" <> 'off', "email" = c."channel" IN ('email', 'digest')
FROM (SELECT o."user_id", o."kind", (CASE
  WHEN o."kind" NOT IN ('approval_requested', 'objective_approved', 'objective_sent_back', 'evaluation_created', 'objective_due_soon', 'objective_overdue', 'check_in_reminder')
    THEN CASE WHEN o."enabled" THEN 'in_app' ELSE 'off' END
  WHEN o."email" = false THEN CASE WHEN o."enabled" THEN 'in_app' ELSE 'off' END
  WHEN coalesce((SELECT p."email_digest" FROM "user_preferences" p WHERE p."user_id" = o."user_id"), false) THEN 'digest'
  WHEN o."email" IS NULL AND o."kind" IN ('objective_due_soon', 'objective_overdue', 'check_in_reminder') THEN 'digest'
  ELSE 'email'
END)::"notification_channel" AS "channel" FROM "notification_settings" o WHERE o."channel" IS NULL) AS c
WHERE s."user_id" = c."user_id" AND s."kind" = c."kind";--> statement-breakpoint
-- someone who chose the daily digest takes every kind the hub e-mails there, stored or not
INSERT INTO "notification_settings" ("user_id", "kind", "enabled", "email", "channel")
SELECT p."user_id", k."kind"::"notification_kind", true, true, 'digest'
FROM "user_preferences" p
CROSS JOIN (VALUES ('approval_requested'), ('objective_approved'), ('objective_sent_back'), ('evaluation_created'), ('objective_due_soon'), ('objective_overdue'), ('check_in_reminder')) AS k("kind")
WHERE p."email_digest"
ON CONFLICT DO NOTHING;
