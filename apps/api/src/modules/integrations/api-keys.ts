import { and, asc, eq, isNull } from 'drizzle-orm';
import { INTEGRATION_MESSAGES, type ApiKey, type ApiKeyCreate, type ApiKeyCreated } from '@goc/contracts';
import type { Db } from '../../db/client';
import { apiKeys, roles, users } from '../../db/schema';
import { newApiKey, serviceUsername } from '../../lib/api-keys';
import { detailChange, recordAudit } from '../../lib/audit';
import { personNames } from '../../lib/crud/people';
import type { Actor } from '../../lib/crud/types';
import { PG_UNIQUE_VIOLATION, pgErrorInfo } from '../../lib/db-errors';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import { assertMayAssignRole } from '../../lib/privileges';

/*
 * API keys (docs/integrations.md): each key acts through a service user of its own, holding the
 * key's role. That user is who every check, view scope, audit entry and timeline sees, so a key goes
 * through exactly the access path of a person; it cannot sign in with a password (modules/auth), is
 * told nothing (lib/permissions) and reads «Clave API: <name>» (lib/crud/people).
 */

/** Never a valid argon2 hash: nothing verifies against it. */
const NO_PASSWORD = '!clave-api';

const AUDIT_ENTITY = 'api_keys';

export async function createApiKey(db: Db, actor: Actor, input: ApiKeyCreate): Promise<ApiKeyCreated> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new AppError(422, INTEGRATION_MESSAGES.keyExpiry, { fields: { expiresAt: INTEGRATION_MESSAGES.keyExpiry } });
  }
  const { key, hash, prefix } = newApiKey();
  try {
    return await db.transaction(async (tx) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, input.roleId));
      if (!role) throw new AppError(422, INTEGRATION_MESSAGES.roleNotFound, { fields: { roleId: INTEGRATION_MESSAGES.roleNotFound } });
      // Nobody hands a key more than they hold themselves.
      await assertMayAssignRole(tx, actor, role.id);
      const [user] = await tx.insert(users).values({ username: serviceUsername(), passwordHash: NO_PASSWORD, roleId: role.id }).returning({ id: users.id });
      const [row] = await tx
        .insert(apiKeys)
        .values({ name: input.name, prefix, keyHash: hash, userId: user!.id, createdById: actor.userId, expiresAt })
        .returning();
      await recordAudit(tx, {
        userId: actor.userId,
        action: 'create',
        entity: AUDIT_ENTITY,
        entityId: row!.id,
        ip: actor.ip,
        changes: { ...detailChange('name', null, input.name), ...detailChange('roleId', null, role.id), ...detailChange('expiresAt', null, expiresAt?.toISOString() ?? null) },
      });
      return {
        id: row!.id,
        name: row!.name,
        prefix,
        key,
        roleId: role.id,
        expiresAt: expiresAt?.toISOString() ?? null,
        createdAt: row!.createdAt.toISOString(),
      };
    });
  } catch (error) {
    if (pgErrorInfo(error)?.code === PG_UNIQUE_VIOLATION) throw new ConflictError(INTEGRATION_MESSAGES.keyNameTaken, { name: INTEGRATION_MESSAGES.keyNameTaken });
    throw error;
  }
}

/** The keys not revoked (expired ones too: the list says so), oldest first. */
export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, roleId: users.roleId, roleName: roles.name })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(isNull(apiKeys.revokedAt))
    .orderBy(asc(apiKeys.id));
  const creators = await personNames(db, rows.flatMap((r) => (r.key.createdById === null ? [] : [r.key.createdById])));
  return rows.map(({ key, roleId, roleName }) => ({
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    roleId,
    role: { id: roleId, label: roleName },
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    createdBy: key.createdById === null ? null : (creators.get(key.createdById) ?? null),
  }));
}

/**
 * Revokes a key: refused from the next request on, on every process (the access check reads keys
 * from the database each time). Its service user is deactivated and kept, so what the key did stays
 * attributed to it.
 */
export async function revokeApiKey(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ userId: apiKeys.userId, name: apiKeys.name });
    if (!row) throw new NotFoundError(INTEGRATION_MESSAGES.keyNotFound);
    await tx.update(users).set({ active: false }).where(eq(users.id, row.userId));
    await recordAudit(tx, { userId: actor.userId, action: 'delete', entity: AUDIT_ENTITY, entityId: id, ip: actor.ip, changes: detailChange('name', row.name, null) });
  });
}
