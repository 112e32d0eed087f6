-- One table for every background queue (lib/jobs). A row is an item owed: pending (due at run_at,
-- leased while locked_until is ahead) or dead (its attempts spent; kept with its last error until an
-- administrator retries or discards it). A done item is deleted.
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dead_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("state" IN ('pending', 'dead'))
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" ("queue", "run_at") WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_key_idx" ON "jobs" ("queue", "key", "id") WHERE "state" = 'pending' AND "key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_dead_idx" ON "jobs" ("queue", "id") WHERE "state" = 'dead';--> statement-breakpoint
-- Wakes the job runners of every API process (LISTEN goc_jobs) at the commit; payload: the queue.
CREATE FUNCTION "goc_notify_jobs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('goc_jobs', q.queue) FROM (SELECT DISTINCT queue FROM new_jobs) q;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION goc_notify_jobs();--> statement-breakpoint
-- The outbox wakes the same runners: one channel, one LISTEN connection per process.
CREATE OR REPLACE FUNCTION "goc_notify_domain_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('goc_jobs', 'events');
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every subscriber any process has registered, with when one last did: the fan-out queues a job for
-- each, so an event reaches a subscriber that only newer processes have.
CREATE TABLE "event_subscribers" (
	"name" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "event_subscribers" ("name") SELECT DISTINCT "subscriber" FROM "event_deliveries";--> statement-breakpoint
INSERT INTO "jobs" ("queue", "key", "payload", "attempts", "run_at", "last_error")
SELECT 'events:' || d."subscriber", d."resource" || ':' || d."record_id",
  to_jsonb(e) - 'dispatched_at', d."attempts", d."available_at", d."last_error"
FROM "event_deliveries" d JOIN "domain_events" e ON e."id" = d."event_id"
ORDER BY d."event_id";--> statement-breakpoint
DROP TABLE "event_deliveries";
