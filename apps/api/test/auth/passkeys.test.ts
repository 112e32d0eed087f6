import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MFA_MESSAGES, PASSKEY_MESSAGES, REAUTHENTICATION_REQUIRED, sessionUserSchema, type PasskeyRegistered } from '@goc/contracts';
import { auditLog, mfaRecoveryCodes, passkeyCredentials, roles, users, webauthnChallenges } from '../../src/db/schema';
import { bearer, createRole, createTestApp, createUser, login, postLogin, type TestApp } from '../helpers/app';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '../helpers/webauthn';

/* Passkeys (WebAuthn) as a second factor (docs/security.md «Llaves de acceso»), with a software authenticator. */

const SITE = { rpId: 'goc.empresa.test', origin: 'https://goc.empresa.test', rpName: 'GOC' };

let t: TestApp;
/** A second API process on the same database. */
let other: FastifyInstance;
beforeAll(async () => {
  // A lockout above five, so «five wrong answers end the mfaToken» shows apart from the lockout.
  t = await createTestApp({ config: { webauthn: SITE, auth: { maxFailedLogins: 10, lockoutMinutes: 10 } } });
  other = await t.variant({ webauthn: SITE });
});
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

const API = '/api/v2';
const post = (url: string, payload: unknown, token?: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as Record<string, unknown>, headers: token ? bearer(token) : {} });

const audits = (userId: number, action: string) => t.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));

function minutesLater(minutes: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + minutes * 60_000);
}

