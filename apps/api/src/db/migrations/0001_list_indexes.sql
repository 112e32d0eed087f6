-- Indexes for what lists sort and filter (lib/list): text sorts and equals compare goc_fold(column),
-- and every sort ends with the id, so each btree below serves the default order of its list.
CREATE INDEX IF NOT EXISTS "companies_name_fold_idx" ON "companies" (goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "works_code_fold_idx" ON "works" (goc_fold("code"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "works_name_fold_idx" ON "works" (goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_name_fold_idx" ON "categories" (goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subcategories_name_fold_idx" ON "subcategories" (goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "icons_name_fold_idx" ON "icons" (goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "material_categories_name_fold_idx" ON "material_categories" (goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "materials_name_fold_idx" ON "materials" (goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "materials_code_fold_idx" ON "materials" (goc_fold("code"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "units_abbreviation_fold_idx" ON "units" (goc_fold("abbreviation"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "suppliers_name_fold_idx" ON "suppliers" (goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employees_full_name_fold_idx" ON "employees" (goc_fold("last_name"), goc_fold("second_last_name"), goc_fold("first_name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "registration_statuses_order_idx" ON "registration_statuses" ("sort_order", goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_statuses_order_idx" ON "order_statuses" ("sort_order", goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stamp_statuses_order_idx" ON "stamp_statuses" ("sort_order", goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "error_statuses_order_idx" ON "error_statuses" ("sort_order", goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "roles_name_fold_idx" ON "roles" (goc_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_fold_idx" ON "users" (goc_fold("username"), "id");
--> statement-breakpoint
-- contains / startsWith / endsWith and the global search on the large catalogues: trigram GIN indexes
-- over goc_fold(column). pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded by
-- db/client.ts); where it is missing or may not be created, lists still work, by sequential scan.
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
		CREATE EXTENSION IF NOT EXISTS pg_trgm;
		CREATE INDEX IF NOT EXISTS "materials_name_trgm_idx" ON "materials" USING gin (goc_fold("name") gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "materials_code_trgm_idx" ON "materials" USING gin (goc_fold("code") gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "employees_first_name_trgm_idx" ON "employees" USING gin (goc_fold("first_name") gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "employees_last_name_trgm_idx" ON "employees" USING gin (goc_fold("last_name") gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "employees_second_last_name_trgm_idx" ON "employees" USING gin (goc_fold("second_last_name") gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "works_name_trgm_idx" ON "works" USING gin (goc_fold("name") gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "companies_name_trgm_idx" ON "companies" USING gin (goc_fold("name") gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "suppliers_name_trgm_idx" ON "suppliers" USING gin (goc_fold("name") gin_trgm_ops);
	ELSE
		RAISE NOTICE 'pg_trgm no está disponible: las búsquedas por contenido funcionarán sin índice';
	END IF;
EXCEPTION WHEN insufficient_privilege THEN
	RAISE NOTICE 'Sin privilegio para crear pg_trgm: las búsquedas por contenido funcionarán sin índice';
END $$;
