import type { z } from 'zod';

/**
 * A domain event a module publishes, declared once with the zod schema of its payload: the API
 * writes it to the outbox checked against the schema, subscribers receive the payload parsed by it,
 * and the SPA or another system reads the same type. `resource` and `recordId` place it among the
 * events of one record (delivered in commit order per record).
 */
export interface EventDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  /** `<module>.<what happened>` (e.g. `orders.delivered`): the outbox's `type` and the webhook's event name. */
  readonly name: N;
  /** What happened, in Spanish, as the webhooks' event list shows it after the resource («entrega registrada»). */
  readonly label: string;
  /** The resource key of the record the event is about. */
  readonly resource: string;
  readonly payload: S;
  /** The record the event is about, from its payload. */
  readonly recordId: (payload: z.output<S>) => number;
}

/** Any declared event (lists of a module's events). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEventDefinition = EventDefinition<string, any>;

/** The payload of an event as subscribers receive it (parsed). */
export type EventPayload<E extends AnyEventDefinition> = z.output<E['payload']>;

/** The payload of an event as its publisher gives it (before parsing). */
export type EventPayloadInput<E extends AnyEventDefinition> = z.input<E['payload']>;

/** Declares a typed domain event. */
export function defineEvent<const N extends `${string}.${string}`, S extends z.ZodType>(definition: EventDefinition<N, S>): EventDefinition<N, S> {
  return definition;
}
