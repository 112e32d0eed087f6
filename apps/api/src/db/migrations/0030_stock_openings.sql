CREATE TABLE "stock_openings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_openings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"work_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	"date" date NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "stock_openings_quantity_ck" CHECK ("stock_openings"."quantity" > 0),
	CONSTRAINT "stock_openings_unit_cost_ck" CHECK ("stock_openings"."unit_cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_openings" ADD CONSTRAINT "stock_openings_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_openings" ADD CONSTRAINT "stock_openings_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_openings" ADD CONSTRAINT "stock_openings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_openings_work_material_uq" ON "stock_openings" USING btree ("work_id","material_id");--> statement-breakpoint
CREATE INDEX "stock_openings_material_idx" ON "stock_openings" USING btree ("material_id");--> statement-breakpoint
CREATE TRIGGER "stock_openings_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_openings" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_ck";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_ck" CHECK ("stock_movements"."kind" in ('entrada', 'consumo', 'traspaso_salida', 'traspaso_entrada', 'merma', 'ajuste', 'inventario_inicial'));--> statement-breakpoint
CREATE TRIGGER "stock_consumptions_delete_attachments" AFTER DELETE ON "stock_consumptions" FOR EACH ROW EXECUTE FUNCTION goc_delete_record_attachments('stock-consumptions');
