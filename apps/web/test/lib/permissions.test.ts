import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { can, ROUTES } from '@goc/contracts';
import { getStoredPermissions, storePermissions, usePermissions } from '../../src/lib/session/permissions-store';
import { canOpenRoute } from '../../src/lib/session/route-access';
import { permissionsFor } from '../fixtures';

describe('can(module, action) (SPEC §6)', () => {
  it('view is granted by any of the four flags', () => {
    for (const flag of ['view', 'create', 'edit', 'delete'] as const) {
      expect(can(permissionsFor(['works'], { [flag]: true }), 'works', 'view')).toBe(true);
    }
    expect(can(permissionsFor(['works'], {}), 'works', 'view')).toBe(false);
  });

  it('create, edit and delete use their own flag only', () => {
    const perms = permissionsFor(['works'], { view: true, edit: true });
    expect(can(perms, 'works', 'create')).toBe(false);
    expect(can(perms, 'works', 'edit')).toBe(true);
    expect(can(perms, 'works', 'delete')).toBe(false);
  });

  it('an unknown module, or no permissions at all, means no permission', () => {
    expect(can(permissionsFor(['works']), 'payroll', 'view')).toBe(false);
    expect(can([], 'works', 'view')).toBe(false);
    expect(can(null, 'works', 'view')).toBe(false);
  });
});

describe('permissions store', () => {
  it('routes without a permission are always open; others follow can()', () => {
    expect(canOpenRoute(ROUTES.home, [])).toBe(true);
    expect(canOpenRoute(ROUTES.users, permissionsFor(['config_permissions'], { view: true }))).toBe(true);
    expect(canOpenRoute(ROUTES.users, permissionsFor(['config_users'], { view: true }))).toBe(false);
    expect(canOpenRoute(ROUTES.registryOfficeCreate, permissionsFor(['registry_office'], { view: true }))).toBe(false);
    expect(canOpenRoute(ROUTES.registryOfficeCreate, permissionsFor(['registry_office'], { create: true }))).toBe(true);
  });

  it('usePermissions().can reads the stored permissions and follows their updates', () => {
    const { result } = renderHook(() => usePermissions());
    expect(result.current.can('works', 'view')).toBe(false);
    act(() => storePermissions(permissionsFor(['works'], { edit: true })));
    expect(result.current.can('works', 'view')).toBe(true);
    expect(result.current.can('works', 'delete')).toBe(false);
    expect(getStoredPermissions()).toHaveLength(1);
  });

  it('stored permissions that are not a permission list read as none', () => {
    localStorage.setItem('permissions', '[{"module":"works"}]');
    expect(getStoredPermissions()).toEqual([]);
  });
});
