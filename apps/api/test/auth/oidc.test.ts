import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, SESSION_MESSAGES } from '@goc/contracts';
import type { OidcSettings } from '../../src/modules/auth/settings';
import { auditLog, oidcIdentities, oidcSignIns, roles, sessionDevices, users } from '../../src/db/schema';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { CLIENT, REDIRECT_URI, startForgingProvider, startProvider, type ForgingProvider, type RealProvider } from './providers';

/*
 * Sign-in with the company's account against OpenID Providers run in this process: the whole
 * authorization code flow (PKCE, state, nonce) with the `oidc-provider` package, and ID tokens a
 * forging provider makes wrong on purpose. What ends in a session, and every refusal, with what is stored.
 */

let provider: RealProvider;
let forging: ForgingProvider;
let t: TestApp;
let forged: FastifyInstance;

const settingsFor = (issuer: string): OidcSettings => ({
  issuer,
  clientId: CLIENT.id,
  clientSecret: CLIENT.secret,
  label: 'Entrar con Microsoft',
  domains: ['empresa.mx'],
  redirectUri: REDIRECT_URI,
});

beforeAll(async () => {
  provider = await startProvider();
  forging = await startForgingProvider();
  t = await createTestApp({ config: { oidc: settingsFor(provider.issuer) } });
  forged = await t.variant({ oidc: settingsFor(forging.issuer) });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
  await forging?.close();
});

const BROWSER = 'goc_oidc';
let seq = 0;

/** A GOC user with an e-mail, and the provider's account for it. */
async function person(options: { email?: string; verified?: boolean; active?: boolean; gocEmail?: string | null } = {}) {
  seq += 1;
  const email = options.email ?? `persona${seq}@empresa.mx`;
  const user = await createUser(t.app, { active: options.active ?? true });
  const gocEmail = options.gocEmail === undefined ? email.toUpperCase() : options.gocEmail;
  await t.db.update(users).set({ email: gocEmail }).where(eq(users.id, user.id));
  const sub = `sub-${seq}-${Date.now()}`;
  provider.accounts.set(sub, { email, email_verified: options.verified ?? true });
  return { ...user, sub, email };
}