async function registrationOptions(token: string, app = t.app): Promise<CreationOptions> {
  const res = await post('/auth/mfa/passkeys/registration-options', {}, token, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CreationOptions;
}

/** A user with one passkey registered from «Mi cuenta». */
async function withPasskey(roleId?: number) {
  const user = await createUser(t.app, roleId === undefined ? {} : { roleId });
  const session = await login(t.app, user.username, user.password);
  const key = new SoftAuthenticator(SITE.origin);
  const res = await post('/auth/mfa/passkeys', { name: 'Laptop de la oficina', response: key.create(await registrationOptions(session.token)) }, session.token);
  expect(res.statusCode, res.body).toBe(201);
  return { ...user, session, key, passkey: res.json() as PasskeyRegistered };
}

async function mfaTokenOf(username: string, password: string, app = t.app) {
  const res = await postLogin(app, username, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { mfaRequired: true; mfaToken: string; methods: string[] };
}

async function authenticationOptions(mfaToken: string, app = t.app): Promise<RequestOptions> {
  const res = await post('/auth/mfa/passkeys/authentication-options', { mfaToken }, undefined, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RequestOptions;
}

describe('registering a passkey from «Mi cuenta»', () => {
  it('hands out a challenge for this site, keeps the public key under the name given, lists it and audits it', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    const options = (await registrationOptions(session.token)) as CreationOptions & { user: { name: string }; attestation: string };
    expect(options.rp).toEqual({ id: SITE.rpId, name: 'GOC' });
    expect(options.user.name).toBe(user.username);
    expect(options.attestation).toBe('none');
    const [kept] = await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge));
    expect(kept).toMatchObject({ userId: user.id, purpose: 'register' });
    expect(kept!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const key = new SoftAuthenticator(SITE.origin);
    const res = await post('/auth/mfa/passkeys', { name: '  Laptop  ', response: key.create(options) }, session.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Laptop', backedUp: false, lastUsedAt: null });
    const [stored] = await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id));
    expect(stored).toMatchObject({ credentialId: key.id, counter: 0, transports: ['internal'] });

    // The first second factor brings the recovery codes, shown once.
    const { recoveryCodes, ...registered } = res.json() as PasskeyRegistered;
    expect(recoveryCodes).toHaveLength(10);
    const list = await t.app.inject({ method: 'GET', url: `${API}/auth/mfa/passkeys`, headers: bearer(session.token) });
    expect(list.json()).toEqual({ items: [registered] });
    const status = await t.app.inject({ method: 'GET', url: `${API}/auth/mfa`, headers: bearer(session.token) });
    expect(status.json()).toMatchObject({ enabled: false, passkeysAvailable: true, passkeys: 1, recoveryCodesLeft: 10 });
    expect((await audits(user.id, 'mfa.passkey_added')).map((a) => a.metadata)).toEqual([{ credential: stored!.id, name: 'Laptop', recoveryCodes: true }]);

    // The same key twice: the browser is told to exclude it, and the server refuses it anyway.
    const again = (await registrationOptions(session.token)) as CreationOptions & { excludeCredentials: { id: string }[] };
    expect(again.excludeCredentials.map((c) => c.id)).toEqual([key.id]);
    const twice = await post('/auth/mfa/passkeys', { name: 'Otra vez', response: key.create(again) }, session.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PASSKEY_MESSAGES.duplicate);
  });

  it('spends the challenge on the first answer, refuses an expired one, another site, another user and a missing name', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    const key = new SoftAuthenticator(SITE.origin);

    const phishing = await registrationOptions(session.token);
    const wrongSite = await post('/auth/mfa/passkeys', { name: 'Llave', response: key.create(phishing, { origin: 'https://goc-empresa.example' }) }, session.token);
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().message).toBe(PASSKEY_MESSAGES.failed);
    // That answer spent the challenge: the genuine one that follows is too late.
    const replay = await post('/auth/mfa/passkeys', { name: 'Llave', response: key.create(phishing) }, session.token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(PASSKEY_MESSAGES.expired);

    const someoneElse = await createUser(t.app);
    const theirs = await registrationOptions((await login(t.app, someoneElse.username, someoneElse.password)).token);
    expect((await post('/auth/mfa/passkeys', { name: 'Llave', response: key.create(theirs) }, session.token)).json().message).toBe(PASSKEY_MESSAGES.expired);

    const noName = await post('/auth/mfa/passkeys', { name: ' ', response: key.create(await registrationOptions(session.token)) }, session.token);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.name).toBe(PASSKEY_MESSAGES.name);

    const late = await registrationOptions(session.token);
    // Within re-authentication's ten minutes, past the challenge's five.
    minutesLater(6);
    expect((await post('/auth/mfa/passkeys', { name: 'Llave', response: key.create(late) }, session.token)).json().message).toBe(PASSKEY_MESSAGES.expired);
    expect(await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id))).toEqual([]);
  });

  it('asks for the identity again when the sign-in is older than ten minutes, and an API process answers what another asked', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    const options = await registrationOptions(session.token);
    minutesLater(11);
    const key = new SoftAuthenticator(SITE.origin);
    const refused = await post('/auth/mfa/passkeys', { name: 'Llave', response: key.create(options) }, session.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(REAUTHENTICATION_REQUIRED);
    expect((await post('/auth/mfa/passkeys/registration-options', {}, session.token)).statusCode).toBe(403);
    expect((await post('/auth/reauthenticate', { password: user.password }, session.token)).statusCode).toBe(204);

    const fromOther = await registrationOptions(session.token, other);
    const res = await post('/auth/mfa/passkeys', { name: 'Llave', response: key.create(fromOther) }, session.token);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('is off without GOC_PUBLIC_URL (no site to bind the passkey to)', async () => {
    const bare = await t.variant({});
    const user = await createUser(bare);
    const session = await login(bare, user.username, user.password);
    const res = await post('/auth/mfa/passkeys/registration-options', {}, session.token, bare);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.notConfigured);
    expect((await bare.inject({ method: 'GET', url: `${API}/auth/mfa`, headers: bearer(session.token) })).json()).toMatchObject({ passkeysAvailable: false });
  });
});

