import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditColumns, foldedColumn, idColumn, lower } from './columns';
import { employees } from './workforce';

/** The 22 permission modules of SPEC §2 (seeded from contracts MODULES). */
export const permissionModules = pgTable(
  'permission_modules',
  {
    id: idColumn(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('permission_modules_name_uq').on(t.name)],
);

export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    description: text('description'),
    /** Its users sign in with a second factor, and enrol before anything else (docs/security.md). */
    requiresMfa: boolean('requires_mfa').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('roles_name_lower_uq').on(lower(t.name)), index('roles_name_fold_idx').on(t.nameFolded, t.id)],
);

/** One row per role × module with the four flags of SPEC §6. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    id: idColumn(),
    // A role's permission rows belong to it: they go with the role.
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => permissionModules.id, { onDelete: 'restrict' }),
    canView: boolean('can_view').notNull().default(false),
    canCreate: boolean('can_create').notNull().default(false),
    canEdit: boolean('can_edit').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [unique('role_permissions_role_module_uq').on(t.roleId, t.moduleId), index('role_permissions_module_idx').on(t.moduleId)],
);

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    username: text('username').notNull(),
    usernameFolded: foldedColumn('username'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    /** Where the notifications the user chose are e-mailed (docs/notifications.md). */
    email: text('email'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(lower(t.username)),
    index('users_username_fold_idx').on(t.usernameFolded, t.id),
    index('users_role_idx').on(t.roleId),
    // An employee has at most one user account.
    uniqueIndex('users_employee_uq').on(t.employeeId).where(sql`${t.employeeId} is not null`),
  ],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hex. Tokens of one login form a family: every refresh
 * rotates (revokes the presented token, links it to its successor through replaced_by); presenting a
 * rotated token again revokes the whole family. family_expires_at caps the family's life.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    // Sessions belong to their user.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    replacedBy: integer('replaced_by').references((): AnyPgColumn => refreshTokens.id, { onDelete: 'set null' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_replaced_by_idx').on(t.replacedBy),
  ],
);

/**
 * A counter per role, raised by a trigger (migration 0006) on every insert, update or delete of the
 * role's permission rows, whoever writes them. The access check caches a role's permissions under
 * (role id, version): every API process sees a change on its next request. No foreign key: a role's
 * deletion cascades to its permission rows, whose trigger must not fail on the missing role.
 */
export const roleAccessVersions = pgTable('role_access_versions', {
  roleId: integer('role_id').primaryKey(),
  version: integer('version').notNull().default(1),
});

/**
 * A write counter per table, raised by a statement trigger (migration 0007) on every insert,
 * update, delete or truncate of any table but the bookkeeping ones. Their sum changes with any
 * write, which is how list totals are cached exactly across processes (lib/list/count-cache.ts).
 */
export const tableVersions = pgTable('table_versions', {
  tableName: text('table_name').primaryKey(),
  version: integer('version').notNull().default(1),
});
