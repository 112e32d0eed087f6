CREATE TABLE "order_status_totals" (
	"status_id" integer PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "order_month_totals" (
	"month" text PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL
);--> statement-breakpoint
ALTER TABLE "order_status_totals" ADD CONSTRAINT "order_status_totals_status_id_order_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."order_statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard's orders per status and per month (of creation, Mexico City), kept like work_totals:
-- deltas added in the write's transaction under the row's lock.
CREATE FUNCTION "goc_order_totals_add"(s integer, created timestamptz, amount numeric, d integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_status_totals" AS t ("status_id", "orders") VALUES (s, d)
    ON CONFLICT ("status_id") DO UPDATE SET "orders" = t."orders" + EXCLUDED."orders";
  INSERT INTO "order_month_totals" AS t ("month", "orders", "total")
    VALUES (to_char(created AT TIME ZONE 'America/Mexico_City', 'YYYY-MM'), d, d * amount)
    ON CONFLICT ("month") DO UPDATE SET "orders" = t."orders" + EXCLUDED."orders", "total" = t."total" + EXCLUDED."total";
END
$$;--> statement-breakpoint
CREATE FUNCTION "goc_order_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "goc_order_totals_add"(OLD."status_id", OLD."created_at", OLD."total", -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "goc_order_totals_add"(NEW."status_id", NEW."created_at", NEW."total", 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_order_totals" AFTER INSERT OR DELETE OR UPDATE OF "status_id", "created_at", "total" ON "orders" FOR EACH ROW EXECUTE FUNCTION "goc_order_totals"();--> statement-breakpoint
CREATE TRIGGER "order_status_totals_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_status_totals" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
CREATE TRIGGER "order_month_totals_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_month_totals" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
INSERT INTO "order_status_totals" ("status_id", "orders")
SELECT "status_id", count(*) FROM "orders" GROUP BY "status_id";--> statement-breakpoint
INSERT INTO "order_month_totals" ("month", "orders", "total")
SELECT to_char("created_at" AT TIME ZONE 'America/Mexico_City', 'YYYY-MM'), count(*), sum("total") FROM "orders" GROUP BY 1;
