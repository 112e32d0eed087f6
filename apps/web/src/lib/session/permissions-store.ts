import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { can, permissionListSchema, type Action, type PermissionEntry } from '@goc/contracts';
import { STORAGE_KEYS } from './storage-keys';
import { notifyStorageChange, subscribeStorage } from './storage-signal';

function parsePermissions(raw: string | null): PermissionEntry[] {
  if (!raw) return [];
  try {
    const parsed = permissionListSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function getStoredPermissions(): PermissionEntry[] {
  return parsePermissions(localStorage.getItem(STORAGE_KEYS.permissions));
}

export function storePermissions(permissions: readonly PermissionEntry[]): void {
  localStorage.setItem(STORAGE_KEYS.permissions, JSON.stringify(permissions));
  notifyStorageChange();
}

export interface PermissionsView {
  permissions: PermissionEntry[];
  /** can(module, action) of packages/contracts over the stored permissions. */
  can: (module: string, action: Action) => boolean;
}

export function usePermissions(): PermissionsView {
  const raw = useSyncExternalStore(subscribeStorage, () => localStorage.getItem(STORAGE_KEYS.permissions));
  const permissions = useMemo(() => parsePermissions(raw), [raw]);
  const check = useCallback((module: string, action: Action) => can(permissions, module, action), [permissions]);
  return useMemo(() => ({ permissions, can: check }), [permissions, check]);
}
