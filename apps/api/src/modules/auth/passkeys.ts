import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import {
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyAuthenticationResponse,
  type PasskeyOptions,
  type PasskeyRegistered,
  type PasskeyRegistrationRequest,
} from '@goc/contracts';
import type { WebAuthnSettings } from './settings';
import type { Db, Executor } from '../../db/client';
import { passkeyCredentials, users, webauthnChallenges } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { PG_UNIQUE_VIOLATION, pgErrorInfo } from '../../lib/db-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { secondFactorsOf } from './mfa-challenges';
import type { RecoveryCodes } from './recovery-codes';

/*
 * Passkeys (WebAuthn, @simplewebauthn/server) as a second factor besides the app's code
 * (docs/security.md «Llaves de acceso»). The relying party is GOC_PUBLIC_URL's host and origin: a
 * passkey answers only that site, so a look-alike site cannot use it (phishing resistance). Each
 * challenge is random, kept in the database (any API process may check the answer), good for
 * CHALLENGE_MINUTES and spent by the first answer that names it, right or wrong. The signature
 * counter must grow (a cloned authenticator or a replayed answer is refused), stored atomically.
 * A challenge tied to an mfa challenge serves only that sign-in; one tied to none serves the signed-in
 * person (registering from «Mi cuenta», re-authenticating).
 */

const CHALLENGE_MINUTES = 5;
/** A person with more keys than this has forgotten some: each one is a way in. */
const MAX_PASSKEYS = 10;

