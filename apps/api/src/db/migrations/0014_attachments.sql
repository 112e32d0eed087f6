CREATE TABLE "attachment_contents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"store" text NOT NULL,
	"key" text,
	"chunk_size" integer NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachment_contents_store_check" CHECK ("store" IN ('db', 's3'))
);
--> statement-breakpoint
CREATE INDEX "attachment_contents_released_idx" ON "attachment_contents" USING btree ("released") WHERE "released";--> statement-breakpoint
CREATE TABLE "attachment_chunks" (
	"content_id" uuid NOT NULL REFERENCES "attachment_contents"("id") ON DELETE cascade,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "attachment_chunks_pkey" PRIMARY KEY("content_id","seq")
);
--> statement-breakpoint
-- Stored files are mostly compressed already (PDF, JPEG, Office zips): out of line, without trying to compress them again.
ALTER TABLE "attachment_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"content_id" uuid NOT NULL REFERENCES "attachment_contents"("id") ON DELETE restrict,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"description" text,
	"thumbnail" bytea,
	"thumbnail_type" text,
	"created_by_id" integer REFERENCES "users"("id") ON DELETE restrict,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_record_sha256_key" ON "attachments" USING btree ("resource","record_id","sha256");--> statement-breakpoint
CREATE INDEX "attachments_record_idx" ON "attachments" USING btree ("resource","record_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_content_key" ON "attachments" USING btree ("content_id");--> statement-breakpoint
CREATE TRIGGER "attachment_contents_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attachment_contents" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
CREATE TRIGGER "attachment_chunks_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attachment_chunks" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
CREATE TRIGGER "attachments_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attachments" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
-- An attachment's bytes go with it, in the same transaction: database chunks at once (cascade);
-- an object-store file is released for the sweeper, which deletes the object after the commit.
CREATE FUNCTION "goc_attachment_release_content"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "attachment_contents" WHERE "id" = OLD."content_id" AND "store" = 'db';
  UPDATE "attachment_contents" SET "released" = true WHERE "id" = OLD."content_id" AND "store" = 's3';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "attachments_release_content" AFTER DELETE ON "attachments" FOR EACH ROW EXECUTE FUNCTION goc_attachment_release_content();--> statement-breakpoint
-- Deleting a record deletes its documents in the same transaction, whatever deletes it. The argument
-- is the attachments API's resource key of the table.
CREATE FUNCTION "goc_delete_record_attachments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "attachments" WHERE "resource" = TG_ARGV[0] AND "record_id" = OLD."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_delete_attachments" AFTER DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION goc_delete_record_attachments('orders');--> statement-breakpoint
CREATE TRIGGER "registry_movements_delete_attachments" AFTER DELETE ON "registry_movements" FOR EACH ROW EXECUTE FUNCTION goc_delete_record_attachments('movements');--> statement-breakpoint
CREATE TRIGGER "employees_delete_attachments" AFTER DELETE ON "employees" FOR EACH ROW EXECUTE FUNCTION goc_delete_record_attachments('employees');--> statement-breakpoint
CREATE TRIGGER "projects_delete_attachments" AFTER DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION goc_delete_record_attachments('projects');--> statement-breakpoint
CREATE TRIGGER "works_delete_attachments" AFTER DELETE ON "works" FOR EACH ROW EXECUTE FUNCTION goc_delete_record_attachments('works');--> statement-breakpoint
CREATE TRIGGER "suppliers_delete_attachments" AFTER DELETE ON "suppliers" FOR EACH ROW EXECUTE FUNCTION goc_delete_record_attachments('suppliers');
