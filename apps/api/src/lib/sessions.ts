import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { refreshTokens } from '../db/schema';

/*
 * Ending sessions: revoking refresh-token families. Login, refresh and logout (modules/auth) and the
 * user admin (deactivation, password changes in modules/users) all end sessions the same way.
 */

/** Why a refresh-token family was revoked (refresh_tokens.revoked_reason). */
export type RevokeReason = 'rotated' | 'reuse' | 'logout' | 'expired' | 'inactive' | 'deactivated' | 'password_reset' | 'password_changed';

/** Revokes every live token of a login; its access tokens stop working at the next request. */
export async function revokeFamily(executor: Executor, familyId: string, reason: RevokeReason): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every session of a user (deactivation, password reset) — or all but one login, the session that
 * just changed its own password. Their access tokens stop working at the next request (plugins/access).
 */
export async function revokeUserSessions(executor: Executor, userId: number, reason: RevokeReason, keepFamilyId?: string): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId === undefined ? undefined : ne(refreshTokens.familyId, keepFamilyId),
      ),
    );
}
