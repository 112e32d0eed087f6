import type { AnyEventDefinition, EventPayloadInput } from '@goc/contracts';
import type { Db, Executor } from '../../db/client';
import type { AuditChanges } from '../../db/schema';
import type { EventHandler } from './typed';

/**
 * What the mechanism writes to the outbox, in the same transaction as the change it describes:
 * an event exists if and only if its change committed.
 */
export type DomainEventType = 'record.created' | 'record.updated' | 'record.deleted' | 'record.transitioned' | 'attachment.added' | 'attachment.removed';

/** An event as it is written (the outbox assigns the id and the time). */
export interface NewDomainEvent {
  type: DomainEventType | `${string}.${string}`;
  /** The resource key ('orders', 'registryMovements', 'registryCuts', 'employees', 'users', 'roles', …). */
  resource: string;
  recordId: number;
  /** Who did it; null for the system (scheduled jobs, seeds). */
  actorId: number | null;
  /** Status codes (e.g. 'enviado' → 'autorizado') for transitions; null otherwise. */
  fromStatus?: string | null;
  toStatus?: string | null;
  /** `{ field: { old, new } }` as the audit trail keeps it. */
  changes?: AuditChanges | null;
  /** Anything else a subscriber needs (a transition's comment, a file name). */
  metadata?: Record<string, unknown> | null;
}

/** An event as subscribers receive it. Ids grow with commit order per record. */
export interface DomainEvent extends Required<NewDomainEvent> {
  id: number;
  occurredAt: Date;
}

/**
 * A party that reacts to events after they commit. Delivery is at least once, in order per record;
 * a handler that throws gets the event again later, so handlers are idempotent (key on `event.id`).
 */
export interface EventSubscriber {
  /** Stable and unique: delivery progress is kept per subscriber name. */
  name: string;
  handle(event: DomainEvent, context: { db: Db }): Promise<void>;
}

/** The app's event bus (`app.events`). */
export interface DomainEvents {
  /** Registers a subscriber; call while plugins register, before `ready()`. */
  subscribe(subscriber: EventSubscriber): void;
  /** Registers a handler of one typed event (lib/events/typed.ts): it receives the payload parsed by the event's schema. */
  on<E extends AnyEventDefinition>(event: E, handler: EventHandler<E>): void;
  /** Writes a typed event, its payload checked by its schema, with the given executor (inside the change's transaction); resolves to its id. */
  publish<E extends AnyEventDefinition>(executor: Executor, event: E, payload: EventPayloadInput<E>, actorId: number | null): Promise<number>;
  /** Writes an event with the given executor; inside a transaction it commits or rolls back with it. */
  write(executor: Executor, event: NewDomainEvent): Promise<void>;
  /** Delivers every committed, undelivered event now and resolves when done (tests use it). */
  drain(): Promise<void>;
}
