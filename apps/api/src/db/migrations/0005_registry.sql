CREATE TABLE "registry_cuts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_cuts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"week_key" text NOT NULL,
	"label" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'abierto' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "registry_cuts_status_ck" CHECK ("registry_cuts"."status" in ('abierto', 'cerrado'))
);
--> statement-breakpoint
CREATE TABLE "registry_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"scope" text NOT NULL,
	"employee_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"work_id" integer,
	"effective_date" date NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"worker_type" text NOT NULL,
	"daily_salary" numeric(14, 2),
	"sdi" numeric(14, 2),
	"baja_reason" text,
	"registration_status_id" integer NOT NULL,
	"stamp_status_id" integer NOT NULL,
	"error_status_id" integer NOT NULL,
	"error_detail" text,
	"notes" text,
	"cut_id" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "registry_movements_type_ck" CHECK ("registry_movements"."type" in ('alta', 'baja', 'modificacion_salario')),
	CONSTRAINT "registry_movements_scope_ck" CHECK ("registry_movements"."scope" in ('oficina', 'obra') and ("registry_movements"."scope" = 'oficina' or "registry_movements"."work_id" is not null)),
	CONSTRAINT "registry_movements_worker_type_ck" CHECK ("registry_movements"."worker_type" in ('permanente', 'eventual', 'eventual_construccion')),
	CONSTRAINT "registry_movements_salary_ck" CHECK (("registry_movements"."daily_salary" is null or "registry_movements"."daily_salary" >= 0) and ("registry_movements"."sdi" is null or "registry_movements"."sdi" >= 0))
);
--> statement-breakpoint
CREATE TABLE "wage_parameters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wage_parameters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"effective_from" date NOT NULL,
	"minimum_wage" numeric(14, 2) NOT NULL,
	"minimum_wage_border" numeric(14, 2) NOT NULL,
	"uma" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "wage_parameters_positive_ck" CHECK ("wage_parameters"."minimum_wage" > 0 and "wage_parameters"."minimum_wage_border" > 0 and "wage_parameters"."uma" > 0)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "imss_guide" text;--> statement-breakpoint
ALTER TABLE "registry_cuts" ADD CONSTRAINT "registry_cuts_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_movements" ADD CONSTRAINT "registry_movements_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_movements" ADD CONSTRAINT "registry_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_movements" ADD CONSTRAINT "registry_movements_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_movements" ADD CONSTRAINT "registry_movements_registration_status_id_registration_statuses_id_fk" FOREIGN KEY ("registration_status_id") REFERENCES "public"."registration_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_movements" ADD CONSTRAINT "registry_movements_stamp_status_id_stamp_statuses_id_fk" FOREIGN KEY ("stamp_status_id") REFERENCES "public"."stamp_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_movements" ADD CONSTRAINT "registry_movements_error_status_id_error_statuses_id_fk" FOREIGN KEY ("error_status_id") REFERENCES "public"."error_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_movements" ADD CONSTRAINT "registry_movements_cut_id_registry_cuts_id_fk" FOREIGN KEY ("cut_id") REFERENCES "public"."registry_cuts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_movements" ADD CONSTRAINT "registry_movements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registry_cuts_week_uq" ON "registry_cuts" USING btree ("week_key");--> statement-breakpoint
CREATE INDEX "registry_cuts_start_idx" ON "registry_cuts" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "registry_movements_cut_idx" ON "registry_movements" USING btree ("cut_id","created_at","id");--> statement-breakpoint
CREATE INDEX "registry_movements_scope_created_idx" ON "registry_movements" USING btree ("scope","created_at","id");--> statement-breakpoint
CREATE INDEX "registry_movements_employee_idx" ON "registry_movements" USING btree ("employee_id","type");--> statement-breakpoint
CREATE INDEX "registry_movements_company_idx" ON "registry_movements" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "registry_movements_work_idx" ON "registry_movements" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "registry_movements_effective_idx" ON "registry_movements" USING btree ("effective_date","id");--> statement-breakpoint
CREATE INDEX "registry_movements_registration_idx" ON "registry_movements" USING btree ("registration_status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wage_parameters_effective_uq" ON "wage_parameters" USING btree ("effective_from");