describe('signing in with a passkey as the second step', () => {
  it('asks for it after the password, says which factors the user has, and opens the session with a signed challenge', async () => {
    const user = await withPasskey();
    const step = await mfaTokenOf(user.username, user.password);
    expect(step).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['passkey'] });

    const options = (await authenticationOptions(step.mfaToken)) as RequestOptions & { rpId: string };
    expect(options.rpId).toBe(SITE.rpId);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([user.key.id]);
    user.key.counter = 1;
    // Asked in one process, answered in another.
    const res = await post('/auth/mfa/verify', { mfaToken: step.mfaToken, passkey: user.key.get(options) }, undefined, other);
    expect(res.statusCode, res.body).toBe(200);
    expect(sessionUserSchema.parse(res.json().user).id).toBe(user.id);
    const [stored] = await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id));
    expect(stored!.counter).toBe(1);
    expect(stored!.lastUsedAt).not.toBeNull();
    expect((await audits(user.id, 'mfa.verified')).map((a) => a.metadata)).toEqual([{ method: 'passkey' }]);
    expect((await audits(user.id, 'auth.login')).at(-1)?.metadata).toMatchObject({ method: 'passkey' });
    // The mfaToken served once.
    expect((await post('/auth/mfa/passkeys/authentication-options', { mfaToken: step.mfaToken }, undefined)).statusCode).toBe(401);
  });

  it('refuses a replayed answer, a counter that did not grow, an unknown key, another site and another sign-in’s challenge', async () => {
    const user = await withPasskey();
    const first = await mfaTokenOf(user.username, user.password);
    user.key.counter = 5;
    const answer = user.key.get(await authenticationOptions(first.mfaToken));
    expect((await post('/auth/mfa/verify', { mfaToken: first.mfaToken, passkey: answer })).statusCode).toBe(200);

    const second = await mfaTokenOf(user.username, user.password);
    const refused = async (passkey: unknown) => {
      const res = await post('/auth/mfa/verify', { mfaToken: second.mfaToken, passkey });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe(PASSKEY_MESSAGES.failed);
    };
    // The same signed answer again: its challenge was spent.
    await refused(answer);
    // A copy of the key whose counter lags the one seen (a cloned authenticator).
    user.key.counter = 5;
    await refused(user.key.get(await authenticationOptions(second.mfaToken)));
    user.key.counter = 6;
    await refused(new SoftAuthenticator(SITE.origin).get(await authenticationOptions(second.mfaToken)));
    await refused(user.key.get(await authenticationOptions(second.mfaToken), { origin: 'https://goc-empresa.example' }));
    const third = await mfaTokenOf(user.username, user.password);
    // Five wrong answers end the mfaToken, as five wrong codes do.
    const fifth = await post('/auth/mfa/verify', { mfaToken: second.mfaToken, passkey: user.key.get(await authenticationOptions(third.mfaToken)) });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toBe(MFA_MESSAGES.challengeEnded);
    expect((await audits(user.id, 'mfa.failed')).every((a) => (a.metadata as { method: string }).method === 'passkey')).toBe(true);
    expect(await audits(user.id, 'mfa.failed')).toHaveLength(5);
    // The genuine key still signs in.
    const ok = await post('/auth/mfa/verify', { mfaToken: third.mfaToken, passkey: user.key.get(await authenticationOptions(third.mfaToken)) });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('passkeys and the role that requires two-factor', () => {
  it('a passkey alone counts as enrolled; its last one cannot be removed, nor the last factor, unless another is left', async () => {
    const roleId = await createRole(t.db, `Con dos pasos ${Date.now()}`, { works: ['view'] });
    const user = await withPasskey();
    await t.db.update(users).set({ roleId }).where(eq(users.id, user.id));
    await t.db.update(roles).set({ requiresMfa: true }).where(eq(roles.id, roleId));

    const step = await mfaTokenOf(user.username, user.password);
    expect(step.mfaRequired).toBe(true);
    expect(step.methods).toEqual(['passkey']);
    user.key.counter = 1;
    const session = (await post('/auth/mfa/verify', { mfaToken: step.mfaToken, passkey: user.key.get(await authenticationOptions(step.mfaToken)) })).json() as { token: string };

    const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `${API}/auth/mfa/passkeys/${id}`, headers: bearer(session.token) });
    const last = await remove(user.passkey.id);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(PASSKEY_MESSAGES.lastFactor);

    // With the app's code as well, the passkey may go.
    const setup = await post('/auth/mfa/totp/setup', {}, session.token);
    const { secret } = setup.json() as { secret: string };
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    expect((await post('/auth/mfa/totp/confirm', { code }, session.token)).statusCode).toBe(200);
    expect((await mfaTokenOf(user.username, user.password)).methods).toEqual(['totp', 'passkey']);
    expect((await remove(user.passkey.id)).statusCode).toBe(204);
    expect((await remove(user.passkey.id)).statusCode).toBe(404);
    expect((await audits(user.id, 'mfa.passkey_removed')).map((a) => a.metadata)).toEqual([{ credential: user.passkey.id, name: 'Laptop de la oficina' }]);
    expect((await mfaTokenOf(user.username, user.password)).methods).toEqual(['totp']);
  });

  it('an administrator’s removal of the second factor (a lost key) removes the passkeys too', async () => {
    const user = await withPasskey();
    const admin = await login(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: `${API}/users/${user.id}/mfa`, headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id))).toEqual([]);
    expect(Object.keys((await postLogin(t.app, user.username, user.password)).json()).sort()).toEqual(['refreshToken', 'token', 'user']);
  });
});

