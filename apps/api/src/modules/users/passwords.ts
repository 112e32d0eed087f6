import { eq } from 'drizzle-orm';
import { notFoundMessage, PASSWORD_MESSAGES, usersCatalog } from '@goc/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor } from '../../lib/crud/types';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/passwords';
import { revokeUserSessions } from '../auth/service';
import { assertMayManageUser } from '../roles/privileges';

export const CHANGE_PASSWORD_MESSAGES = {
  wrongCurrent: 'La contraseña actual no es correcta',
} as const;

/** Audit actions of password changes (entity 'users', so they show in the user's history). */
export const PASSWORD_EVENTS = { reset: 'password_reset', change: 'password_change' } as const;

async function usernameOf(db: Db, userId: number): Promise<{ username: string; passwordHash: string }> {
  const [row] = await db.select({ username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw new NotFoundError(notFoundMessage(usersCatalog.nouns));
  return row;
}

function refuseUsernameAsPassword(username: string, password: string, field: string): void {
  if (password.toLowerCase() === username.toLowerCase()) throw new ValidationError({ [field]: PASSWORD_MESSAGES.sameAsUsername });
}

/**
 * An administrator sets a new password: every session of the user ends, and a lockout from failed
 * attempts is lifted (the reset is how a locked-out user gets back in).
 */
export async function resetPassword(db: Db, hasher: PasswordHasher, actor: Actor, userId: number, password: string): Promise<void> {
  const { username } = await usernameOf(db, userId);
  await assertMayManageUser(db, actor, userId);
  refuseUsernameAsPassword(username, password, 'password');
  const passwordHash = await hasher.hash(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, 'password_reset');
    await recordAudit(tx, { userId: actor.userId, action: PASSWORD_EVENTS.reset, entity: usersCatalog.key, entityId: userId, ip: actor.ip });
  });
}

/** The signed-in user changes their own password; their other sessions end, this one stays. */
export async function changeOwnPassword(
  db: Db,
  hasher: PasswordHasher,
  actor: Actor & { familyId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { username, passwordHash: current } = await usernameOf(db, actor.userId);
  if (!(await hasher.verify(current, input.currentPassword))) {
    throw new ValidationError({ currentPassword: CHANGE_PASSWORD_MESSAGES.wrongCurrent });
  }
  refuseUsernameAsPassword(username, input.newPassword, 'newPassword');
  const passwordHash = await hasher.hash(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.userId));
    await revokeUserSessions(tx, actor.userId, 'password_changed', actor.familyId);
    await recordAudit(tx, { userId: actor.userId, action: PASSWORD_EVENTS.change, entity: usersCatalog.key, entityId: actor.userId, ip: actor.ip });
  });
}
