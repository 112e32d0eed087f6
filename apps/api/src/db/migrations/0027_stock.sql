-- Almacén de obra (docs/stock.md): balances per work and material, the movements ledger, consumptions, transfers and counts with their lines.
CREATE TABLE "stock_balances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"work_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"average_cost" numeric(14, 2) GENERATED ALWAYS AS (case when quantity > 0 then round(value / quantity, 2) else 0 end) STORED,
	"last_movement_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "stock_balances_quantity_ck" CHECK ("stock_balances"."quantity" >= 0),
	CONSTRAINT "stock_balances_value_ck" CHECK ("stock_balances"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_consumptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_consumptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"work_id" integer NOT NULL,
	"date" date NOT NULL,
	"concept" text NOT NULL,
	"received_by" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_count_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"count_id" integer NOT NULL,
	"position" integer NOT NULL,
	"material_id" integer NOT NULL,
	"counted_quantity" numeric(14, 3) NOT NULL,
	"expected_quantity" numeric(14, 3),
	CONSTRAINT "stock_count_lines_position_uq" UNIQUE("count_id","position"),
	CONSTRAINT "stock_count_lines_counted_ck" CHECK ("stock_count_lines"."counted_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"work_id" integer NOT NULL,
	"status" text DEFAULT 'por_aprobar' NOT NULL,
	"date" date NOT NULL,
	"notes" text,
	"reason" text,
	"counted_by_id" integer,
	"applied_by_id" integer,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "stock_counts_status_ck" CHECK ("stock_counts"."status" in ('por_aprobar', 'aplicado'))
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"work_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"balance" numeric(14, 3) NOT NULL,
	"balance_value" numeric(16, 2) NOT NULL,
	"concept" text,
	"consumption_id" integer,
	"transfer_id" integer,
	"count_id" integer,
	"order_id" integer,
	"source_key" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind_ck" CHECK ("stock_movements"."kind" in ('entrada', 'consumo', 'traspaso_salida', 'traspaso_entrada', 'merma', 'ajuste')),
	CONSTRAINT "stock_movements_balance_ck" CHECK ("stock_movements"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_transfer_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transfer_id" integer NOT NULL,
	"position" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"received_quantity" numeric(14, 3),
	CONSTRAINT "stock_transfer_lines_position_uq" UNIQUE("transfer_id","position"),
	CONSTRAINT "stock_transfer_lines_quantity_ck" CHECK ("stock_transfer_lines"."quantity" > 0),
	CONSTRAINT "stock_transfer_lines_received_ck" CHECK ("stock_transfer_lines"."received_quantity" is null or ("stock_transfer_lines"."received_quantity" >= 0 and "stock_transfer_lines"."received_quantity" <= "stock_transfer_lines"."quantity"))
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_work_id" integer NOT NULL,
	"to_work_id" integer NOT NULL,
	"status" text DEFAULT 'en_transito' NOT NULL,
	"date" date NOT NULL,
	"notes" text,
	"loss_reason" text,
	"sent_by_id" integer,
	"received_by_id" integer,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "stock_transfers_works_ck" CHECK ("stock_transfers"."from_work_id" <> "stock_transfers"."to_work_id"),
	CONSTRAINT "stock_transfers_status_ck" CHECK ("stock_transfers"."status" in ('en_transito', 'recibido'))
);
--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_consumptions" ADD CONSTRAINT "stock_consumptions_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_consumptions" ADD CONSTRAINT "stock_consumptions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_counted_by_id_users_id_fk" FOREIGN KEY ("counted_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_applied_by_id_users_id_fk" FOREIGN KEY ("applied_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_consumption_id_stock_consumptions_id_fk" FOREIGN KEY ("consumption_id") REFERENCES "public"."stock_consumptions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_work_id_works_id_fk" FOREIGN KEY ("from_work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_work_id_works_id_fk" FOREIGN KEY ("to_work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_balances_work_material_uq" ON "stock_balances" USING btree ("work_id","material_id");
--> statement-breakpoint
CREATE INDEX "stock_balances_material_idx" ON "stock_balances" USING btree ("material_id","id");
--> statement-breakpoint
CREATE INDEX "stock_balances_unit_idx" ON "stock_balances" USING btree ("unit_id");
--> statement-breakpoint
CREATE INDEX "stock_balances_last_movement_idx" ON "stock_balances" USING btree ("last_movement_on","id");
--> statement-breakpoint
CREATE INDEX "stock_balances_work_value_idx" ON "stock_balances" USING btree ("work_id","value" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE INDEX "stock_balances_value_idx" ON "stock_balances" USING btree ("value" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE INDEX "stock_consumptions_work_idx" ON "stock_consumptions" USING btree ("work_id","id");
--> statement-breakpoint
CREATE INDEX "stock_count_lines_material_idx" ON "stock_count_lines" USING btree ("material_id");
--> statement-breakpoint
CREATE INDEX "stock_counts_work_idx" ON "stock_counts" USING btree ("work_id","id");
--> statement-breakpoint
CREATE INDEX "stock_movements_kardex_idx" ON "stock_movements" USING btree ("work_id","material_id","id");
--> statement-breakpoint
CREATE INDEX "stock_movements_material_idx" ON "stock_movements" USING btree ("material_id");
--> statement-breakpoint
CREATE INDEX "stock_movements_consumption_idx" ON "stock_movements" USING btree ("consumption_id");
--> statement-breakpoint
CREATE INDEX "stock_movements_transfer_idx" ON "stock_movements" USING btree ("transfer_id");
--> statement-breakpoint
CREATE INDEX "stock_movements_count_idx" ON "stock_movements" USING btree ("count_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_source_uq" ON "stock_movements" USING btree ("source_key");
--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_material_idx" ON "stock_transfer_lines" USING btree ("material_id");
--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("from_work_id","id");
--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("to_work_id","id");
--> statement-breakpoint
CREATE INDEX "stock_transfers_status_idx" ON "stock_transfers" USING btree ("status","id");
--> statement-breakpoint
CREATE TRIGGER "stock_balances_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_balances" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();
--> statement-breakpoint
CREATE TRIGGER "stock_consumptions_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_consumptions" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();
--> statement-breakpoint
CREATE TRIGGER "stock_transfers_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_transfers" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();
--> statement-breakpoint
CREATE TRIGGER "stock_transfer_lines_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_transfer_lines" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();
--> statement-breakpoint
CREATE TRIGGER "stock_counts_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_counts" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();
--> statement-breakpoint
CREATE TRIGGER "stock_count_lines_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_count_lines" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();
--> statement-breakpoint
CREATE TRIGGER "stock_movements_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_movements" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();
