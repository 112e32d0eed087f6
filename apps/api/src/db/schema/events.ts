import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditChanges } from './audit';

/**
 * The transactional outbox: one row per domain event, written in the transaction of the change it
 * describes (lib/events/outbox.ts). `dispatched_at` is set once the fan-out has queued a job for every
 * subscriber; rows are purged after the retention period once delivered. Bookkeeping: no
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

/** Every subscriber a process has registered, and when one last did (the fan-out queues a job for each). */
export const eventSubscribers = pgTable('event_subscribers', {
  name: text('name').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
