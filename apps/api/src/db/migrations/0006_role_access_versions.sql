CREATE TABLE "role_access_versions" (
	"role_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "goc_bump_role_access_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "role_access_versions" ("role_id") VALUES (OLD."role_id")
      ON CONFLICT ("role_id") DO UPDATE SET "version" = "role_access_versions"."version" + 1;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."role_id" <> OLD."role_id") THEN
    INSERT INTO "role_access_versions" ("role_id") VALUES (NEW."role_id")
      ON CONFLICT ("role_id") DO UPDATE SET "version" = "role_access_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "role_permissions_bump_access_version" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions"
  FOR EACH ROW EXECUTE FUNCTION "goc_bump_role_access_version"();
