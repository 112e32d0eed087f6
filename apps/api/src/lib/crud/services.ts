import type { ResourceService } from './service';

/**
 * The declaration of each resource by its key, for modules that read a resource's service from the
 * app: a module adds its own by declaration merging in its manifest
 * (`declare module '../../lib/crud/services' { interface ResourceDeclarations { orders: typeof ordersResource } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ResourceDeclarations {}

/**
 * `app.resources`: every resource's service by its key. A declared key answers the service typed by
 * its declaration (entities as its contracts schema says, no `Record<string, unknown>`); any other
 * string — an event's resource in a shared module — the untyped service.
 */
export interface ResourceServices extends Map<string, ResourceService> {
  get<K extends keyof ResourceDeclarations>(key: K): ResourceService<ResourceDeclarations[K]> | undefined;
  get(key: string): ResourceService | undefined;
}

/** The read side of the registry, as rules and subscribers receive it. */
export type ReadonlyResourceServices = Pick<ResourceServices, 'get' | 'has' | 'values' | 'keys' | 'forEach' | 'size' | 'entries'>;
