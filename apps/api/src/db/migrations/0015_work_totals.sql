CREATE TABLE "work_totals" (
	"work_id" integer PRIMARY KEY NOT NULL,
	"ordered" numeric(16, 2) DEFAULT '0' NOT NULL,
	"open_orders" integer DEFAULT 0 NOT NULL,
	"active_workers" integer DEFAULT 0 NOT NULL,
	"projects" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "work_totals" ADD CONSTRAINT "work_totals_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds a change to one work's figures. Deltas, never a recount: two transactions writing orders of
-- the same work meet on this row's lock and each adds its own change to what the other committed.
CREATE FUNCTION "goc_work_totals_add"(w integer, d_ordered numeric, d_open integer, d_workers integer, d_projects integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF w IS NULL OR (d_ordered = 0 AND d_open = 0 AND d_workers = 0 AND d_projects = 0) THEN
    RETURN;
  END IF;
  INSERT INTO "work_totals" AS t ("work_id", "ordered", "open_orders", "active_workers", "projects")
    VALUES (w, d_ordered, d_open, d_workers, d_projects)
    ON CONFLICT ("work_id") DO UPDATE SET
      "ordered" = t."ordered" + EXCLUDED."ordered",
      "open_orders" = t."open_orders" + EXCLUDED."open_orders",
      "active_workers" = t."active_workers" + EXCLUDED."active_workers",
      "projects" = t."projects" + EXCLUDED."projects";
END
$$;--> statement-breakpoint
-- An order counts as bought (its total) in comprado / entregado_parcial / entregado and as open in
-- borrador / enviado / autorizado / comprado / entregado_parcial: the contracts' ORDERED_STATUS_CODES
-- and OPEN_ORDER_STATUS_CODES (a status row's code never changes).
CREATE FUNCTION "goc_order_work_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  code text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT s."code" INTO code FROM "order_statuses" s WHERE s."id" = OLD."status_id";
    PERFORM "goc_work_totals_add"(OLD."work_id",
      CASE WHEN code IN ('comprado', 'entregado_parcial', 'entregado') THEN -OLD."total" ELSE 0 END,
      CASE WHEN code IN ('borrador', 'enviado', 'autorizado', 'comprado', 'entregado_parcial') THEN -1 ELSE 0 END, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT s."code" INTO code FROM "order_statuses" s WHERE s."id" = NEW."status_id";
    PERFORM "goc_work_totals_add"(NEW."work_id",
      CASE WHEN code IN ('comprado', 'entregado_parcial', 'entregado') THEN NEW."total" ELSE 0 END,
      CASE WHEN code IN ('borrador', 'enviado', 'autorizado', 'comprado', 'entregado_parcial') THEN 1 ELSE 0 END, 0, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "goc_employee_work_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'activo' THEN
    PERFORM "goc_work_totals_add"(OLD."work_id", 0, 0, -1, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'activo' THEN
    PERFORM "goc_work_totals_add"(NEW."work_id", 0, 0, 1, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "goc_project_work_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "goc_work_totals_add"(OLD."work_id", 0, 0, 0, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "goc_work_totals_add"(NEW."work_id", 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_work_totals" AFTER INSERT OR DELETE OR UPDATE OF "work_id", "status_id", "total" ON "orders" FOR EACH ROW EXECUTE FUNCTION "goc_order_work_totals"();--> statement-breakpoint
CREATE TRIGGER "employees_work_totals" AFTER INSERT OR DELETE OR UPDATE OF "work_id", "status" ON "employees" FOR EACH ROW EXECUTE FUNCTION "goc_employee_work_totals"();--> statement-breakpoint
CREATE TRIGGER "projects_work_totals" AFTER INSERT OR DELETE OR UPDATE OF "work_id" ON "projects" FOR EACH ROW EXECUTE FUNCTION "goc_project_work_totals"();--> statement-breakpoint
CREATE TRIGGER "work_totals_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "work_totals" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
INSERT INTO "work_totals" ("work_id", "ordered", "open_orders", "active_workers", "projects")
SELECT w."id",
  coalesce((SELECT sum(o."total") FROM "orders" o JOIN "order_statuses" s ON s."id" = o."status_id"
    WHERE o."work_id" = w."id" AND s."code" IN ('comprado', 'entregado_parcial', 'entregado')), 0),
  (SELECT count(*) FROM "orders" o JOIN "order_statuses" s ON s."id" = o."status_id"
    WHERE o."work_id" = w."id" AND s."code" IN ('borrador', 'enviado', 'autorizado', 'comprado', 'entregado_parcial')),
  (SELECT count(*) FROM "employees" e WHERE e."work_id" = w."id" AND e."status" = 'activo'),
  (SELECT count(*) FROM "projects" p WHERE p."work_id" = w."id")
FROM "works" w;
