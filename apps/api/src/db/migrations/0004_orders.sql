CREATE TABLE "project_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "project_members_uq" UNIQUE("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"code_folded" text GENERATED ALWAYS AS (goc_fold("code")) STORED,
	"name" text NOT NULL,
	"name_folded" text GENERATED ALWAYS AS (goc_fold("name")) STORED,
	"description" text,
	"work_id" integer NOT NULL,
	"manager_id" integer NOT NULL,
	"start_date" date,
	"end_date" date,
	"budget" numeric(14, 2) DEFAULT '0' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'planeado' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "projects_id_work_uq" UNIQUE("id","work_id"),
	CONSTRAINT "projects_status_ck" CHECK ("projects"."status" in ('planeado', 'activo', 'pausado', 'terminado')),
	CONSTRAINT "projects_progress_ck" CHECK ("projects"."progress" between 0 and 100),
	CONSTRAINT "projects_dates_ck" CHECK ("projects"."end_date" is null or "projects"."start_date" is null or "projects"."end_date" >= "projects"."start_date"),
	CONSTRAINT "projects_budget_ck" CHECK ("projects"."budget" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_price" numeric(14, 2),
	"amount" numeric(14, 2) GENERATED ALWAYS AS (round(quantity * unit_price, 2)) STORED,
	"received_quantity" numeric(12, 3) DEFAULT '0' NOT NULL,
	"notes" text,
	CONSTRAINT "order_lines_position_uq" UNIQUE("order_id","position"),
	CONSTRAINT "order_lines_quantity_ck" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_unit_price_ck" CHECK ("order_lines"."unit_price" is null or "order_lines"."unit_price" >= 0),
	CONSTRAINT "order_lines_received_ck" CHECK ("order_lines"."received_quantity" >= 0 and "order_lines"."received_quantity" <= "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folio" text NOT NULL,
	"folio_folded" text GENERATED ALWAYS AS (goc_fold("folio")) STORED,
	"work_id" integer NOT NULL,
	"project_id" integer,
	"requested_by_id" integer NOT NULL,
	"required_date" date NOT NULL,
	"supplier_id" integer,
	"status_id" integer NOT NULL,
	"notes" text,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_total_ck" CHECK ("orders"."total" >= 0),
	CONSTRAINT "orders_line_count_ck" CHECK ("orders"."line_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_id_order_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."order_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_work_fk" FOREIGN KEY ("project_id","work_id") REFERENCES "public"."projects"("id","work_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code_lower_uq" ON "projects" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "projects_work_idx" ON "projects" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "projects_manager_idx" ON "projects" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "projects_code_fold_idx" ON "projects" USING btree ("code_folded","id");--> statement-breakpoint
CREATE INDEX "projects_name_fold_idx" ON "projects" USING btree ("name_folded","id");--> statement-breakpoint
CREATE INDEX "order_lines_material_idx" ON "order_lines" USING btree ("material_id","order_id");--> statement-breakpoint
CREATE INDEX "order_lines_unit_idx" ON "order_lines" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_folio_uq" ON "orders" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "orders_folio_fold_idx" ON "orders" USING btree ("folio_folded","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status_id","id");--> statement-breakpoint
CREATE INDEX "orders_work_idx" ON "orders" USING btree ("work_id","id");--> statement-breakpoint
CREATE INDEX "orders_project_idx" ON "orders" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "orders_requester_idx" ON "orders" USING btree ("requested_by_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_supplier_idx" ON "orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_required_date_idx" ON "orders" USING btree ("required_date","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");