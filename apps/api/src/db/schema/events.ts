import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditChanges } from './audit';

/**
 * The transactional outbox: one row per domain event, written in the transaction of the change it
 * describes (lib/events/outbox.ts). `dispatched_at` is set once the dispatcher has queued a delivery
 * for every subscriber; rows are purged after the retention period once delivered. Bookkeeping: no
 * table-version trigger (it would invalidate every cached list total on each delivery).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    actorId: integer('actor_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    changes: jsonb('changes').$type<AuditChanges>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('domain_events_undispatched_idx').on(t.id).where(sql`${t.dispatchedAt} is null`)],
);

/**
 * Deliveries still owed: one row per (subscriber, event) until the subscriber has handled the event.
 * `available_at` is both the lease of a claimed delivery and the back-off of a failed one; the
 * resource and record are copied from the event so "the earliest pending event of this record" is
 * one index probe.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    subscriber: text('subscriber').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ name: 'event_deliveries_pk', columns: [t.subscriber, t.eventId] }),
    index('event_deliveries_record_idx').on(t.subscriber, t.resource, t.recordId, t.eventId),
    index('event_deliveries_event_idx').on(t.eventId),
  ],
);
