-- Supplier invoices (CFDI 4.0) of orders and the order's invoice status (docs/orders.md).
ALTER TABLE "orders" ADD COLUMN "invoice_status" text DEFAULT 'sin_factura' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_status_ck" CHECK ("invoice_status" in ('sin_factura', 'parcial', 'facturado', 'diferencia'));--> statement-breakpoint
CREATE INDEX "orders_invoice_status_idx" ON "orders" USING btree ("invoice_status","id");--> statement-breakpoint
CREATE TABLE "order_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"series" text,
	"folio" text,
	"issued_at" text NOT NULL,
	"issuer_rfc" text NOT NULL,
	"issuer_name" text,
	"receiver_rfc" text NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"taxes" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" numeric(14, 6),
	"amount_mxn" numeric(14, 2) NOT NULL,
	"xml" text NOT NULL,
	"pdf" bytea,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_invoices_uuid_uq" ON "order_invoices" USING btree (upper("uuid"));--> statement-breakpoint
CREATE INDEX "order_invoices_order_idx" ON "order_invoices" USING btree ("order_id","id");--> statement-breakpoint
CREATE TRIGGER "order_invoices_bump_table_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_invoices" FOR EACH STATEMENT EXECUTE FUNCTION goc_bump_table_version();