/** Start → provider → callback, as the browser goes: where the callback sends the browser. */
async function signInThroughProvider(sub: string, tamper?: () => Promise<void>): Promise<string> {
  const start = await t.app.inject({ method: 'GET', url: '/api/v2/auth/oidc/start' });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = start.cookies.find((c) => c.name === BROWSER);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v2/auth/oidc' });
  const authorization = new URL(start.headers.location as string);
  expect(authorization.origin).toBe(provider.issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  expect(authorization.searchParams.get('state')).toBeTruthy();
  const back = await provider.signIn(authorization.href, sub);
  await tamper?.();
  const callback = await t.app.inject({
    method: 'GET',
    url: `/api/v2/auth/oidc/callback${back.search}`,
    cookies: { [BROWSER]: cookie!.value },
  });
  expect(callback.statusCode, callback.body).toBe(302);
  return callback.headers.location as string;
}

const exchange = (app: FastifyInstance, code: string, userAgent = 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0') =>
  app.inject({ method: 'POST', url: '/api/v2/auth/oidc/exchange', payload: { code }, headers: { 'user-agent': userAgent } });
const codeOf = (location: string) => /^\/login#oidc=([\w-]+)$/.exec(location)?.[1];
const refusalOf = (location: string) => /^\/login#oidcError=(\w+)$/.exec(location)?.[1];
const failures = async (reason: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.oidc_login_failed'))).filter((a) => (a.metadata as { reason?: string }).reason === reason);

describe('GET /api/v2/auth/oidc/config', () => {
  it('tells the login page the button and its label, or that there is none', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/oidc/config' })).json()).toEqual({ enabled: true, label: 'Entrar con Microsoft' });
    const plain = await t.variant({});
    expect((await plain.inject({ method: 'GET', url: '/api/v2/auth/oidc/config' })).json()).toEqual({ enabled: false, label: null });
    const start = await plain.inject({ method: 'GET', url: '/api/v2/auth/oidc/start' });
    expect(start.statusCode).toBe(404);
    expect(start.json().message).toBe(SESSION_MESSAGES.oidcNotConfigured);
  });
});

describe('sign-in with the OpenID Provider', () => {
  it('links a first sign-in to the active user of that verified e-mail and ends in the login answer, once', async () => {
    const someone = await person();
    const location = await signInThroughProvider(someone.sub);
    const code = codeOf(location);
    expect(code, location).toBeDefined();

    const res = await exchange(t.app, code!);
    expect(res.statusCode, res.body).toBe(200);
    const answer = loginResponseSchema.parse(res.json());
    expect(answer.user).toMatchObject({ id: someone.id, username: someone.username });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: bearer(answer.token) })).json()).toMatchObject({ id: someone.id });
    const renewed = await t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', payload: { refreshToken: answer.refreshToken }, headers: bearer(answer.token) });
    expect(renewed.statusCode).toBe(200);

    const [identity] = await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, someone.id));
    expect(identity).toMatchObject({ issuer: provider.issuer, subject: someone.sub, email: someone.email });
    const familyId = JSON.parse(Buffer.from(answer.token.split('.')[1]!, 'base64url').toString()).sid as string;
    const [device] = await t.db.select().from(sessionDevices).where(eq(sessionDevices.familyId, familyId));
    expect(device).toMatchObject({ userId: someone.id, userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0' });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, someone.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.oidc_linked', 'auth.login']));
    // Nothing of the sign-in is left to replay: the code was single use.
    expect(await t.db.select().from(oidcSignIns)).toEqual([]);
    const again = await exchange(t.app, code!);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SESSION_MESSAGES.oidcExpired);

    // Later sign-ins find the user by (issuer, sub), whatever the e-mail says now.
    provider.accounts.set(someone.sub, { email: 'otro@otra.com', email_verified: false });
    const later = await exchange(t.app, codeOf(await signInThroughProvider(someone.sub))!);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().user.id).toBe(someone.id);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const someone = await person();
    const location = await signInThroughProvider(someone.sub, async () => {
      await t.db.update(oidcSignIns).set({ nonce: 'otro-nonce' });
    });
    expect(refusalOf(location)).toBe('failed');
    expect(await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, someone.id))).toEqual([]);
    expect(await failures('failed')).not.toHaveLength(0);
  });

  it('refuses a sub with no user of that e-mail, never creating one', async () => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const stranger = `desconocido-${Date.now()}`;
    provider.accounts.set(stranger, { email: 'nadie@empresa.mx', email_verified: true });
    expect(refusalOf(await signInThroughProvider(stranger))).toBe('nouser');
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
    expect(await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, stranger))).toEqual([]);
    expect(await failures('nouser')).toHaveLength(1);
  });

  it('refuses an e-mail outside the allowed domains', async () => {
    const someone = await person({ email: `alguien${Date.now()}@gmail.com` });
    expect(refusalOf(await signInThroughProvider(someone.sub))).toBe('domain');
    expect(await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, someone.id))).toEqual([]);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const someone = await person({ verified: false });
    expect(refusalOf(await signInThroughProvider(someone.sub))).toBe('unverified');
    expect(await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, someone.id))).toEqual([]);
  });

  it('refuses a deactivated user, at the first sign-in and once linked', async () => {
    const inactive = await person({ active: false });
    expect(refusalOf(await signInThroughProvider(inactive.sub))).toBe('inactive');

    const someone = await person();
    const code = codeOf(await signInThroughProvider(someone.sub))!;
    // Deactivated between the callback and the exchange.
    await t.db.update(users).set({ active: false }).where(eq(users.id, someone.id));
    const res = await exchange(t.app, code);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SESSION_MESSAGES.oidcInactive);
    expect(refusalOf(await signInThroughProvider(someone.sub))).toBe('inactive');
  });

  it('refuses a callback in a browser other than the one that began, and a state used twice', async () => {
    const someone = await person();
    const start = await t.app.inject({ method: 'GET', url: '/api/v2/auth/oidc/start' });
    const back = await provider.signIn(start.headers.location as string, someone.sub);
    const other = await t.app.inject({ method: 'GET', url: `/api/v2/auth/oidc/callback${back.search}`, cookies: { [BROWSER]: 'otro-navegador' } });
    expect(refusalOf(other.headers.location as string)).toBe('expired');
    const cookie = start.cookies.find((c) => c.name === BROWSER)!.value;
    const replay = await t.app.inject({ method: 'GET', url: `/api/v2/auth/oidc/callback${back.search}`, cookies: { [BROWSER]: cookie } });
    expect(refusalOf(replay.headers.location as string)).toBe('expired');
    expect(await t.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, someone.id))).toEqual([]);
  });
});

