import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditLog, domainEvents } from '../db/schema';
import { auditRow, type AuditEntry } from './audit';
import { outboxRow } from './events/outbox';
import type { NewDomainEvent } from './events/types';

/**
 * A change's audit row and its domain event, written as one statement (the audit insert a
 * data-modifying CTE of the event's): every write of the mechanism records both, and each
 * statement is a round trip inside the writer's transaction. Like writeEvent, call it after the
 * statement that changed the record; the outbox's statement trigger fires all the same.
 */
export async function recordChange(executor: Executor, audit: AuditEntry, event: NewDomainEvent): Promise<void> {
  // getSQL(): a builder placed in sql`` as itself comes wrapped in parentheses, which WITH refuses.
  const auditInsert = executor.insert(auditLog).values(auditRow(audit)).getSQL();
  const eventInsert = executor.insert(domainEvents).values(outboxRow(event)).getSQL();
  await executor.execute(sql`with audited as (${auditInsert}) ${eventInsert}`);
}
