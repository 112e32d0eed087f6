import { sql } from 'drizzle-orm';
import { ACTIONS, MODULES, STATUS_SEEDS, type Action, type ModuleName, type StatusSeed } from '@goc/contracts';
import type { Executor } from '../client';
import { errorStatuses, orderStatuses, permissionModules, registrationStatuses, rolePermissions, roles, stampStatuses, users, wageParameters } from '../schema';

export const ADMIN_ROLE_NAME = 'Administrador';
export const ADMIN_USERNAME = 'admin';

/** The 24 modules of contracts, kept in sync on every start (labels and order may change). */
export async function seedModules(tx: Executor): Promise<Map<ModuleName, number>> {
  await tx
    .insert(permissionModules)
    .values(MODULES.map((m, index) => ({ name: m.name, label: m.label, sortOrder: index + 1 })))
    .onConflictDoUpdate({
      target: permissionModules.name,
      set: { label: sql`excluded.label`, sortOrder: sql`excluded.sort_order` },
    });
  const rows = await tx.select({ id: permissionModules.id, name: permissionModules.name }).from(permissionModules);
  return new Map(rows.map((r) => [r.name as ModuleName, r.id]));
}

export type Grants = Partial<Record<ModuleName, readonly Action[]>>;

/**
 * Creates the role if missing and gives it the listed flags on modules it has no row for yet; rows an
 * administrator already edited are left alone.
 */
export async function seedRole(
  tx: Executor,
  modules: Map<ModuleName, number>,
  name: string,
  description: string,
  grants: Grants,
  options: { requiresMfa?: boolean } = {},
): Promise<number> {
  await tx.insert(roles).values({ name, description, requiresMfa: options.requiresMfa ?? false }).onConflictDoNothing();
  const [role] = await tx.select({ id: roles.id }).from(roles).where(sql`lower(${roles.name}) = lower(${name})`);
  if (!role) throw new Error(`No se pudo crear el rol ${name}`);
  const rows = [...modules].map(([module, moduleId]) => {
    const actions = grants[module] ?? [];
    return {
      roleId: role.id,
      moduleId,
      canView: actions.includes('view'),
      canCreate: actions.includes('create'),
      canEdit: actions.includes('edit'),
      canDelete: actions.includes('delete'),
    };
  });
  await tx.insert(rolePermissions).values(rows).onConflictDoNothing();
  return role.id;
}

export const ALL_GRANTS: Grants = Object.fromEntries(MODULES.map((m) => [m.name, ACTIONS])) as Grants;

async function seedStatusRows(tx: Executor, table: typeof orderStatuses, rows: readonly StatusSeed[]): Promise<void> {
  // Rows whose code exists (perhaps renamed or recoloured by an admin) are left as they are.
  await tx
    .insert(table)
    .values(rows.map((r, index) => ({ ...r, isDefault: r.isDefault === true, sortOrder: (index + 1) * 10 })))
    .onConflictDoNothing();
}

export async function seedStatuses(tx: Executor): Promise<void> {
  await seedStatusRows(tx, orderStatuses, STATUS_SEEDS.orderStatuses);
  await seedStatusRows(tx, registrationStatuses, STATUS_SEEDS.registrationStatuses);
  await seedStatusRows(tx, stampStatuses, STATUS_SEEDS.stampStatuses);
  await seedStatusRows(tx, errorStatuses, STATUS_SEEDS.errorStatuses);
}

/**
 * Minimum wages (general / Zona Libre de la Frontera Norte, in force from 1 January) and the UMA (from
 * 1 February; January keeps the previous year's): one row per change. The UMA of 2024 (108.57) covers
 * January 2025.
 */
export const WAGE_PARAMETER_SEEDS = [
  { effectiveFrom: '2025-01-01', minimumWage: '278.80', minimumWageBorder: '419.88', uma: '108.57' },
  { effectiveFrom: '2025-02-01', minimumWage: '278.80', minimumWageBorder: '419.88', uma: '113.14' },
  { effectiveFrom: '2026-01-01', minimumWage: '315.04', minimumWageBorder: '440.87', uma: '113.14' },
  { effectiveFrom: '2026-02-01', minimumWage: '315.04', minimumWageBorder: '440.87', uma: '117.31' },
] as const;

/** Rows already there (perhaps corrected by an admin) are left as they are. */
export async function seedWageParameters(tx: Executor): Promise<void> {
  await tx.insert(wageParameters).values([...WAGE_PARAMETER_SEEDS]).onConflictDoNothing();
}

/**
 * The `admin` user, only when there is no user at all: an administrator who later renames or
 * deactivates it does not get it back at the next start.
 */
export async function seedAdminUser(tx: Executor, roleId: number, passwordHash: string): Promise<boolean> {
  const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
  if (existing) return false;
  await tx.insert(users).values({ username: ADMIN_USERNAME, passwordHash, roleId });
  return true;
}