describe('a user with a second factor', () => {
  it('is asked for it after the provider, as after the password: no session until the code is right', async () => {
    const someone = await person();
    const session = await login(t.app, someone.username, someone.password);
    const setup = await t.app.inject({ method: 'POST', url: '/api/v2/auth/mfa/totp/setup', payload: {}, headers: bearer(session.token) });
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32((setup.json() as { secret: string }).secret) });
    const confirm = await t.app.inject({ method: 'POST', url: '/api/v2/auth/mfa/totp/confirm', payload: { code: totp.generate() }, headers: bearer(session.token) });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const res = await exchange(t.app, codeOf(await signInThroughProvider(someone.sub))!);
    expect(res.statusCode, res.body).toBe(200);
    const step = res.json() as { mfaRequired: true; mfaToken: string; methods: string[] };
    expect(step).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp'] });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v2/auth/mfa/verify', payload: { mfaToken: step.mfaToken, code: '000000' } });
    expect(wrong.statusCode).toBe(401);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/mfa/verify',
      payload: { mfaToken: step.mfaToken, code: totp.generate({ timestamp: Date.now() + 30_000 }) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(loginResponseSchema.parse(verified.json()).user.id).toBe(someone.id);
  });

  it('enrols first when the role requires it and the user has none', async () => {
    const roleId = await createRole(t.db, `OIDC con dos pasos ${Date.now()}`, { works: ['view'] });
    await t.db.update(roles).set({ requiresMfa: true }).where(eq(roles.id, roleId));
    const someone = await person();
    await t.db.update(users).set({ roleId }).where(eq(users.id, someone.id));
    const res = await exchange(t.app, codeOf(await signInThroughProvider(someone.sub))!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mfaEnrollmentRequired: true, mfaToken: expect.any(String) });
  });
});

describe('ID tokens checked by openid-client', () => {
  /** Start on the forging provider, and come back with its ID token. */
  async function forgedCallback(claims: (nonce: string) => Record<string, unknown>) {
    forging.claims = claims;
    const start = await forged.inject({ method: 'GET', url: '/api/v2/auth/oidc/start' });
    const authorization = new URL(start.headers.location as string);
    const nonce = authorization.searchParams.get('nonce')!;
    const query = new URLSearchParams({ code: nonce, state: authorization.searchParams.get('state')! });
    const res = await forged.inject({
      method: 'GET',
      url: `/api/v2/auth/oidc/callback?${query}`,
      cookies: { [BROWSER]: start.cookies.find((c) => c.name === BROWSER)!.value },
    });
    return res.headers.location as string;
  }
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a well-formed one (the forging provider works)', async () => {
    const someone = await person();
    const location = await forgedCallback((nonce) => ({ iss: forging.issuer, aud: CLIENT.id, sub: someone.sub, nonce, iat: now(), exp: now() + 300, email: someone.email, email_verified: true }));
    expect(codeOf(location), location).toBeDefined();
    expect((await exchange(forged, codeOf(location)!)).statusCode).toBe(200);
  });

  it.each([
    ['another audience', (nonce: string, sub: string) => ({ iss: forging.issuer, aud: 'otra-aplicacion', sub, nonce, iat: now(), exp: now() + 300 })],
    ['another issuer', (nonce: string, sub: string) => ({ iss: 'https://otro.example', aud: CLIENT.id, sub, nonce, iat: now(), exp: now() + 300 })],
    ['an expired token', (nonce: string, sub: string) => ({ iss: forging.issuer, aud: CLIENT.id, sub, nonce, iat: now() - 7200, exp: now() - 3600 })],
    ['another nonce', (_nonce: string, sub: string) => ({ iss: forging.issuer, aud: CLIENT.id, sub, nonce: 'otro', iat: now(), exp: now() + 300 })],
  ])('refuses %s', async (_name, claims) => {
    const someone = await person();
    const location = await forgedCallback((nonce) => ({ ...claims(nonce, someone.sub), email: someone.email, email_verified: true }));
    expect(refusalOf(location), location).toBe('failed');
    const linked = await t.db.select().from(oidcIdentities).where(and(eq(oidcIdentities.issuer, forging.issuer), eq(oidcIdentities.userId, someone.id)));
    expect(linked).toEqual([]);
  });
});
