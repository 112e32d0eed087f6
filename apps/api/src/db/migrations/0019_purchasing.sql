-- Purchasing control (docs/orders.md): a company's approval limit, above which authorising an order
-- of its works needs Aprobación de pedidos.
ALTER TABLE "companies" ADD COLUMN "approval_limit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_approval_limit_ck" CHECK ("approval_limit" >= 0);
--> statement-breakpoint
-- Budget commitments: a work's committed amount (orders autorizado, comprado, entregado_parcial,
-- entregado: the contracts' COMMITTED_STATUS_CODES) kept beside its other figures, by the same
-- deltas under the work_totals row's lock.
ALTER TABLE "work_totals" ADD COLUMN "committed" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "goc_work_totals_add"(w integer, d_ordered numeric, d_open integer, d_workers integer, d_projects integer, d_committed numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF w IS NULL OR (d_ordered = 0 AND d_open = 0 AND d_workers = 0 AND d_projects = 0 AND d_committed = 0) THEN
    RETURN;
  END IF;
  INSERT INTO "work_totals" AS t ("work_id", "ordered", "open_orders", "active_workers", "projects", "committed")
    VALUES (w, d_ordered, d_open, d_workers, d_projects, d_committed)
    ON CONFLICT ("work_id") DO UPDATE SET
      "ordered" = t."ordered" + EXCLUDED."ordered",
      "open_orders" = t."open_orders" + EXCLUDED."open_orders",
      "active_workers" = t."active_workers" + EXCLUDED."active_workers",
      "projects" = t."projects" + EXCLUDED."projects",
      "committed" = t."committed" + EXCLUDED."committed";
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "goc_order_work_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  code text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT s."code" INTO code FROM "order_statuses" s WHERE s."id" = OLD."status_id";
    PERFORM "goc_work_totals_add"(OLD."work_id",
      CASE WHEN code IN ('comprado', 'entregado_parcial', 'entregado') THEN -OLD."total" ELSE 0 END,
      CASE WHEN code IN ('borrador', 'enviado', 'autorizado', 'comprado', 'entregado_parcial') THEN -1 ELSE 0 END, 0, 0,
      CASE WHEN code IN ('autorizado', 'comprado', 'entregado_parcial', 'entregado') THEN -OLD."total" ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT s."code" INTO code FROM "order_statuses" s WHERE s."id" = NEW."status_id";
    PERFORM "goc_work_totals_add"(NEW."work_id",
      CASE WHEN code IN ('comprado', 'entregado_parcial', 'entregado') THEN NEW."total" ELSE 0 END,
      CASE WHEN code IN ('borrador', 'enviado', 'autorizado', 'comprado', 'entregado_parcial') THEN 1 ELSE 0 END, 0, 0,
      CASE WHEN code IN ('autorizado', 'comprado', 'entregado_parcial', 'entregado') THEN NEW."total" ELSE 0 END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "work_totals" AS t ("work_id", "committed")
SELECT w."id",
  coalesce((SELECT sum(o."total") FROM "orders" o JOIN "order_statuses" s ON s."id" = o."status_id"
    WHERE o."work_id" = w."id" AND s."code" IN ('autorizado', 'comprado', 'entregado_parcial', 'entregado')), 0)
FROM "works" w
ON CONFLICT ("work_id") DO UPDATE SET "committed" = EXCLUDED."committed";
