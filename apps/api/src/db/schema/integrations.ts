import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access';
import { auditColumns, idColumn, lower } from './columns';

/*
 * Integrations (migration 0021, docs/integrations.md): API keys and webhooks.
 */

/**
 * A key other systems sign in with. Only the SHA-256 of the key is kept (it is 32 random bytes: a
 * slow hash adds nothing). Each key acts through its own service user (`user_id`), whose role is the
 * key's role: that user is who the audit, timelines and "mine" views see, shown as «Clave API: name».
 * Revoking sets `revoked_at` and deactivates that user. No table-version trigger: `last_used_at`
 * moves with use and nothing lists keys through the list cache.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'restrict' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    uniqueIndex('api_keys_user_uq').on(t.userId),
    uniqueIndex('api_keys_live_name_uq').on(lower(t.name)).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Where committed domain events are POSTed. The secret signs each delivery (HMAC-SHA256), so it is
 * kept as given. `failing_since`: the first failure since the last success; three days of it
 * deactivate the webhook.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: idColumn(),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    description: text('description'),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [index('webhooks_created_by_idx').on(t.createdById)],
);

/**
 * One row per event and webhook (`event_id` null for a test), with its attempts. `next_attempt_at`
 * is both the back-off of a failed attempt and the lease of one under way. Bookkeeping: no
 * table-version trigger.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    // The outbox purges delivered events: no foreign key.
    eventId: bigint('event_id', { mode: 'number' }),
    deliveryKey: text('delivery_key').notNull(),
    event: text('event').notNull(),
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.webhookId, t.eventId),
    index('webhook_deliveries_record_idx').on(t.webhookId, t.resource, t.recordId, t.id).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    check('webhook_deliveries_status_ck', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
