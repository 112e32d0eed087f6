-- Notification e-mails move onto lib/jobs (queue notifications.mail): each mail still owed by the
-- old loop (not sent, attempts left) gets its job, its attempts and due time carried over.
INSERT INTO "jobs" ("queue", "payload", "attempts", "run_at", "last_error")
SELECT 'notifications.mail', jsonb_build_object('mailId', m."id"), m."attempts", m."next_attempt_at", m."last_error"
FROM "mail_queue" m
WHERE m."sent_at" IS NULL AND m."attempts" < 12
ORDER BY m."id";
