CREATE TABLE "table_versions" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "goc_bump_table_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "table_versions" ("table_name") VALUES (TG_TABLE_NAME)
    ON CONFLICT ("table_name") DO UPDATE SET "version" = "table_versions"."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  -- Every table but the bookkeeping ones (counters, audit log, sessions); a test checks none is missed.
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT IN ('table_versions', 'role_access_versions', 'audit_log', 'refresh_tokens')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version()',
      t || '_bump_table_version', t);
  END LOOP;
END
$$;