const toPasskey = (row: typeof passkeyCredentials.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  backedUp: row.backedUp,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The challenge the browser signed, read from its client data (the library checks it against ours). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

const transportsOf = (stored: string[]) => stored as AuthenticatorTransport[];

export function createPasskeyService(db: Db, settings: WebAuthnSettings | undefined, recovery: RecoveryCodes) {
  const relyingParty = () => {
    if (!settings) throw new ConflictError(PASSKEY_MESSAGES.notConfigured);
    return settings;
  };

  async function keepChallenge(userId: number, challenge: string, purpose: 'register' | 'authenticate', mfaChallengeId: number | null, now: Date) {
    await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    await db.insert(webauthnChallenges).values({ challenge, userId, purpose, mfaChallengeId, expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000) });
  }

  /** Spends the challenge the answer names if it was handed to this user for this purpose and is still live. */
  async function spendChallenge(
    executor: Executor,
    clientDataJSON: string,
    where: { userId: number; purpose: 'register' | 'authenticate'; mfaChallengeId: number | null },
    now: Date,
  ): Promise<string | null> {
    const challenge = challengeOf(clientDataJSON);
    if (!challenge) return null;
    const [row] = await executor
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.userId, where.userId),
          eq(webauthnChallenges.purpose, where.purpose),
          where.mfaChallengeId === null ? isNull(webauthnChallenges.mfaChallengeId) : eq(webauthnChallenges.mfaChallengeId, where.mfaChallengeId),
          gt(webauthnChallenges.expiresAt, now),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return row?.challenge ?? null;
  }

  async function credentialsOf(executor: Executor, userId: number) {
    return executor.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, userId)).orderBy(asc(passkeyCredentials.id));
  }

  /**
   * What the browser needs to create a passkey for this user: signed in (POST
   * /auth/mfa/passkeys/registration-options), or for the sign-in `mfaChallengeId` that must enrol.
   */
  async function registrationOptions(userId: number, mfaChallengeId: number | null = null): Promise<PasskeyOptions> {
    const rp = relyingParty();
    const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    if (!user) throw new NotFoundError();
    const existing = await credentialsOf(db, userId);
    if (existing.length >= MAX_PASSKEYS) throw new ConflictError(`Puedes registrar hasta ${MAX_PASSKEYS} llaves de acceso; quita una que ya no uses`);
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpId,
      userName: user.username,
      // The user handle: the numeric id, no personal data.
      userID: isoUint8Array.fromUTF8String(String(userId)),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await keepChallenge(userId, options.challenge, 'register', mfaChallengeId, new Date());
    return { ...options };
  }

  /**
   * Checks the new passkey against the challenge handed out (to the signed-in person, or to the
   * sign-in `mfaChallengeId`) and keeps its public key. The person's first second factor brings the
   * recovery codes, as the app's code does: losing the only key is then recoverable.
   */
  async function register(userId: number, input: PasskeyRegistrationRequest, ip: string, mfaChallengeId: number | null = null): Promise<PasskeyRegistered> {
    const rp = relyingParty();
    const now = new Date();
    const expectedChallenge = await spendChallenge(db, input.response.response.clientDataJSON, { userId, purpose: 'register', mfaChallengeId }, now);
    if (!expectedChallenge) throw new ValidationError({ response: PASSKEY_MESSAGES.expired }, PASSKEY_MESSAGES.expired);
    const verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      // A second factor after the password: possession of the key is the factor, a PIN on it is not required.
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) throw new ValidationError({ response: PASSKEY_MESSAGES.failed }, PASSKEY_MESSAGES.failed);
    const { credential, credentialBackedUp } = verification.registrationInfo;
    try {
      return await db.transaction(async (tx) => {
        // One registration at a time per user, so two first keys cannot both hand out codes.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        // A sign-in that must enrol has no second factor by definition.
        const first = mfaChallengeId !== null || (await secondFactorsOf(tx, userId)).length === 0 || !(await recovery.given(tx, userId));
        const [row] = await tx
          .insert(passkeyCredentials)
          .values({
            userId,
            credentialId: credential.id,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name: input.name,
            backedUp: credentialBackedUp,
          })
          .returning();
        if (!row) throw new Error('passkey insert returned no row');
        const recoveryCodes = first ? await recovery.replace(tx, userId) : null;
        await recordAudit(tx, {
          userId,
          action: 'mfa.passkey_added',
          entity: 'user',
          entityId: userId,
          ip,
          metadata: { credential: row.id, name: row.name, recoveryCodes: recoveryCodes !== null },
        });
        return { ...toPasskey(row), recoveryCodes };
      });
    } catch (error) {
      if (pgErrorInfo(error)?.code === PG_UNIQUE_VIOLATION) throw new ConflictError(PASSKEY_MESSAGES.duplicate);
      throw error;
    }
  }

  async function list(userId: number): Promise<Passkey[]> {
    return (await credentialsOf(db, userId)).map(toPasskey);
  }

  /** DELETE /auth/mfa/passkeys/:id: refused for the last second factor of a role that requires one. */
  async function remove(userId: number, id: number, required: boolean, ip: string): Promise<void> {
    await db.transaction(async (tx) => {
      // One removal at a time per user, so two parallel removals cannot both pass the last-factor check.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [target] = await tx
        .select({ id: passkeyCredentials.id, name: passkeyCredentials.name })
        .from(passkeyCredentials)
        .where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.userId, userId)));
      if (!target) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
      if (required) {
        const methods = await secondFactorsOf(tx, userId);
        const [left] = await tx.select({ n: count() }).from(passkeyCredentials).where(eq(passkeyCredentials.userId, userId));
        if (!methods.includes('totp') && Number(left?.n ?? 0) <= 1) throw new ConflictError(PASSKEY_MESSAGES.lastFactor);
      }
      await tx.delete(passkeyCredentials).where(eq(passkeyCredentials.id, id));
      // The last second factor gone: its recovery codes go with it.
      if ((await secondFactorsOf(tx, userId)).length === 0) await recovery.remove(tx, userId);
      await recordAudit(tx, { userId, action: 'mfa.passkey_removed', entity: 'user', entityId: userId, ip, metadata: { credential: id, name: target.name } });
    });
  }

  /** The options to sign with one of this user's passkeys: the second step of the sign-in `mfaChallengeId`, or (null) a re-authentication. */
  async function authenticationOptions(userId: number, mfaChallengeId: number | null): Promise<PasskeyOptions> {
    const rp = relyingParty();
    const existing = await credentialsOf(db, userId);
    if (existing.length === 0) throw new ConflictError(PASSKEY_MESSAGES.none);
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      allowCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
      userVerification: 'preferred',
    });
    await keepChallenge(userId, options.challenge, 'authenticate', mfaChallengeId, new Date());
    return { ...options };
  }

  /**
   * Whether the answer proves the user holds one of their passkeys, for this sign-in's challenge or
   * (null) a re-authentication's (spent either way). The counter moves only from the value read, so two answers racing with the
   * same signature cannot both pass.
   */
  async function verifyAssertion(userId: number, mfaChallengeId: number | null, response: PasskeyAuthenticationResponse, now: Date): Promise<boolean> {
    if (!settings) return false;
    const expectedChallenge = await spendChallenge(db, response.response.clientDataJSON, { userId, purpose: 'authenticate', mfaChallengeId }, now);
    if (!expectedChallenge) return false;
    const [stored] = await db
      .select()
      .from(passkeyCredentials)
      .where(and(eq(passkeyCredentials.credentialId, response.id), eq(passkeyCredentials.userId, userId)));
    if (!stored) return false;
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: settings.origin,
      expectedRPID: settings.rpId,
      credential: { id: stored.credentialId, publicKey: isoBase64URL.toBuffer(stored.publicKey), counter: stored.counter, transports: transportsOf(stored.transports) },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) return false;
    const moved = await db
      .update(passkeyCredentials)
      .set({ counter: verification.authenticationInfo.newCounter, backedUp: verification.authenticationInfo.credentialBackedUp, lastUsedAt: now })
      .where(and(eq(passkeyCredentials.id, stored.id), eq(passkeyCredentials.counter, stored.counter)))
      .returning({ id: passkeyCredentials.id });
    return moved.length > 0;
  }

  return { available: settings !== undefined, registrationOptions, register, list, remove, authenticationOptions, verifyAssertion };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