describe('re-authenticating with a passkey before a sensitive change', () => {
  const reauthOptions = async (token: string, app = t.app): Promise<RequestOptions> => {
    const res = await post('/auth/reauthenticate/passkey-options', {}, token, app);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RequestOptions;
  };
  /** A sensitive change (lib/reauth.ts): asking to register another passkey. */
  const guarded = (token: string) => post('/auth/mfa/passkeys/registration-options', {}, token);

  it('records the re-authentication like the password does, so the refused change then passes, and audits it', async () => {
    const user = await withPasskey();
    minutesLater(11);
    const refused = await guarded(user.session.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(REAUTHENTICATION_REQUIRED);

    const options = (await reauthOptions(user.session.token)) as RequestOptions & { rpId: string };
    expect(options.rpId).toBe(SITE.rpId);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([user.key.id]);
    user.key.counter = 1;
    // Asked in one process, answered in another.
    const res = await post('/auth/reauthenticate', { passkey: user.key.get(options) }, user.session.token, other);
    expect(res.statusCode, res.body).toBe(204);
    expect((await guarded(user.session.token)).statusCode).toBe(200);
    expect((await audits(user.id, 'auth.reauthenticated')).map((a) => a.metadata)).toEqual([{ method: 'passkey' }]);
    const [stored] = await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id));
    expect(stored!.counter).toBe(1);
  });

  it('refuses a replayed answer, another key, another site and a sign-in’s challenge, in Spanish, counted toward the lockout', async () => {
    const user = await withPasskey();
    user.key.counter = 1;
    const answer = user.key.get(await reauthOptions(user.session.token));
    expect((await post('/auth/reauthenticate', { passkey: answer }, user.session.token)).statusCode).toBe(204);
    minutesLater(11);

    const refused = async (passkey: unknown) => {
      const res = await post('/auth/reauthenticate', { passkey }, user.session.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: PASSKEY_MESSAGES.failed, fields: { passkey: PASSKEY_MESSAGES.failed } });
    };
    // The same signed answer again: its challenge was spent.
    await refused(answer);
    user.key.counter = 2;
    await refused(new SoftAuthenticator(SITE.origin).get(await reauthOptions(user.session.token)));
    await refused(user.key.get(await reauthOptions(user.session.token), { origin: 'https://goc-empresa.example' }));
    // A challenge handed to a sign-in serves that sign-in only.
    const signIn = await mfaTokenOf(user.username, user.password);
    await refused(user.key.get(await authenticationOptions(signIn.mfaToken)));
    // Another person's session cannot spend this person's challenge.
    const stranger = await withPasskey();
    const theirs = await reauthOptions(user.session.token);
    expect((await post('/auth/reauthenticate', { passkey: stranger.key.get(theirs) }, stranger.session.token)).statusCode).toBe(400);

    expect((await audits(user.id, 'auth.reauthentication_failed')).map((a) => a.metadata)).toEqual(Array(4).fill({ reason: 'bad_passkey' }));
    const [counted] = await t.db.select({ failures: users.failedLoginCount }).from(users).where(eq(users.id, user.id));
    // Four wrong answers, and the password of the sign-in left without its second step.
    expect(counted!.failures).toBe(5);
    expect((await guarded(user.session.token)).statusCode).toBe(403);
    // The genuine key still confirms, and clears the count.
    user.key.counter = 3;
    expect((await post('/auth/reauthenticate', { passkey: user.key.get(await reauthOptions(user.session.token)) }, user.session.token)).statusCode).toBe(204);
    const [cleared] = await t.db.select({ failures: users.failedLoginCount }).from(users).where(eq(users.id, user.id));
    expect(cleared!.failures).toBe(0);
    expect((await guarded(user.session.token)).statusCode).toBe(200);
  });

  it('answers 409 in Spanish to a person without passkeys', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    const res = await post('/auth/reauthenticate/passkey-options', {}, session.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.none);
  });
});

