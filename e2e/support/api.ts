import { expect, type APIRequestContext } from '@playwright/test';
import { nssCheckDigit, type LoginResponse, type ModuleName } from '@goc/contracts';
import { API, USER_PASSWORD } from './constants';

/** A call to the API as a signed-in user; fails the test on any non-2xx answer. */
export async function apiCall<T>(request: APIRequestContext, session: LoginResponse, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${session.token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export interface Role {
  id: number;
  version: number;
  name: string;
}

export type Grant = { module: ModuleName; view?: boolean; create?: boolean; edit?: boolean; delete?: boolean };

/** A name no earlier run of the suite used (the data folder may be reused with E2E_DATA_DIR). */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An NSS no other employee has, with its check digit: a new employee's alta needs one (IDSE). */
export function uniqueNss(): string {
  const first10 = `9${String(Date.now() % 1e9).padStart(9, '0')}`;
  return first10 + String(nssCheckDigit(first10));
}

/** POST /roles: a role with exactly these grants (every other module: no permission), requiring two-factor when asked. */
export function createRole(request: APIRequestContext, admin: LoginResponse, name: string, grants: readonly Grant[], options: { requiresMfa?: boolean } = {}): Promise<Role> {
  return apiCall<Role>(request, admin, 'POST', '/roles', { name, description: 'Creado por las pruebas e2e', permissions: grants, ...options });
}

/** PATCH /roles/:id replacing the permission matrix. */
export function setRoleGrants(request: APIRequestContext, admin: LoginResponse, role: Role, grants: readonly Grant[]): Promise<Role> {
  return apiCall<Role>(request, admin, 'PATCH', `/roles/${role.id}`, { version: role.version, permissions: grants });
}

/** POST /users: an active user of the role, with USER_PASSWORD; returns its username. */
export async function createUser(request: APIRequestContext, admin: LoginResponse, role: Role): Promise<string> {
  const username = uniqueName('e2e').replace(' ', '.');
  await apiCall(request, admin, 'POST', '/users', { username, password: USER_PASSWORD, roleId: role.id, active: true });
  return username;
}
