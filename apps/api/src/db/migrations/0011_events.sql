CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"actor_id" integer,
	"from_status" text,
	"to_status" text,
	"changes" jsonb,
	"metadata" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "domain_events_undispatched_idx" ON "domain_events" ("id") WHERE "dispatched_at" IS NULL;--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"subscriber" text NOT NULL,
	"event_id" bigint NOT NULL REFERENCES "domain_events"("id") ON DELETE CASCADE,
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	CONSTRAINT "event_deliveries_pk" PRIMARY KEY ("subscriber", "event_id")
);
--> statement-breakpoint
CREATE INDEX "event_deliveries_record_idx" ON "event_deliveries" ("subscriber", "resource", "record_id", "event_id");--> statement-breakpoint
CREATE INDEX "event_deliveries_event_idx" ON "event_deliveries" ("event_id");--> statement-breakpoint
-- Wakes the dispatchers of every API process (LISTEN goc_events) once the writing transaction commits;
-- a statement trigger, so the write stays one insert and a transaction notifies once per statement.
CREATE FUNCTION "goc_notify_domain_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('goc_events', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "domain_events_notify" AFTER INSERT ON "domain_events" FOR EACH STATEMENT EXECUTE FUNCTION goc_notify_domain_event();
