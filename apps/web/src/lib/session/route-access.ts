import { can, type PermissionEntry, type RouteDef } from '@goc/contracts';

/** A route is open when it names no permission, or when can() grants it (SPEC §6). */
export function canOpenRoute(route: RouteDef, permissions: readonly PermissionEntry[]): boolean {
  return !route.permission || can(permissions, route.permission.module, route.permission.action);
}
