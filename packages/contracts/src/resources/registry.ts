import { CATALOGS } from '../catalogs/registry';
import { ordersResource } from '../orders/orders';
import { projectsResource } from '../projects/projects';
import { registryCutsResource } from '../registry/cuts';
import { registryMovementsResource } from '../registry/movements';
import type { AnyResource } from './define';
import type { BusinessResourceKey, ResourceKey } from './keys';

/** The business resources a reference may point to, by key (BUSINESS_RESOURCE_KEYS). */
export const BUSINESS_RESOURCES: Partial<Record<BusinessResourceKey, AnyResource>> = {
  orders: ordersResource,
  projects: projectsResource,
  registryMovements: registryMovementsResource,
  registryCuts: registryCutsResource,
};

/** The declaration a reference points at, catalogue or business resource. */
export function getResource(key: ResourceKey): AnyResource {
  const resource = key in CATALOGS ? CATALOGS[key as keyof typeof CATALOGS] : BUSINESS_RESOURCES[key as BusinessResourceKey];
  if (!resource) throw new Error(`resource ${key} is not declared`);
  return resource;
}
