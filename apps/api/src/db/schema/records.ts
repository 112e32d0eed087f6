import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access';

/**
 * Status changes of workflow records (orders…), oldest first: who moved which record from which
 * status to which, when and why. The statuses are rows of the resource's status catalogue, read by
 * id so a renamed status shows its new name in every timeline.
 */
export const recordTimeline = pgTable(
  'record_timeline',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    fromStatusId: integer('from_status_id'),
    toStatusId: integer('to_status_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    comment: text('comment'),
  },
  (t) => [index('record_timeline_entity_idx').on(t.entity, t.entityId, t.id)],
);

/**
 * Named counters behind gapless sequences (folios PED-000123). Taken with an upsert inside the
 * writing transaction: the row lock orders concurrent writers, and a rolled-back write gives its
 * number back, so numbers are never skipped nor reused.
 */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});
