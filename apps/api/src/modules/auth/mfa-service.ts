import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  MFA_MESSAGES,
  PASSKEY_MESSAGES,
  notFoundMessage,
  usersCatalog,
  type LoginResponse,
  type MfaStatus,
  type MfaVerifyRequest,
  type PasskeyEnrolled,
  type PasskeyEnrollmentRequest,
  type ReauthenticateRequest,
  type TotpConfirmResponse,
  type TotpSetupResponse,
} from '@goc/contracts';
import type { Db, Executor } from '../../db/client';
import { passkeyCredentials, roles, users, userTotp } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor } from '../../lib/crud/types';
import { ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/passwords';
import { assertMayManageUser } from '../../lib/privileges';
import { recordAuthentication } from '../../lib/reauth';
import { codeStep, newTotpSecret, type TotpKeys } from '../../lib/totp';
import { AUTH_EVENTS, type AuthService } from './service';
import { countFailure, endChallenge, liveChallenge, secondFactorsOf, type LiveChallenge } from './mfa-challenges';
import type { PasskeyService } from './passkeys';
import type { RecoveryCodes } from './recovery-codes';

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
  recovery: RecoveryCodes;
}

/** Who enrols: a signed-in user (their login), or a sign-in waiting on enrolment (its challenge). */
export type Enroller = { userId: number; familyId: string } | { userId: number; challenge: LiveChallenge };

const challengeEnded = () => new UnauthorizedError(MFA_MESSAGES.challengeEnded);

