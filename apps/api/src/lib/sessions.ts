import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { refreshTokens, sessionDevices, users } from '../db/schema';

/*
 * Ending sessions: revoking refresh-token families. Login, refresh and logout (modules/auth) and the
 * user admin (deactivation, password changes in modules/users) all end sessions the same way.
 */

/** Why a refresh-token family was revoked (refresh_tokens.revoked_reason). */
export type RevokeReason =
  | 'rotated'
  | 'reuse'
  | 'logout'
  | 'expired'
  | 'inactive'
  | 'deactivated'
  | 'password_reset'
  | 'password_changed'
  /** Ended from «Mi cuenta → Sesiones». */
  | 'ended'
  /** Ended by an administrator from Usuarios. */
  | 'ended_by_admin'
  /** The employee linked to the user was given a baja (Altas y bajas). */
  | 'employee_baja';

/** Where a login began, as «Mi cuenta → Sesiones» shows it. */
export interface SessionOrigin {
  ip: string;
  userAgent?: string | undefined;
}

/** Stored user agents are cut here: a header is the client's to make up. */
const USER_AGENT_MAX = 512;

/** Notes the device and address a login began from. */
export async function recordSessionDevice(
  executor: Executor,
  device: { familyId: string; userId: number; userAgent?: string | undefined; ip: string; createdAt: Date },
): Promise<void> {
  await executor.insert(sessionDevices).values({
    familyId: device.familyId,
    userId: device.userId,
    userAgent: device.userAgent ? device.userAgent.slice(0, USER_AGENT_MAX) : null,
    ip: device.ip.slice(0, 64),
    createdAt: device.createdAt,
  });
}

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

/**
 * A baja of an employee ends every session of the user linked to them (ASVS 7.4.2): the registry
 * calls this in the transaction that applies the baja, without knowing of sign-in.
 */
export async function revokeEmployeeSessions(executor: Executor, employeeId: number): Promise<void> {
  const linked = executor.select({ id: users.id }).from(users).where(eq(users.employeeId, employeeId));
  await executor
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: 'employee_baja' satisfies RevokeReason })
    .where(and(inArray(refreshTokens.userId, linked), isNull(refreshTokens.revokedAt)));
}