describe('enrolling with a passkey when the role requires two-factor', () => {
  async function mustEnrol() {
    const roleId = await createRole(t.db, `Dos pasos por llave ${Date.now()}`, { works: ['view'] });
    await t.db.update(roles).set({ requiresMfa: true }).where(eq(roles.id, roleId));
    const user = await createUser(t.app, { roleId });
    const res = await postLogin(t.app, user.username, user.password);
    const step = res.json() as { mfaEnrollmentRequired: true; mfaToken: string };
    expect(Object.keys(step).sort()).toEqual(['mfaEnrollmentRequired', 'mfaToken']);
    return { ...user, mfaToken: step.mfaToken };
  }
  async function enrolmentOptions(mfaToken: string, app = t.app): Promise<CreationOptions> {
    const res = await post('/auth/mfa/enroll/passkey-options', { mfaToken }, undefined, app);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CreationOptions;
  }

  it('registers the passkey with the mfaToken, hands out the recovery codes once and opens the session', async () => {
    const user = await mustEnrol();
    const options = await enrolmentOptions(user.mfaToken);
    const key = new SoftAuthenticator(SITE.origin);
    // Asked in one process, answered in another.
    const res = await post('/auth/mfa/enroll/passkey', { mfaToken: user.mfaToken, name: 'Llave USB', response: key.create(options) }, undefined, other);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { recoveryCodes: string[]; session: { token: string } };
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    const me = await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(body.session.token) });
    expect(sessionUserSchema.parse(me.json()).id).toBe(user.id);
    expect((await audits(user.id, 'mfa.enrolled')).map((a) => a.metadata)).toEqual([{ method: 'passkey' }]);
    expect((await audits(user.id, 'auth.login')).at(-1)?.metadata).toMatchObject({ method: 'passkey' });
    // The sign-in is proven: a sensitive change passes at once.
    expect((await post('/auth/mfa/passkeys/registration-options', {}, body.session.token)).statusCode).toBe(200);
    // The mfaToken served once.
    const again = await post('/auth/mfa/enroll/passkey-options', { mfaToken: user.mfaToken });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MFA_MESSAGES.challengeEnded);

    // Next time, the passkey is asked for; a recovery code opens the session once.
    const next = await mfaTokenOf(user.username, user.password);
    expect(next.methods).toEqual(['passkey']);
    const recovered = await post('/auth/mfa/verify', { mfaToken: next.mfaToken, recoveryCode: body.recoveryCodes[0] });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const later = await mfaTokenOf(user.username, user.password);
    const reused = await post('/auth/mfa/verify', { mfaToken: later.mfaToken, recoveryCode: body.recoveryCodes[0] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(MFA_MESSAGES.wrongCode);
  });

  it('refuses a challenge of another sign-in or of «Mi cuenta», another site, and ends the mfaToken after five wrong answers', async () => {
    const user = await mustEnrol();
    const key = new SoftAuthenticator(SITE.origin);
    const enrol = (response: unknown, mfaToken = user.mfaToken) => post('/auth/mfa/enroll/passkey', { mfaToken, name: 'Llave', response });
    const refused = async (response: unknown) => {
      const res = await enrol(response);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    const otherSignIn = await mustEnrol();
    expect(await refused(key.create(await enrolmentOptions(otherSignIn.mfaToken)))).toBe(PASSKEY_MESSAGES.expired);
    const signedIn = await createUser(t.app);
    const session = await login(t.app, signedIn.username, signedIn.password);
    expect(await refused(key.create(await registrationOptions(session.token)))).toBe(PASSKEY_MESSAGES.expired);
    expect(await refused(key.create(await enrolmentOptions(user.mfaToken), { origin: 'https://goc-empresa.example' }))).toBe(PASSKEY_MESSAGES.failed);
    expect(await refused(key.create(await enrolmentOptions(user.mfaToken), { challenge: 'b3RybyByZXRv' }))).toBe(PASSKEY_MESSAGES.expired);
    const fifth = await enrol(key.create(await enrolmentOptions(user.mfaToken), { origin: 'https://goc-empresa.example' }));
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toBe(MFA_MESSAGES.challengeEnded);
    expect((await post('/auth/mfa/enroll/passkey-options', { mfaToken: user.mfaToken })).statusCode).toBe(401);
    expect(await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id))).toEqual([]);
  });

  it('is not offered without GOC_PUBLIC_URL', async () => {
    const bare = await t.variant({});
    const user = await mustEnrol();
    const res = await post('/auth/mfa/enroll/passkey-options', { mfaToken: user.mfaToken }, undefined, bare);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.notConfigured);
  });
});

