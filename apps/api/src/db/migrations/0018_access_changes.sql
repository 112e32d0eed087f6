-- Whatever can end a session or change what a role may do is announced on the channel goc_access:
-- a user changed or removed, a login (refresh-token family) revoked, a role's access version raised.
-- NOTIFY leaves at commit and never for a rollback, so each API process drops what it keeps of the
-- access check for that user or role before it can serve a stale answer.
CREATE FUNCTION "goc_notify_access_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('goc_access', 'user:' || OLD."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_notify_access" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "goc_notify_access_user"();--> statement-breakpoint
CREATE FUNCTION "goc_notify_access_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('goc_access', 'user:' || OLD."user_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_notify_access" AFTER UPDATE OR DELETE ON "refresh_tokens" FOR EACH ROW EXECUTE FUNCTION "goc_notify_access_session"();--> statement-breakpoint
CREATE FUNCTION "goc_notify_access_role"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('goc_access', 'role:' || NEW."role_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "role_access_versions_notify_access" AFTER INSERT OR UPDATE ON "role_access_versions" FOR EACH ROW EXECUTE FUNCTION "goc_notify_access_role"();
