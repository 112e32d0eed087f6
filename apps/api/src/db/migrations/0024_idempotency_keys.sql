-- Idempotency-Key on the API's writes (docs/api.md): a key's claim, then the answer given again.
CREATE TABLE "idempotency_keys" (
	"scope" text PRIMARY KEY NOT NULL,
	"caller" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text,
	"state" text NOT NULL,
	"owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"status" integer,
	"headers" jsonb,
	"body" bytea,
	"replayable" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_state_ck" CHECK ("idempotency_keys"."state" in ('en_curso', 'hecha'))
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
