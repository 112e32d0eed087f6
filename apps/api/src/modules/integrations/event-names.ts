import type { WebhookEvent } from '@goc/contracts';
import type { ResourceService } from '../../lib/crud/service';
import type { AnyApiModule } from '../../lib/modules';
import type { DomainEvent } from '../../lib/events/types';

/*
 * Webhook event names are `<resource>.<action>`: the resource as the API's path names it (orders,
 * movements, cuts, employees, material-categories…) and the action of the outbox row (record.created
 * → created; attachment.added → attachment_added; a module's own `orders.invoice_added` keeps its
 * action). Beyond created/updated/deleted (and transitioned with a workflow), the modules' manifests
 * declare what they add: their typed events and their status routes.
 */

const ACTIONS = [
  { action: 'created', label: 'creado' },
  { action: 'updated', label: 'modificado' },
  { action: 'deleted', label: 'eliminado' },
] as const;

/** The last segment of the resource's API path: '/registry/movements' → 'movements'. */
export const publicResourceName = (service: ResourceService) => service.resource.resource.split('/').filter(Boolean).pop() ?? service.resource.key;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Every event a webhook may subscribe to, by resource, in the resources' order. */
export function webhookEventCatalog(resources: ReadonlyMap<string, ResourceService>, modules: readonly AnyApiModule[]): WebhookEvent[] {
  const statusRoutes = new Set(modules.flatMap((m) => m.statusRoutes ?? []));
  const typed = modules.flatMap((m) => m.events ?? []);
  const out: WebhookEvent[] = [];
  for (const service of resources.values()) {
    const name = publicResourceName(service);
    const noun = capitalize(service.resource.nouns.plural);
    for (const { action, label } of ACTIONS) out.push({ name: `${name}.${action}`, label: `${noun}: ${label}` });
    if (service.resource.workflow || statusRoutes.has(service.resource.key)) out.push({ name: `${name}.transitioned`, label: `${noun}: cambio de estatus` });
    for (const event of typed.filter((e) => e.resource === service.resource.key)) {
      out.push({ name: `${name}.${event.name.split('.', 2)[1]!}`, label: `${noun}: ${event.label}` });
    }
  }
  return out;
}

/** The webhook name of an outbox event, or null when its resource has no public name. */
export function webhookEventName(event: DomainEvent, resources: ReadonlyMap<string, ResourceService>): { resource: string; name: string } | null {
  const service = resources.get(event.resource);
  if (!service) return null;
  const resource = publicResourceName(service);
  const [area, action] = event.type.split('.', 2) as [string, string];
  const verb = area === 'record' ? action : area === 'attachment' ? `attachment_${action}` : action;
  return { resource, name: `${resource}.${verb}` };
}
