-- Webhook deliveries move onto lib/jobs (queue integrations.webhook-deliveries): each delivery still
-- pending gets its item, keyed by webhook and record (their order), its attempts and due time carried
-- over. The old loop's due index goes with it.
INSERT INTO "jobs" ("queue", "key", "payload", "attempts", "run_at", "last_error")
SELECT 'integrations.webhook-deliveries', d."webhook_id" || ':' || d."resource" || ':' || d."record_id",
  jsonb_build_object('deliveryId', d."id"), d."attempts", coalesce(d."next_attempt_at", now()), d."last_error"
FROM "webhook_deliveries" d
WHERE d."status" = 'pending'
ORDER BY d."id";
--> statement-breakpoint
DROP INDEX IF EXISTS "webhook_deliveries_due_idx";
