import type { ModuleName, PermissionRequirement, ResourceKey } from '@goc/contracts';
import type { AnyApiModule } from './modules';

/**
 * Resources (keys) whose GET /options a module's people read — its forms pick from them, its pages
 * filter by them — and the flags that let them, besides any flag on the resource's own modules.
 */
export interface OptionReaders {
  resources: readonly ResourceKey[];
  grants: readonly PermissionRequirement[];
}

/** Its create and edit forms pick from these resources. */
export const picksFrom = (module: ModuleName, ...resources: ResourceKey[]): OptionReaders => ({
  resources,
  grants: [
    { module, action: 'create' },
    { module, action: 'edit' },
  ],
});

/** Its pages filter by these resources: anyone who may open them reads their options. */
export const filtersBy = (module: ModuleName, ...resources: ResourceKey[]): OptionReaders => ({ resources, grants: [{ module, action: 'view' }] });

/** Who the app's manifests let read a resource's options (their `options`). */
export function optionReadersOf(modules: readonly AnyApiModule[], resource: string): PermissionRequirement[] {
  return modules.flatMap((m) => (m.options ?? []).filter((readers) => readers.resources.some((key) => key === resource)).flatMap((readers) => readers.grants));
}
