import { MODULES, type PermissionEntry, type SessionUser } from '@goc/contracts';

export const ADMIN_USER: SessionUser = {
  id: 1,
  username: 'admin',
  employee: { firstName: 'María', lastName: 'González', photoUrl: null },
  role: { id: 1, name: 'Administrador' },
};

/** Every module with the given flags (default: everything allowed). */
export function permissionsFor(modules: readonly string[] = MODULES.map((m) => m.name), flags: Partial<Omit<PermissionEntry, 'module'>> = { view: true, create: true, edit: true, delete: true }): PermissionEntry[] {
  return modules.map((name) => ({ module: { name }, view: false, create: false, edit: false, delete: false, ...flags }));
}

/** A stored session as the login leaves it. */
export function seedSession({ keepSession = false, user = ADMIN_USER, permissions }: { keepSession?: boolean; user?: SessionUser; permissions?: PermissionEntry[] } = {}): void {
  localStorage.setItem('token', 'old-token');
  localStorage.setItem('refresh_token', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(user));
  if (keepSession) localStorage.setItem('keep_session', 'true');
  if (permissions) localStorage.setItem('permissions', JSON.stringify(permissions));
}
