import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditRow, redact, type AuditEntry } from './audit';
import type { NewDomainEvent } from './events/types';

/** What the event says beyond the audit entry it repeats (its record, actor and changes). */
export type ChangeEvent = Pick<NewDomainEvent, 'type' | 'fromStatus' | 'toStatus' | 'metadata'>;

const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * A change's audit row and its domain event, written as one statement (the audit insert a
 * data-modifying CTE of the event's): every write of the mechanism records both, and each
 * statement is a round trip inside the writer's transaction. The event takes its resource, record,
 * actor and changes from the audit row, so the changes (an order's are all its lines) travel once.
 * Like writeEvent, call it after the statement that changed the record; the outbox's statement
 * trigger fires all the same.
 */
export async function recordChange(executor: Executor, audit: AuditEntry & { entityId: number }, event: ChangeEvent): Promise<void> {
  const row = auditRow(audit);
  await executor.execute(sql`with audited as (insert into "audit_log" ("user_id", "action", "entity", "entity_id", "changes", "ip", "metadata")
    values (${row.userId}, ${row.action}, ${row.entity}, ${row.entityId}, ${jsonText(row.changes)}::jsonb, ${row.ip}, ${jsonText(row.metadata)}::jsonb)
    returning "user_id", "entity", "entity_id", "changes") insert into "domain_events" ("type", "resource", "record_id", "actor_id", "from_status", "to_status", "changes", "metadata")
    select ${event.type}, "entity", "entity_id", "user_id", ${event.fromStatus ?? null}, ${event.toStatus ?? null}, "changes", ${jsonText(event.metadata ? redact(event.metadata) : null)}::jsonb
    from audited`);
}
