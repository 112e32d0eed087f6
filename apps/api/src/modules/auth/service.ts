import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES, wellFormedText, type LoginOutcome, type LoginResponse, type RefreshResponse, type SessionUser } from '@goc/contracts';
import type { AuthSettings } from '../../config';
import type { Db, Executor } from '../../db/client';
import { apiKeys, employees, refreshTokens, roles, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { recordAuthentication } from '../../lib/reauth';
import { recordSessionDevice, revokeFamily, type SessionOrigin } from '../../lib/sessions';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/passwords';
import { hashRefreshToken, newRefreshToken, type AccessTokenService } from '../../lib/tokens';
import { secondFactorStep, startChallenge } from './mfa-challenges';

/** Audit actions of sign-in events (entity 'user'). */
export const AUTH_EVENTS = {
  login: 'auth.login',
  loginFailed: 'auth.login_failed',
  lockout: 'auth.lockout',
  loginLocked: 'auth.login_locked',
  refresh: 'auth.refresh',
  refreshFailed: 'auth.refresh_failed',
  refreshReuse: 'auth.refresh_reuse',
  logout: 'auth.logout',
} as const;


export interface AuthDeps {
  db: Db;
  passwords: PasswordHasher;
  tokens: AccessTokenService;
  settings: AuthSettings;
}

/** How a login proved who it is, kept in its audit entry. */
export type SignInMethod = 'password' | 'totp' | 'recovery_code' | 'passkey' | 'oidc';

/** A login just issued: its family and first refresh token. */
export interface IssuedSession {
  familyId: string;
  refreshToken: string;
}

const invalidCredentials = () => new UnauthorizedError(MESSAGES.invalidCredentials);

/** The signed-in user as the SPA shows it (SPEC §3): employee name and photo, role name. */
export async function loadSessionUser(executor: Executor, userId: number): Promise<SessionUser | null> {
  const [row] = await executor
    .select({
      id: users.id,
      username: users.username,
      roleId: roles.id,
      roleName: roles.name,
      employeeId: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      photoUrl: employees.photoUrl,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    employee:
      row.employeeId !== null && row.firstName !== null && row.lastName !== null
        ? { firstName: row.firstName, lastName: row.lastName, photoUrl: row.photoUrl }
        : null,
    role: { id: row.roleId, name: row.roleName },
  };
}

export function createAuthService({ db, passwords, tokens, settings }: AuthDeps) {
  const expiryFor = (now: Date, familyExpiresAt: Date) =>
    new Date(Math.min(now.getTime() + settings.refreshTokenTtlSeconds * 1000, familyExpiresAt.getTime()));

  async function insertRefreshToken(executor: Executor, userId: number, familyId: string, familyExpiresAt: Date, now: Date) {
    const { token, hash } = newRefreshToken();
    const [row] = await executor
      .insert(refreshTokens)
      .values({ userId, tokenHash: hash, familyId, familyExpiresAt, expiresAt: expiryFor(now, familyExpiresAt) })
      .returning({ id: refreshTokens.id });
    if (!row) throw new Error('refresh token insert returned no row');
    return { token, id: row.id };
  }

  /**
   * Claims one password evaluation for the account, atomically, before the password is checked: the
   * attempt is counted first, and the one that reaches the limit sets the lock. Parallel attempts
   * therefore cannot all slip past a check made before any failure is recorded — at most
   * `maxFailedLogins` passwords are evaluated per lock window. A success clears the count afterwards.
   * Returns null when the account is locked (nothing claimed), else whether this attempt set the lock.
   */
  async function claimAttempt(userId: number, now: Date): Promise<{ locks: boolean } | null> {
    const lockUntil = new Date(now.getTime() + settings.lockoutMinutes * 60_000);
    const reached = sql`${users.failedLoginCount} + 1 >= ${settings.maxFailedLogins}`;
    const [row] = await db
      .update(users)
      .set({
        failedLoginCount: sql`case when ${reached} then 0 else ${users.failedLoginCount} + 1 end`,
        lockedUntil: sql`case when ${reached} then ${lockUntil.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(users.id, userId), sql`(${users.lockedUntil} is null or ${users.lockedUntil} <= ${now.toISOString()}::timestamptz)`))
      .returning({ lockedUntil: users.lockedUntil });
    if (!row) return null;
    return { locks: row.lockedUntil !== null };
  }

  async function login(username: string, password: string, ip: string, userAgent?: string): Promise<LoginOutcome> {
    const now = new Date();
    const [user] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
      .from(users)
      // A key's service user never signs in with a password (docs/integrations.md).
      .where(sql`lower(${users.username}) = lower(${username}) and not exists (select 1 from ${apiKeys} where ${apiKeys.userId} = ${users.id})`)
      .limit(1);

    if (!user) {
      await passwords.verifyDummy(password);
      await recordAudit(db, { userId: null, action: AUTH_EVENTS.loginFailed, entity: 'user', ip, metadata: { username, reason: 'unknown_user' } });
      throw invalidCredentials();
    }
    const claim = await claimAttempt(user.id, now);
    if (!claim) {
      const [lock] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, user.id));
      await recordAudit(db, {
        userId: user.id,
        action: AUTH_EVENTS.loginLocked,
        entity: 'user',
        entityId: user.id,
        ip,
        metadata: { lockedUntil: lock?.lockedUntil?.toISOString() ?? null },
      });
      throw new TooManyRequestsError();
    }
    const valid = await passwords.verify(user.passwordHash, password);
    if (!valid) {
      await recordAudit(db, { userId: user.id, action: AUTH_EVENTS.loginFailed, entity: 'user', entityId: user.id, ip, metadata: { reason: 'bad_password' } });
      if (claim.locks) {
        await recordAudit(db, {
          userId: user.id,
          action: AUTH_EVENTS.lockout,
          entity: 'user',
          entityId: user.id,
          ip,
          metadata: { failures: settings.maxFailedLogins, minutes: settings.lockoutMinutes },
        });
        throw new TooManyRequestsError();
      }
      throw invalidCredentials();
    }
    if (!user.active) {
      await recordAudit(db, { userId: user.id, action: AUTH_EVENTS.loginFailed, entity: 'user', entityId: user.id, ip, metadata: { reason: 'inactive' } });
      throw invalidCredentials();
    }

    const rehash = passwords.needsRehash(user.passwordHash) ? await passwords.hash(password) : null;
    // Two-factor (mfa-challenges.ts): the password alone opens no session. The failure count stays until the code is right.
    const secondStep = await secondFactorStep(db, user.id);
    if (secondStep) {
      if (rehash) await db.update(users).set({ passwordHash: rehash }).where(eq(users.id, user.id));
      return startChallenge(db, user.id, secondStep, ip, now);
    }
    return signIn(user.id, { ip, userAgent }, now, { rehash });
  }

  /** A session for a user who proved who they are, in a transaction of its own, answered as the SPEC's login. */
  async function signIn(userId: number, origin: SessionOrigin, now: Date, options: { rehash?: string | null; method?: SignInMethod } = {}): Promise<LoginResponse> {
    const issued = await db.transaction(async (tx) => {
      if (options.rehash) await tx.update(users).set({ passwordHash: options.rehash }).where(eq(users.id, userId));
      return issueSession(tx, userId, origin, now, options.method);
    });
    return sessionAnswer(userId, issued);
  }

  /**
   * A new login of the user (password, second factor or the company's account): its refresh-token
   * family, the device it began on («Mi cuenta → Sesiones»), the time it proved who it is
   * (re-authentication), the failed-attempt count cleared, audited. Inside the caller's transaction.
   */
  async function issueSession(tx: Executor, userId: number, origin: SessionOrigin, now: Date, method: SignInMethod = 'password'): Promise<IssuedSession> {
    const familyId = randomUUID();
    const familyExpiresAt = new Date(now.getTime() + settings.refreshFamilyTtlSeconds * 1000);
    await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: now }).where(eq(users.id, userId));
    const issued = await insertRefreshToken(tx, userId, familyId, familyExpiresAt, now);
    await recordSessionDevice(tx, { familyId, userId, userAgent: origin.userAgent, ip: origin.ip, createdAt: now });
    await recordAuthentication(tx, userId, familyId, now);
    const metadata = method === 'password' ? { familyId } : { familyId, method };
    await recordAudit(tx, { userId, action: AUTH_EVENTS.login, entity: 'user', entityId: userId, ip: origin.ip, metadata });
    return { familyId, refreshToken: issued.token };
  }

  /** The SPEC's login answer for a session just issued. */
  async function sessionAnswer(userId: number, issued: IssuedSession): Promise<LoginResponse> {
    const sessionUser = await loadSessionUser(db, userId);
    if (!sessionUser) throw invalidCredentials();
    return { token: await tokens.sign({ userId, familyId: issued.familyId }), refreshToken: issued.refreshToken, user: sessionUser };
  }

  /** A login refused for malformed text (NUL, lone surrogate): audited with the username made storable. */
  async function auditMalformedLogin(body: unknown, ip: string): Promise<void> {
    const raw = body && typeof body === 'object' && 'username' in body ? body.username : undefined;
    const username = typeof raw === 'string' ? wellFormedText(raw.slice(0, 200)) : null;
    await recordAudit(db, { userId: null, action: AUTH_EVENTS.loginFailed, entity: 'user', ip, metadata: { username, reason: 'malformed_input' } });
  }

  type RefreshOutcome =
    | { kind: 'ok'; userId: number; familyId: string; token: string }
    | { kind: 'failed'; reason: string; userId: number | null };

  /** Rotates a refresh token. The old bearer proves who asks: genuine, and the same user as the token. */
  async function refresh(refreshToken: string, bearer: string, ip: string): Promise<RefreshResponse> {
    const claims = await tokens.verifyIgnoringExpiry(bearer);
    const now = new Date();
    const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)))
        .for('update')
        .limit(1);
      if (!row) return { kind: 'failed', reason: 'unknown_token', userId: claims.userId };
      if (row.userId !== claims.userId) return { kind: 'failed', reason: 'subject_mismatch', userId: claims.userId };
      if (row.revokedAt) {
        if (row.revokedReason === 'rotated') {
          // A rotated token came back: it was copied. End the whole login, the thief's and the owner's.
          await revokeFamily(tx, row.familyId, 'reuse');
          await recordAudit(tx, {
            userId: row.userId,
            action: AUTH_EVENTS.refreshReuse,
            entity: 'user',
            entityId: row.userId,
            ip,
            metadata: { familyId: row.familyId, tokenId: row.id },
          });
          return { kind: 'failed', reason: 'reuse', userId: null };
        }
        return { kind: 'failed', reason: 'revoked', userId: row.userId };
      }
      if (row.expiresAt.getTime() <= now.getTime() || row.familyExpiresAt.getTime() <= now.getTime()) {
        await revokeFamily(tx, row.familyId, 'expired');
        return { kind: 'failed', reason: 'expired', userId: row.userId };
      }
      const [owner] = await tx.select({ active: users.active }).from(users).where(eq(users.id, row.userId)).limit(1);
      if (!owner?.active) {
        await revokeFamily(tx, row.familyId, 'inactive');
        return { kind: 'failed', reason: 'inactive', userId: row.userId };
      }
      const issued = await insertRefreshToken(tx, row.userId, row.familyId, row.familyExpiresAt, now);
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now, revokedReason: 'rotated', replacedBy: issued.id })
        .where(eq(refreshTokens.id, row.id));
      await recordAudit(tx, {
        userId: row.userId,
        action: AUTH_EVENTS.refresh,
        entity: 'user',
        entityId: row.userId,
        ip,
        metadata: { familyId: row.familyId },
      });
      return { kind: 'ok', userId: row.userId, familyId: row.familyId, token: issued.token };
    });

    if (outcome.kind === 'failed') {
      // Reuse was audited inside the transaction, with the revocation.
      if (outcome.userId !== null) {
        await recordAudit(db, {
          userId: outcome.userId,
          action: AUTH_EVENTS.refreshFailed,
          entity: 'user',
          entityId: outcome.userId,
          ip,
          metadata: { reason: outcome.reason },
        });
      }
      throw new UnauthorizedError();
    }
    return { token: await tokens.sign({ userId: outcome.userId, familyId: outcome.familyId }), refreshToken: outcome.token };
  }

  /**
   * Ends the login the refresh token (or, without it, the bearer) belongs to. Idempotent and silent:
   * the answer never tells whether a token existed.
   */
  async function logout(refreshToken: string | undefined, bearer: string | undefined, ip: string): Promise<void> {
    let target: { userId: number; familyId: string } | null = null;
    if (refreshToken) {
      const [row] = await db
        .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)))
        .limit(1);
      target = row ?? null;
    } else if (bearer) {
      target = await tokens.verifyIgnoringExpiry(bearer).catch(() => null);
    }
    if (!target) return;
    const { userId, familyId } = target;
    await db.transaction(async (tx) => {
      await revokeFamily(tx, familyId, 'logout');
      await recordAudit(tx, { userId, action: AUTH_EVENTS.logout, entity: 'user', entityId: userId, ip, metadata: { familyId } });
    });
  }

  return { login, auditMalformedLogin, refresh, logout, claimAttempt, signIn, issueSession, sessionAnswer };
}

export type AuthService = ReturnType<typeof createAuthService>;
