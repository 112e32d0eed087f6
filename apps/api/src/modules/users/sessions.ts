import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema';

/** Why a user's sessions ended (refresh_tokens.revoked_reason). */
export type SessionEndReason = 'deactivated' | 'password_reset' | 'password_changed';

/**
 * Revokes the user's live refresh tokens — all of them, or all but one login (the session that just
 * changed its own password). Their access tokens stop working at the next request (plugins/access).
 */
export async function endSessions(executor: Executor, userId: number, reason: SessionEndReason, keepFamilyId?: string): Promise<void> {
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
