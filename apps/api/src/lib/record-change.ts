import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditRow, redact, type AuditEntry } from './audit';
import type { NewDomainEvent } from './events/types';

/** What the event says beyond the audit entry it repeats (its record, actor and changes). */
export type ChangeEvent = Pick<NewDomainEvent, 'type' | 'fromStatus' | 'toStatus' | 'metadata'>;

const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** A status change's entry in the record's timeline: status catalogue ids and the comment. */
export interface TimelineStep {
  fromStatusId: number | null;
  toStatusId: number;
  comment: string | null;
}

/**
 * A change's audit row, its domain event and, for a status change, its timeline entry, written as one
 * statement (data-modifying CTEs of the event's insert): every write of the mechanism records them,
 * and each statement is a round trip inside the writer's transaction. The event and the timeline take
 * their record and actor from the audit row, so the changes (an order's are all its lines) travel
 * once. Like writeEvent, call it after the statement that changed the record; the outbox's statement
 * trigger fires all the same.
 */
export async function recordChange(executor: Executor, audit: AuditEntry & { entityId: number }, event: ChangeEvent, timeline?: TimelineStep): Promise<void> {
  const row = auditRow(audit);
  const timelined = timeline
    ? sql`, timelined as (insert into "record_timeline" ("entity", "entity_id", "user_id", "from_status_id", "to_status_id", "comment")
    select "entity", "entity_id", "user_id", ${timeline.fromStatusId}::int, ${timeline.toStatusId}::int, ${timeline.comment}::text from audited)`
    : sql``;
  await executor.execute(sql`with audited as (insert into "audit_log" ("user_id", "action", "entity", "entity_id", "changes", "ip", "metadata")
    values (${row.userId}, ${row.action}, ${row.entity}, ${row.entityId}, ${jsonText(row.changes)}::jsonb, ${row.ip}, ${jsonText(row.metadata)}::jsonb)
    returning "user_id", "entity", "entity_id", "changes")${timelined} insert into "domain_events" ("type", "resource", "record_id", "actor_id", "from_status", "to_status", "changes", "metadata")
    select ${event.type}, "entity", "entity_id", "user_id", ${event.fromStatus ?? null}, ${event.toStatus ?? null}, "changes", ${jsonText(event.metadata ? redact(event.metadata) : null)}::jsonb
    from audited`);
}
