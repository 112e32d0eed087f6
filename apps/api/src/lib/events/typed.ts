import type { AnyEventDefinition, EventPayload, EventPayloadInput } from '@goc/contracts';
import type { Db, Executor } from '../../db/client';
import { domainEvents } from '../../db/schema';
import type { DomainEvent, EventSubscriber } from './types';

/*
 * Typed domain events (contracts `defineEvent`) on the outbox: the publisher's payload is checked
 * against the event's schema before it is written, and a subscriber's handler gets it parsed by the
 * same schema — consumers parse, never cast.
 */

/**
 * Writes a typed event with the given executor: inside the caller's transaction it commits or rolls
 * back with the change it describes. Write it after the statement that changed (and so locked) the
 * record, as every event. A payload its schema refuses is a programming error: the write fails.
 * Resolves to the event's id.
 */
export async function publishEvent<E extends AnyEventDefinition>(
  executor: Executor,
  event: E,
  payload: EventPayloadInput<E>,
  actorId: number | null,
): Promise<number> {
  const parsed = event.payload.parse(payload) as EventPayload<E>;
  // The payload is declared field by field: written as parsed (no audit redaction renaming keys under it).
  const [row] = await executor
    .insert(domainEvents)
    .values({ type: event.name, resource: event.resource, recordId: event.recordId(parsed), actorId, metadata: parsed as Record<string, unknown> })
    .returning({ id: domainEvents.id });
  return row!.id;
}

/** What a typed handler gets beside the payload: the event's place in the outbox. */
export interface EventEnvelope {
  /** The outbox id: unique per event, the same on every redelivery. */
  id: number;
  occurredAt: Date;
  actorId: number | null;
  resource: string;
  recordId: number;
}

/** A subscriber of one typed event. Delivery is at least once: handlers are idempotent (key on the envelope's id or the payload's own identity). */
export interface EventHandler<E extends AnyEventDefinition> {
  /** Stable and unique among subscribers: delivery progress is kept per name. */
  name: string;
  handle(payload: EventPayload<E>, context: { event: EventEnvelope; db: Db }): Promise<void>;
}

/**
 * The outbox subscriber behind a typed handler: other events pass by; this one's payload is parsed
 * by its schema (a payload it refuses fails the attempt, and after the queue's attempts the job is
 * dead with the parse error — visible, never half-read).
 */
export function typedSubscriber<E extends AnyEventDefinition>(event: E, handler: EventHandler<E>): EventSubscriber {
  return {
    name: handler.name,
    async handle(domainEvent: DomainEvent, { db }) {
      if (domainEvent.type !== event.name) return;
      const payload = event.payload.parse(domainEvent.metadata) as EventPayload<E>;
      const { id, occurredAt, actorId, resource, recordId } = domainEvent;
      await handler.handle(payload, { event: { id, occurredAt, actorId, resource, recordId }, db });
    },
  };
}
