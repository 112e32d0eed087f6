import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  MFA_MESSAGES,
  PASSKEY_MESSAGES,
  notFoundMessage,
  usersCatalog,
  type LoginResponse,
  type MfaStatus,
  type MfaVerifyRequest,
  type ReauthenticateRequest,
  type TotpConfirmResponse,
  type TotpSetupResponse,
} from '@goc/contracts';
import type { Db, Executor } from '../../db/client';
import { mfaRecoveryCodes, passkeyCredentials, roles, users, userTotp } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor } from '../../lib/crud/types';
import { ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/passwords';
import { assertMayManageUser } from '../../lib/privileges';
import { recordAuthentication } from '../../lib/reauth';
import { codeStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, type TotpKeys } from '../../lib/totp';
import { AUTH_EVENTS, type AuthService } from './service';
import { countFailure, endChallenge, liveChallenge, secondFactorsOf, type LiveChallenge } from './mfa-challenges';
import type { PasskeyService } from './passkeys';

/*
 * Two-factor verification (docs/security.md "Two-factor verification"): enrolment, the code after the
 * password, recovery codes, disabling, an administrator's removal, and re-authentication.
 */

export interface MfaDeps {
  db: Db;
  passwords: PasswordHasher;
  keys: TotpKeys;
  auth: AuthService;
  passkeys: PasskeyService;
}

/** Who enrols: a signed-in user (their login), or a sign-in waiting on enrolment (its challenge). */
export type Enroller = { userId: number; familyId: string } | { userId: number; challenge: LiveChallenge };

const challengeEnded = () => new UnauthorizedError(MFA_MESSAGES.challengeEnded);

export function createMfaService({ db, passwords, keys, auth, passkeys }: MfaDeps) {
  const audit = (executor: Executor, userId: number, action: Parameters<typeof recordAudit>[1]['action'], ip: string, metadata?: Record<string, unknown>) =>
    recordAudit(executor, { userId, action, entity: 'user', entityId: userId, ip, ...(metadata ? { metadata } : {}) });

  async function totpOf(executor: Executor, userId: number) {
    const [row] = await executor.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
    return row ?? null;
  }

  /** Accepts a TOTP code once: the step it belongs to must be later than the last one accepted (atomic across processes). */
  async function acceptCode(executor: Executor, userId: number, secret: string, code: string): Promise<boolean> {
    const step = codeStep(keys.decrypt(secret), code);
    if (step === null) return false;
    const rows = await executor
      .update(userTotp)
      .set({ lastUsedStep: step })
      .where(and(eq(userTotp.userId, userId), sql`(${userTotp.lastUsedStep} is null or ${userTotp.lastUsedStep} < ${step})`))
      .returning({ userId: userTotp.userId });
    return rows.length > 0;
  }

  async function acceptRecoveryCode(executor: Executor, userId: number, code: string): Promise<boolean> {
    const rows = await executor
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, keys.hashRecoveryCode(normaliseRecoveryCode(code))), isNull(mfaRecoveryCodes.usedAt)))
      .returning({ id: mfaRecoveryCodes.id });
    return rows.length > 0;
  }

  async function replaceRecoveryCodes(executor: Executor, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await executor.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await executor.insert(mfaRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: keys.hashRecoveryCode(normaliseRecoveryCode(code)) })));
    return codes;
  }

  /** Checks the password again, counted toward the account's lockout like a sign-in. */
  async function checkPassword(userId: number, password: string, ip: string, field = 'password'): Promise<void> {
    const now = new Date();
    const claim = await auth.claimAttempt(userId, now);
    if (!claim) throw new TooManyRequestsError();
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (row && (await passwords.verify(row.hash, password))) {
      await db.update(users).set({ failedLoginCount: 0 }).where(eq(users.id, userId));
      return;
    }
    await audit(db, userId, 'auth.reauthentication_failed', ip, { reason: 'bad_password' });
    if (claim.locks) throw new TooManyRequestsError();
    throw new ValidationError({ [field]: MFA_MESSAGES.wrongPassword });
  }

  /** POST /auth/mfa/verify: the code (or a recovery code) after the password → the SPEC's session. */
  async function verify(input: MfaVerifyRequest, ip: string): Promise<LoginResponse> {
    const now = new Date();
    const challenge = await liveChallenge(db, input.mfaToken, 'verify', now);
    if (!challenge) throw challengeEnded();
    const { userId } = challenge;
    const claim = await auth.claimAttempt(userId, now);
    if (!claim) {
      await endChallenge(db, challenge.id, now);
      await audit(db, userId, AUTH_EVENTS.loginLocked, ip, { step: 'mfa' });
      throw new TooManyRequestsError();
    }
    const method = 'passkey' in input ? 'passkey' : 'recoveryCode' in input ? 'recovery_code' : 'totp';
    const accepted = await acceptSecondFactor(userId, challenge.id, input, now);
    if (!accepted) {
      const ended = await countFailure(db, challenge.id, now);
      await audit(db, userId, 'mfa.failed', ip, { method });
      if (claim.locks) {
        await endChallenge(db, challenge.id, now);
        await audit(db, userId, AUTH_EVENTS.lockout, ip, { step: 'mfa' });
        throw new TooManyRequestsError();
      }
      if (ended) throw challengeEnded();
      throw new UnauthorizedError(method === 'passkey' ? PASSKEY_MESSAGES.failed : MFA_MESSAGES.wrongCode);
    }
    if (!(await endChallenge(db, challenge.id, now))) throw challengeEnded();
    await audit(db, userId, method === 'recovery_code' ? 'mfa.recovery_used' : 'mfa.verified', ip, method === 'passkey' ? { method } : undefined);
    return auth.signIn(userId, { ip }, now, { method });
  }

  async function acceptSecondFactor(userId: number, challengeId: number, input: MfaVerifyRequest, now: Date): Promise<boolean> {
    if ('passkey' in input) return passkeys.verifyAssertion(userId, challengeId, input.passkey, now);
    const totp = await totpOf(db, userId);
    if (totp?.confirmedAt == null) return false;
    return 'recoveryCode' in input ? acceptRecoveryCode(db, userId, input.recoveryCode) : acceptCode(db, userId, totp.secret, input.code);
  }

  /** POST /auth/mfa/totp/setup: a new pending secret (replacing a pending one); refused once enrolled. */
  async function setup(enroller: Enroller): Promise<TotpSetupResponse> {
    const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, enroller.userId));
    if (!user) throw new UnauthorizedError();
    const current = await totpOf(db, enroller.userId);
    if (current?.confirmedAt) throw new ConflictError(MFA_MESSAGES.alreadyEnrolled);
    const created = newTotpSecret(user.username);
    const secret = keys.encrypt(created.secret);
    await db
      .insert(userTotp)
      .values({ userId: enroller.userId, secret })
      .onConflictDoUpdate({ target: userTotp.userId, set: { secret, lastUsedStep: null, createdAt: new Date() } });
    return created;
  }

  /** POST /auth/mfa/totp/confirm: the first code turns the pending secret on; the recovery codes are shown once. */
  async function confirm(enroller: Enroller, code: string, ip: string): Promise<TotpConfirmResponse> {
    const { userId } = enroller;
    const now = new Date();
    const current = await totpOf(db, userId);
    if (current?.confirmedAt) throw new ConflictError(MFA_MESSAGES.alreadyEnrolled);
    if (!current) throw new ConflictError(MFA_MESSAGES.noSetup);
    const recoveryCodes = await db.transaction(async (tx) => {
      if (!(await acceptCode(tx, userId, current.secret, code))) return null;
      await tx.update(userTotp).set({ confirmedAt: now }).where(eq(userTotp.userId, userId));
      const codes = await replaceRecoveryCodes(tx, userId);
      if ('familyId' in enroller) await recordAuthentication(tx, userId, enroller.familyId, now);
      await audit(tx, userId, 'mfa.enrolled', ip);
      return codes;
    });
    if (!recoveryCodes) {
      if ('challenge' in enroller && (await countFailure(db, enroller.challenge.id, now))) throw challengeEnded();
      throw new ValidationError({ code: MFA_MESSAGES.wrongCode });
    }
    if (!('challenge' in enroller)) return { recoveryCodes, session: null };
    // Enrolling during a sign-in proved both factors: that sign-in ends in a session.
    if (!(await endChallenge(db, enroller.challenge.id, now))) throw challengeEnded();
    return { recoveryCodes, session: await auth.signIn(userId, { ip }, now, { method: 'totp' }) };
  }

  async function requiredByRole(executor: Executor, userId: number): Promise<boolean> {
    const [row] = await executor.select({ required: roles.requiresMfa }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, userId));
    return row?.required ?? false;
  }

  async function status(userId: number): Promise<MfaStatus> {
    const totp = await totpOf(db, userId);
    const [left] = await db
      .select({ n: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    const [keys] = await db.select({ n: count() }).from(passkeyCredentials).where(eq(passkeyCredentials.userId, userId));
    return {
      enabled: totp?.confirmedAt != null,
      required: await requiredByRole(db, userId),
      recoveryCodesLeft: Number(left?.n ?? 0),
      passkeysAvailable: passkeys.available,
      passkeys: Number(keys?.n ?? 0),
    };
  }

  async function removeTotp(executor: Executor, userId: number): Promise<void> {
    await executor.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await executor.delete(userTotp).where(eq(userTotp.userId, userId));
  }

  /** POST /auth/mfa/totp/disable {password}: refused while the role requires a second factor and no passkey stays. */
  async function disable(userId: number, familyId: string, password: string, ip: string): Promise<void> {
    if ((await requiredByRole(db, userId)) && !(await secondFactorsOf(db, userId)).includes('passkey')) throw new ConflictError(MFA_MESSAGES.requiredByRole);
    const [enrolled] = await db.select({ userId: userTotp.userId }).from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
    if (!enrolled) throw new ConflictError(MFA_MESSAGES.notEnrolled);
    await checkPassword(userId, password, ip);
    await db.transaction(async (tx) => {
      await removeTotp(tx, userId);
      await recordAuthentication(tx, userId, familyId, new Date());
      await audit(tx, userId, 'mfa.disabled', ip);
    });
  }

  /** POST /auth/mfa/recovery-codes {password}: ten new codes; the old ones stop working. */
  async function regenerate(userId: number, familyId: string, password: string, ip: string): Promise<string[]> {
    const [enrolled] = await db.select({ userId: userTotp.userId }).from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
    if (!enrolled) throw new ConflictError(MFA_MESSAGES.notEnrolled);
    await checkPassword(userId, password, ip);
    return db.transaction(async (tx) => {
      const codes = await replaceRecoveryCodes(tx, userId);
      await recordAuthentication(tx, userId, familyId, new Date());
      await audit(tx, userId, 'mfa.recovery_regenerated', ip);
      return codes;
    });
  }

  /** DELETE /users/:id/mfa: an administrator removes a user's second factor (a lost phone); audited in the user's history. */
  async function removeByAdmin(actor: Actor, userId: number): Promise<void> {
    const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!target) throw new NotFoundError(notFoundMessage(usersCatalog.nouns));
    await assertMayManageUser(db, actor, userId);
    await db.transaction(async (tx) => {
      await removeTotp(tx, userId);
      await tx.delete(passkeyCredentials).where(eq(passkeyCredentials.userId, userId));
      await recordAudit(tx, { userId: actor.userId, action: 'mfa.removed', entity: usersCatalog.key, entityId: userId, ip: actor.ip });
    });
  }

  /** POST /auth/reauthenticate: the password or a code renews the login's proof for REAUTHENTICATION_MINUTES. */
  async function reauthenticate(userId: number, familyId: string, input: ReauthenticateRequest, ip: string): Promise<void> {
    if ('password' in input) {
      await checkPassword(userId, input.password, ip);
    } else {
      const totp = await totpOf(db, userId);
      const claim = await auth.claimAttempt(userId, new Date());
      if (!claim) throw new TooManyRequestsError();
      if (!totp?.confirmedAt || !(await acceptCode(db, userId, totp.secret, input.code))) {
        await audit(db, userId, 'auth.reauthentication_failed', ip, { reason: 'bad_code' });
        if (claim.locks) throw new TooManyRequestsError();
        throw new ValidationError({ code: MFA_MESSAGES.wrongCode });
      }
      await db.update(users).set({ failedLoginCount: 0 }).where(eq(users.id, userId));
    }
    await db.transaction(async (tx) => {
      await recordAuthentication(tx, userId, familyId, new Date());
      await audit(tx, userId, 'auth.reauthenticated', ip, { method: 'password' in input ? 'password' : 'totp' });
    });
  }

  return { verify, setup, confirm, status, disable, regenerate, removeByAdmin, reauthenticate, requiredByRole };
}

export type MfaService = ReturnType<typeof createMfaService>;