describe('recovery codes of a person whose second factor is a passkey', () => {
  it('come with the first passkey only, sign in once each, are renewed with the password and go with the last factor', async () => {
    const user = await withPasskey();
    expect(user.passkey.recoveryCodes).toHaveLength(10);
    const second = await post('/auth/mfa/passkeys', { name: 'Teléfono', response: new SoftAuthenticator(SITE.origin).create(await registrationOptions(user.session.token)) }, user.session.token);
    expect(second.statusCode, second.body).toBe(201);
    expect((second.json() as PasskeyRegistered).recoveryCodes).toBeNull();

    const step = await mfaTokenOf(user.username, user.password);
    expect((await post('/auth/mfa/verify', { mfaToken: step.mfaToken, recoveryCode: user.passkey.recoveryCodes![1] })).statusCode).toBe(200);
    expect((await audits(user.id, 'mfa.recovery_used'))).toHaveLength(1);

    const renewed = await post('/auth/mfa/recovery-codes', { password: user.password }, user.session.token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes;
    const stale = await mfaTokenOf(user.username, user.password);
    expect((await post('/auth/mfa/verify', { mfaToken: stale.mfaToken, recoveryCode: user.passkey.recoveryCodes![2] })).statusCode).toBe(401);

    // With the app's code as well, disabling it keeps the codes the passkeys still need.
    const { secret } = (await post('/auth/mfa/totp/setup', {}, user.session.token)).json() as { secret: string };
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    const confirmed = await post('/auth/mfa/totp/confirm', { code }, user.session.token);
    const withApp = (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(withApp).not.toEqual(fresh);
    expect((await post('/auth/mfa/totp/disable', { password: user.password }, user.session.token)).statusCode).toBe(204);
    const status = async () => (await t.app.inject({ method: 'GET', url: `${API}/auth/mfa`, headers: bearer(user.session.token) })).json() as { recoveryCodesLeft: number };
    expect((await status()).recoveryCodesLeft).toBe(10);

    // Removing every passkey removes the codes with them.
    const ids = (await t.db.select({ id: passkeyCredentials.id }).from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id))).map((r) => r.id);
    for (const id of ids) expect((await t.app.inject({ method: 'DELETE', url: `${API}/auth/mfa/passkeys/${id}`, headers: bearer(user.session.token) })).statusCode).toBe(204);
    expect((await status()).recoveryCodesLeft).toBe(0);
    expect(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toEqual([]);
  });
});
