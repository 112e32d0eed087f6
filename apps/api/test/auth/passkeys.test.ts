import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MFA_MESSAGES, PASSKEY_MESSAGES, REAUTHENTICATION_REQUIRED, sessionUserSchema, type Passkey } from '@goc/contracts';
import { auditLog, passkeyCredentials, roles, users, webauthnChallenges } from '../../src/db/schema';
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
  return { ...user, session, key, passkey: res.json() as Passkey };
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

    const list = await t.app.inject({ method: 'GET', url: `${API}/auth/mfa/passkeys`, headers: bearer(session.token) });
    expect(list.json()).toEqual({ items: [res.json()] });
    const status = await t.app.inject({ method: 'GET', url: `${API}/auth/mfa`, headers: bearer(session.token) });
    expect(status.json()).toMatchObject({ enabled: false, passkeysAvailable: true, passkeys: 1 });
    expect((await audits(user.id, 'mfa.passkey_added')).map((a) => a.metadata)).toEqual([{ credential: stored!.id, name: 'Laptop' }]);

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