export function createMfaService({ db, passwords, keys, auth, passkeys, recovery }: MfaDeps) {
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

  /** A code of the user's enrolled app, accepted once. */
  async function acceptEnrolledCode(userId: number, code: string): Promise<boolean> {
    const totp = await totpOf(db, userId);
    return totp?.confirmedAt != null && acceptCode(db, userId, totp.secret, code);
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
    // Recovery codes serve whichever second factor the person has (the app's code or passkeys).
    if ('recoveryCode' in input) return recovery.accept(db, userId, input.recoveryCode);
    return acceptEnrolledCode(userId, input.code);
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
      const codes = await recovery.replace(tx, userId);
      if ('familyId' in enroller) await recordAuthentication(tx, userId, enroller.familyId, now);
      await audit(tx, userId, 'mfa.enrolled', ip);
      return codes;
    });
    if (!recoveryCodes) {
      if ('challenge' in enroller && (await countFailure(db, enroller.challenge.id, now))) throw challengeEnded();
      throw new ValidationError({ code: MFA_MESSAGES.wrongCode });
    }
    if (!('challenge' in enroller)) return { recoveryCodes, session: null };
    return { recoveryCodes, session: await endEnrolment(enroller.challenge, now, ip, 'totp') };
  }

  /** Enrolling during a sign-in proved both factors: that sign-in (single use) ends in a session. */
  async function endEnrolment(challenge: LiveChallenge, now: Date, ip: string, method: 'totp' | 'passkey'): Promise<LoginResponse> {
    if (!(await endChallenge(db, challenge.id, now))) throw challengeEnded();
    return auth.signIn(challenge.userId, { ip }, now, { method });
  }

  /** POST /auth/mfa/enroll/passkey-options: the challenge to create a passkey, for a sign-in that must enrol. */
  async function passkeyEnrollmentOptions(mfaToken: string) {
    const challenge = await liveChallenge(db, mfaToken, 'enroll');
    if (!challenge) throw challengeEnded();
    return passkeys.registrationOptions(challenge.userId, challenge.id);
  }

  /** POST /auth/mfa/enroll/passkey: a passkey as the first second factor of a sign-in that must enrol; its recovery codes and the session. */
  async function enrolPasskey({ mfaToken, ...registration }: PasskeyEnrollmentRequest, ip: string): Promise<PasskeyEnrolled> {
    const now = new Date();
    const challenge = await liveChallenge(db, mfaToken, 'enroll', now);
    if (!challenge) throw challengeEnded();
    let registered;
    try {
      registered = await passkeys.register(challenge.userId, registration, ip, challenge.id);
    } catch (error) {
      // A wrong answer counts against this sign-in like a wrong code.
      if (error instanceof ValidationError && (await countFailure(db, challenge.id, now))) throw challengeEnded();
      throw error;
    }
    if (!registered.recoveryCodes) throw new Error('an enrolling passkey comes with recovery codes');
    await audit(db, challenge.userId, 'mfa.enrolled', ip, { method: 'passkey' });
    return { recoveryCodes: registered.recoveryCodes, session: await endEnrolment(challenge, now, ip, 'passkey') };
  }

  async function requiredByRole(executor: Executor, userId: number): Promise<boolean> {
    const [row] = await executor.select({ required: roles.requiresMfa }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, userId));
    return row?.required ?? false;
  }

  async function status(userId: number): Promise<MfaStatus> {
    const totp = await totpOf(db, userId);
    const [keys] = await db.select({ n: count() }).from(passkeyCredentials).where(eq(passkeyCredentials.userId, userId));
    return {
      enabled: totp?.confirmedAt != null,
      required: await requiredByRole(db, userId),
      recoveryCodesLeft: await recovery.left(db, userId),
      passkeysAvailable: passkeys.available,
      passkeys: Number(keys?.n ?? 0),
    };
  }

  /** POST /auth/mfa/totp/disable {password}: refused while the role requires a second factor and no passkey stays. */
  async function disable(userId: number, familyId: string, password: string, ip: string): Promise<void> {
    const passkeyStays = (await secondFactorsOf(db, userId)).includes('passkey');
    if ((await requiredByRole(db, userId)) && !passkeyStays) throw new ConflictError(MFA_MESSAGES.requiredByRole);
    const [enrolled] = await db.select({ userId: userTotp.userId }).from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
    if (!enrolled) throw new ConflictError(MFA_MESSAGES.notEnrolled);
    await checkPassword(userId, password, ip);
    await db.transaction(async (tx) => {
      await tx.delete(userTotp).where(eq(userTotp.userId, userId));
      // The recovery codes stay while passkeys do: they answer for those too.
      if (!passkeyStays) await recovery.remove(tx, userId);
      await recordAuthentication(tx, userId, familyId, new Date());
      await audit(tx, userId, 'mfa.disabled', ip);
    });
  }

  /** POST /auth/mfa/recovery-codes {password}: ten new codes for whichever second factor the person has; the old ones stop working. */
  async function regenerate(userId: number, familyId: string, password: string, ip: string): Promise<string[]> {
    if ((await secondFactorsOf(db, userId)).length === 0) throw new ConflictError(MFA_MESSAGES.notEnrolled);
    await checkPassword(userId, password, ip);
    return db.transaction(async (tx) => {
      const codes = await recovery.replace(tx, userId);
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
      await recovery.remove(tx, userId);
      await tx.delete(userTotp).where(eq(userTotp.userId, userId));
      await tx.delete(passkeyCredentials).where(eq(passkeyCredentials.userId, userId));
      await recordAudit(tx, { userId: actor.userId, action: 'mfa.removed', entity: usersCatalog.key, entityId: userId, ip: actor.ip });
    });
  }

  /** Checks a second factor instead of the password (the app's code, or a passkey's answer to a re-authentication challenge), counted toward the lockout like one. */
  async function checkSecondFactor(userId: number, input: Exclude<ReauthenticateRequest, { password: string }>, ip: string): Promise<void> {
    const now = new Date();
    const claim = await auth.claimAttempt(userId, now);
    if (!claim) throw new TooManyRequestsError();
    const accepted = 'code' in input ? await acceptEnrolledCode(userId, input.code) : await passkeys.verifyAssertion(userId, null, input.passkey, now);
    if (accepted) {
      await db.update(users).set({ failedLoginCount: 0 }).where(eq(users.id, userId));
      return;
    }
    await audit(db, userId, 'auth.reauthentication_failed', ip, { reason: 'code' in input ? 'bad_code' : 'bad_passkey' });
    if (claim.locks) throw new TooManyRequestsError();
    throw 'code' in input ? new ValidationError({ code: MFA_MESSAGES.wrongCode }) : new ValidationError({ passkey: PASSKEY_MESSAGES.failed }, PASSKEY_MESSAGES.failed);
  }

  /** POST /auth/reauthenticate/passkey-options: the challenge a passkey signs to confirm the signed-in person (single use, 5 minutes). */
  async function passkeyReauthenticationOptions(userId: number) {
    return passkeys.authenticationOptions(userId, null);
  }

  /** POST /auth/reauthenticate: the password, a code or a passkey renews the login's proof for REAUTHENTICATION_MINUTES. */
  async function reauthenticate(userId: number, familyId: string, input: ReauthenticateRequest, ip: string): Promise<void> {
    if ('password' in input) await checkPassword(userId, input.password, ip);
    else await checkSecondFactor(userId, input, ip);
    await db.transaction(async (tx) => {
      await recordAuthentication(tx, userId, familyId, new Date());
      await audit(tx, userId, 'auth.reauthenticated', ip, { method: 'password' in input ? 'password' : 'code' in input ? 'totp' : 'passkey' });
    });
  }

  return {
    verify,
    setup,
    confirm,
    passkeyEnrollmentOptions,
    enrolPasskey,
    status,
    disable,
    regenerate,
    removeByAdmin,
    passkeyReauthenticationOptions,
    reauthenticate,
    requiredByRole,
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
