import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { passkeyCredentials, refreshTokens, roles, sessionDevices, users, userTotp } from '../db/schema';

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
  | 'employee_baja'
  /** The user's role now requires a second factor they have not enrolled. */
  | 'mfa_required';

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

/**
 * A role now requires two-factor (its flag turned on, or a user moved to it): the sessions of its
 * users who have no second factor were opened with the password alone, below what the role asks, so
 * they end and the next sign-in goes through the enrolment (docs/security.md). `scope` names the role
 * (all its users) or one user; only users whose role requires it are touched. Returns the users whose
 * sessions ended.
 */
export async function revokeSessionsWithoutSecondFactor(executor: Executor, scope: { roleId: number } | { userId: number }): Promise<number[]> {
  const unenrolled = executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        'roleId' in scope ? eq(users.roleId, scope.roleId) : eq(users.id, scope.userId),
        sql`exists (select 1 from ${roles} where ${roles.id} = ${users.roleId} and ${roles.requiresMfa})`,
        sql`not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.confirmedAt} is not null)`,
        sql`not exists (select 1 from ${passkeyCredentials} where ${passkeyCredentials.userId} = ${users.id})`,
      ),
    );
  const ended = await executor
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: 'mfa_required' satisfies RevokeReason })
    .where(and(inArray(refreshTokens.userId, unenrolled), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  return [...new Set(ended.map((row) => row.userId))];
}
