-- issue 10: each hub keeps the session users it has read (server/services/session-cache.ts) until
-- anything they are built from changes. Whoever writes (this hub, another hub on the same
-- database, an import, psql), every statement that changes these tables tells every listening hub
-- at commit; NOTIFY folds a transaction's identical notifications into one.
CREATE FUNCTION "hub_session_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hub_session_changes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "hub_session_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "hub_session_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "roles_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "hub_session_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "jobs_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "hub_session_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "teams_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "hub_session_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "team_members_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_members" FOR EACH STATEMENT EXECUTE FUNCTION "hub_session_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "team_managers_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_managers" FOR EACH STATEMENT EXECUTE FUNCTION "hub_session_changes_notify"();
