import type { Executor } from '../../db/client';
import { domainEvents } from '../../db/schema';
import { redact } from '../audit';
import { insertRows } from '../bulk-insert';
import type { NewDomainEvent } from './types';

/**
 * Writes one event to the outbox with the given executor: inside the caller's transaction it commits
 * or rolls back with the change it describes. One insert; the table's statement trigger notifies the
 * dispatchers (LISTEN goc_events) when the transaction commits.
 *
 * Write it after the statement that changed the record: that statement holds the record's row lock,
 * so two transactions changing one record get their event ids in commit order — the order the
 * dispatcher delivers them in.
 */
export const outboxRow = (event: NewDomainEvent) => ({
  type: event.type,
  resource: event.resource,
  recordId: event.recordId,
  actorId: event.actorId,
  fromStatus: event.fromStatus ?? null,
  toStatus: event.toStatus ?? null,
  changes: event.changes ? redact(event.changes) : null,
  metadata: event.metadata ? redact(event.metadata) : null,
});

export async function writeEvent(executor: Executor, event: NewDomainEvent): Promise<void> {
  await executor.insert(domainEvents).values(outboxRow(event));
}

/** The events of a batched write (an import), in order: their ids follow the records' order. */
export async function writeEvents(executor: Executor, events: readonly NewDomainEvent[]): Promise<void> {
  await insertRows(executor, domainEvents, events.map(outboxRow));
}
