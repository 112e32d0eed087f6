import { or, type SQL } from 'drizzle-orm';
import type { AnyResource, PermissionRequirement } from '@goc/contracts';
import type { Actor, ResourceBinding } from './types';

/** Any flag on a module of the resource's views (or on its module when it has none) opens its reads. */
export function readPermission(resource: AnyResource, binding: ResourceBinding): PermissionRequirement[] {
  const modules = resource.views ? Object.values(resource.views).map((v) => v.module) : [resource.module];
  return [...[...new Set(modules)].map((module): PermissionRequirement => ({ module, action: 'view' })), ...(binding.readers ?? [])];
}

/** The rows of the named views for an actor, or undefined when one of them shows every row. */
export function viewsCondition(views: ResourceBinding['views'], names: readonly string[], actor: Actor): SQL | undefined {
  const conditions = names.map((name) => views?.[name]?.(actor));
  if (conditions.some((c) => c === undefined)) return undefined;
  return or(...(conditions as SQL[]));
}
