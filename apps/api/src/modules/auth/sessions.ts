import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { SESSION_MESSAGES, usersCatalog, type Session } from '@goc/contracts';
import type { Db } from '../../db/client';
import { refreshTokens, sessionDevices, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/passwords';
import { revokeFamily, revokeUserSessions } from '../../lib/sessions';

/** Audit actions of ending sessions (entity 'user'). */
export const SESSION_EVENTS = {
  ended: 'auth.session_ended',
  othersEnded: 'auth.sessions_others_ended',
  endedByAdmin: 'auth.sessions_ended_by_admin',
} as const;

/**
 * «Mi cuenta → Sesiones»: a user's live logins (refresh-token families) and ending them. The live
 * token of a family was issued at its last renewal, which is the session's last use as the server sees it.
 */
export function createSessionsService(db: Db, passwords: PasswordHasher) {
  async function list(userId: number, currentFamilyId: string): Promise<Session[]> {
    const now = new Date();
    const rows = await db
      .select({
        familyId: refreshTokens.familyId,
        renewedAt: refreshTokens.createdAt,
        userAgent: sessionDevices.userAgent,
        ip: sessionDevices.ip,
        startedAt: sessionDevices.createdAt,
      })
      .from(refreshTokens)
      .leftJoin(sessionDevices, eq(sessionDevices.familyId, refreshTokens.familyId))
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
          gt(refreshTokens.familyExpiresAt, now),
        ),
      )
      .orderBy(desc(refreshTokens.createdAt), desc(refreshTokens.id))
      // A family has one live token at a time; a user with more than this many logins sees the latest.
      .limit(200);
    return rows.map((row) => ({
      id: row.familyId,
      current: row.familyId === currentFamilyId,
      userAgent: row.userAgent,
      ip: row.ip,
      createdAt: (row.startedAt ?? row.renewedAt).toISOString(),
      lastUsedAt: row.renewedAt.toISOString(),
    }));
  }

  /** Re-authentication before ending sessions: the password in the request body (docs/security.md). */
  async function confirmPassword(userId: number, password: string): Promise<void> {
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user || !(await passwords.verify(user.passwordHash, password))) throw new ValidationError({ password: SESSION_MESSAGES.wrongPassword });
  }

  async function end(userId: number, familyId: string, password: string, ip: string): Promise<void> {
    await confirmPassword(userId, password);
    await db.transaction(async (tx) => {
      const [live] = await tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
        .limit(1);
      if (!live) throw new NotFoundError(SESSION_MESSAGES.notFound);
      await revokeFamily(tx, familyId, 'ended');
      await recordAudit(tx, { userId, action: SESSION_EVENTS.ended, entity: 'user', entityId: userId, ip, metadata: { familyId } });
    });
  }

  async function endOthers(userId: number, currentFamilyId: string, password: string, ip: string): Promise<void> {
    await confirmPassword(userId, password);
    await db.transaction(async (tx) => {
      await revokeUserSessions(tx, userId, 'ended', currentFamilyId);
      await recordAudit(tx, { userId, action: SESSION_EVENTS.othersEnded, entity: 'user', entityId: userId, ip, metadata: { kept: currentFamilyId } });
    });
  }

  /** An administrator ends every session of a user (Usuarios). */
  async function endAllOf(actorId: number, userId: number, ip: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update').limit(1);
      if (!target) throw new NotFoundError();
      await revokeUserSessions(tx, userId, 'ended_by_admin');
      await recordAudit(tx, { userId: actorId, action: SESSION_EVENTS.endedByAdmin, entity: usersCatalog.key, entityId: userId, ip });
    });
  }

  return { list, end, endOthers, endAllOf };
}

/** Families are UUIDs: anything else names no session (and never reaches the database). */
export const isFamilyId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
