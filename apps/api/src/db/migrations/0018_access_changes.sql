-- Whatever can end a session or change what a role may do is announced on the channel goc_access:
-- a user changed or removed, a login (refresh-token family) revoked, a role's access version raised.
-- NOTIFY leaves at commit and never for a rollback, so each API process drops what it keeps of the
-- access check for that user or role before it can serve a stale answer. The trigger's arguments
-- name the payload's kind and the column holding the user's or role's id.
CREATE FUNCTION "goc_notify_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('goc_access', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  ELSE
    PERFORM pg_notify('goc_access', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_notify_access" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "goc_notify_access"('user', 'id');--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_notify_access" AFTER UPDATE OR DELETE ON "refresh_tokens" FOR EACH ROW EXECUTE FUNCTION "goc_notify_access"('user', 'user_id');--> statement-breakpoint
CREATE TRIGGER "role_access_versions_notify_access" AFTER INSERT OR UPDATE ON "role_access_versions" FOR EACH ROW EXECUTE FUNCTION "goc_notify_access"('role', 'role_id');
