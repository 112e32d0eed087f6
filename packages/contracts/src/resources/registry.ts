import { CATALOGS } from '../catalogs/registry';
import { ordersResource } from '../orders/orders';
import { projectsResource } from '../projects/projects';
import { registryCutsResource } from '../registry/cuts';
import { registryMovementsResource } from '../registry/movements';
import { stockBalancesResource } from '../stock/stock';
import type { AnyResource } from './define';
import type { BusinessResourceKey, ResourceKey } from './keys';

/** The business resources declared so far, by key (each module adds its declaration here). */
export const BUSINESS_RESOURCES: Partial<Record<BusinessResourceKey, AnyResource>> = {
  orders: ordersResource,
  projects: projectsResource,
  registryMovements: registryMovementsResource,
  registryCuts: registryCutsResource,
  stockBalances: stockBalancesResource,
};

/** The declaration a reference points at, catalogue or business resource. */
export function getResource(key: ResourceKey): AnyResource {
  const resource = key in CATALOGS ? CATALOGS[key as keyof typeof CATALOGS] : BUSINESS_RESOURCES[key as BusinessResourceKey];
  if (!resource) throw new Error(`resource ${key} is not declared`);
  return resource;
}
