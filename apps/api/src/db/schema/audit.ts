import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './access';

/** Changed fields of a write: { field: { old, new } }. */
export type AuditChanges = Record<string, { old: unknown; new: unknown }>;

/** Every write and every auth event (docs/product.md: every write is audited). Never holds secrets. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Users with history are deactivated, not deleted, so their trail stays attributable.
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    changes: jsonb('changes').$type<AuditChanges>(),
    ip: text('ip'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    ...auditColumns(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_user_idx').on(t.userId),
    index('audit_log_at_idx').on(t.at),
  ],
);
