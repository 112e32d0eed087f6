-- Bench finding 1: lists filter and sort on goc_fold(column), which cost ~5 µs a row when folded at
-- query time. Each such column gets its folded text stored beside it (<column>_folded, kept by
-- PostgreSQL), and 0001's expression indexes are rebuilt on the stored columns under the same names.
DROP INDEX IF EXISTS "companies_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "works_code_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "works_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "categories_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "subcategories_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "icons_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "material_categories_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "materials_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "materials_code_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "units_abbreviation_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "suppliers_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "employees_full_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "registration_statuses_order_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "order_statuses_order_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "stamp_statuses_order_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "error_statuses_order_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "roles_name_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_username_fold_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "materials_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "materials_code_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "employees_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "employees_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "employees_second_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "works_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "companies_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "suppliers_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_folded" text GENERATED ALWAYS AS (goc_fold("username")) STORED;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "subcategories" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "material_categories" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "code_folded" text GENERATED ALWAYS AS (goc_fold("code")) STORED;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "abbreviation_folded" text GENERATED ALWAYS AS (goc_fold("abbreviation")) STORED;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "first_name_folded" text GENERATED ALWAYS AS (goc_fold("first_name")) STORED;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "last_name_folded" text GENERATED ALWAYS AS (goc_fold("last_name")) STORED;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "second_last_name_folded" text GENERATED ALWAYS AS (goc_fold("second_last_name")) STORED;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "code_folded" text GENERATED ALWAYS AS (goc_fold("code")) STORED;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "error_statuses" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "order_statuses" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "registration_statuses" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "stamp_statuses" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED;--> statement-breakpoint
CREATE INDEX "roles_name_fold_idx" ON "roles" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "users_username_fold_idx" ON "users" USING btree ("username_folded","id");--> statement-breakpoint
CREATE INDEX "companies_name_fold_idx" ON "companies" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "categories_name_fold_idx" ON "categories" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "icons_name_fold_idx" ON "icons" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "subcategories_name_fold_idx" ON "subcategories" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "material_categories_name_fold_idx" ON "material_categories" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "materials_name_fold_idx" ON "materials" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "materials_code_fold_idx" ON "materials" USING btree ("code_folded","id");--> statement-breakpoint
CREATE INDEX "suppliers_name_fold_idx" ON "suppliers" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "units_abbreviation_fold_idx" ON "units" USING btree ("abbreviation_folded","id");--> statement-breakpoint
CREATE INDEX "employees_full_name_fold_idx" ON "employees" USING btree ("last_name_folded","second_last_name_folded","first_name_folded","id");--> statement-breakpoint
CREATE INDEX "works_code_fold_idx" ON "works" USING btree ("code_folded","id");--> statement-breakpoint
CREATE INDEX "works_name_fold_idx" ON "works" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "error_statuses_order_idx" ON "error_statuses" USING btree ("sort_order","name_folded","id");--> statement-breakpoint
CREATE INDEX "order_statuses_order_idx" ON "order_statuses" USING btree ("sort_order","name_folded","id");--> statement-breakpoint
CREATE INDEX "registration_statuses_order_idx" ON "registration_statuses" USING btree ("sort_order","name_folded","id");--> statement-breakpoint
CREATE INDEX "stamp_statuses_order_idx" ON "stamp_statuses" USING btree ("sort_order","name_folded","id");--> statement-breakpoint
-- Trigram indexes for contains / startsWith / endsWith and the global search, as in 0001 (same guard:
-- without pg_trgm lists still work, by sequential scan).
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
		CREATE EXTENSION IF NOT EXISTS pg_trgm;
		CREATE INDEX IF NOT EXISTS "materials_name_trgm_idx" ON "materials" USING gin ("name_folded" gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "materials_code_trgm_idx" ON "materials" USING gin ("code_folded" gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "employees_first_name_trgm_idx" ON "employees" USING gin ("first_name_folded" gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "employees_last_name_trgm_idx" ON "employees" USING gin ("last_name_folded" gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "employees_second_last_name_trgm_idx" ON "employees" USING gin ("second_last_name_folded" gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "works_name_trgm_idx" ON "works" USING gin ("name_folded" gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "companies_name_trgm_idx" ON "companies" USING gin ("name_folded" gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "suppliers_name_trgm_idx" ON "suppliers" USING gin ("name_folded" gin_trgm_ops);
	ELSE
		RAISE NOTICE 'pg_trgm no está disponible: las búsquedas por contenido funcionarán sin índice';
	END IF;
EXCEPTION WHEN insufficient_privilege THEN
	RAISE NOTICE 'Sin privilegio para crear pg_trgm: las búsquedas por contenido funcionarán sin índice';
END $$;
