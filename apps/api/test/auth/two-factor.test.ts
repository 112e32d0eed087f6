import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MFA_MESSAGES, REAUTHENTICATION_REQUIRED, sessionUserSchema } from '@goc/contracts';
import { auditLog, mfaChallenges, mfaRecoveryCodes, refreshTokens, roles, sessionAuthentications, users, userTotp } from '../../src/db/schema';
import { bearer, createRole, createTestApp, createUser, login, postLogin, type TestApp } from '../helpers/app';

/* Two-factor verification, required by role, and re-authentication (docs/security.md). */

let t: TestApp;
beforeAll(async () => {
  // A lockout above five, so «five wrong codes end the mfaToken» shows apart from the lockout.
  t = await createTestApp({ config: { auth: { maxFailedLogins: 10, lockoutMinutes: 10 } } });
});
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

const API = '/api/v2';
const post = (url: string, payload: unknown, token?: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as Record<string, unknown>, headers: token ? bearer(token) : {} });

/** The code an authenticator shows for `secret`, `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Moves the API's clock on by two minutes: the next codes belong to steps never used. */
function nextMinutes() {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + 120_000);
}

const audits = (userId: number, action: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));

/** A user enrolled from «Mi cuenta»: their secret and recovery codes. */
async function enrolled(roleId?: number) {
  const user = await createUser(t.app, roleId === undefined ? {} : { roleId });
  const session = await login(t.app, user.username, user.password);
  const setup = await post('/auth/mfa/totp/setup', {}, session.token);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await post('/auth/mfa/totp/confirm', { code: codeAt(secret) }, session.token);
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...user, secret, session, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

async function mfaTokenOf(username: string, password: string, app = t.app): Promise<string> {
  const res = await postLogin(app, username, password);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { mfaRequired: true; mfaToken: string };
  expect(Object.keys(body).sort()).toEqual(['methods', 'mfaRequired', 'mfaToken']);
  return body.mfaToken;
}

describe('enrolment from «Mi cuenta»', () => {
  it('gives a base32 secret and its otpauth URL, keeps it encrypted, and turns on with a code and ten hashed single-use recovery codes', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    expect((await post('/auth/mfa/totp/setup', {})).statusCode).toBe(401);
    const setup = await post('/auth/mfa/totp/setup', {}, session.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('GOC');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    const [stored] = await t.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(stored!.secret).not.toContain(secret);
    expect(stored!.confirmedAt).toBeNull();
    // Not on yet: the password alone still signs in.
    expect(Object.keys((await postLogin(t.app, user.username, user.password)).json()).sort()).toEqual(['refreshToken', 'token', 'user']);

    const wrong = await post('/auth/mfa/totp/confirm', { code: codeAt(secret, 4) }, session.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: MFA_MESSAGES.wrongCode });
    const confirm = await post('/auth/mfa/totp/confirm', { code: codeAt(secret) }, session.token);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const hashes = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(recoveryCodes[0]!.replace('-', ''));

    expect((await t.app.inject({ method: 'GET', url: `${API}/auth/mfa`, headers: bearer(session.token) })).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10, passkeysAvailable: false, passkeys: 0 });
    // Once on, the secret is never given again.
    expect((await post('/auth/mfa/totp/setup', {}, session.token)).statusCode).toBe(409);
    expect(await audits(user.id, 'mfa.enrolled')).toHaveLength(1);
  });
});

describe('signing in with a second factor', () => {
  it('answers the password with an mfaToken and no session, then the code with the SPEC session; a code and an mfaToken serve once', async () => {
    const user = await enrolled();
    nextMinutes();
    const before = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    const mfaToken = await mfaTokenOf(user.username, user.password);
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toHaveLength(before.length);
    // The mfaToken is no access token.
    expect((await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(mfaToken) })).statusCode).toBe(401);

    const code = codeAt(user.secret);
    const res = await post('/auth/mfa/verify', { mfaToken, code });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect(sessionUserSchema.parse(body.user).id).toBe(user.id);
    expect((await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(body.token) })).statusCode).toBe(200);

    const again = await post('/auth/mfa/verify', { mfaToken, code: codeAt(user.secret, 1) });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MFA_MESSAGES.challengeEnded);
    // The same code, replayed in its window with a new password step, is refused.
    const replay = await post('/auth/mfa/verify', { mfaToken: await mfaTokenOf(user.username, user.password), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(MFA_MESSAGES.wrongCode);
    expect(await audits(user.id, 'mfa.challenge')).toHaveLength(2);
    expect(await audits(user.id, 'mfa.verified')).toHaveLength(1);
    expect(await audits(user.id, 'mfa.failed')).toHaveLength(1);
  });

  it('accepts one step of clock skew, not two', async () => {
    const user = await enrolled();
    nextMinutes();
    const ahead = await post('/auth/mfa/verify', { mfaToken: await mfaTokenOf(user.username, user.password), code: codeAt(user.secret, 2) });
    expect(ahead.statusCode).toBe(401);
    const late = await post('/auth/mfa/verify', { mfaToken: await mfaTokenOf(user.username, user.password), code: codeAt(user.secret, -1) });
    expect(late.statusCode, late.body).toBe(200);
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const user = await enrolled();
    const [first] = user.recoveryCodes;
    const typed = ` ${first!.toLowerCase().replace('-', ' ')} `;
    const ok = await post('/auth/mfa/verify', { mfaToken: await mfaTokenOf(user.username, user.password), recoveryCode: typed });
    expect(ok.statusCode, ok.body).toBe(200);
    const reused = await post('/auth/mfa/verify', { mfaToken: await mfaTokenOf(user.username, user.password), recoveryCode: first });
    expect(reused.statusCode).toBe(401);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, user.id), sql`${mfaRecoveryCodes.usedAt} is not null`));
    expect(row!.n).toBe(1);
    expect(await audits(user.id, 'mfa.recovery_used')).toHaveLength(1);
    const bad = await post('/auth/mfa/verify', { mfaToken: 'x', code: '12' });
    expect(bad.statusCode).toBe(400);
  });

  it('ends the mfaToken at the fifth wrong code, and counts wrong codes toward the lockout', async () => {
    const user = await enrolled();
    nextMinutes();
    const mfaToken = await mfaTokenOf(user.username, user.password);
    const wrong = codeAt(user.secret, 5);
    for (let i = 1; i <= 4; i += 1) expect((await post('/auth/mfa/verify', { mfaToken, code: wrong })).json().message).toBe(MFA_MESSAGES.wrongCode);
    expect((await post('/auth/mfa/verify', { mfaToken, code: wrong })).json().message).toBe(MFA_MESSAGES.challengeEnded);
    const ended = await post('/auth/mfa/verify', { mfaToken, code: codeAt(user.secret) });
    expect(ended.statusCode).toBe(401);
    const [challenge] = await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id)).orderBy(sql`${mfaChallenges.id} desc`).limit(1);
    expect(challenge).toMatchObject({ failures: 5 });
    expect(challenge!.endedAt).not.toBeNull();

    // One password and five codes so far (6 of 10): one more password and three wrong codes lock the account.
    const next = await mfaTokenOf(user.username, user.password);
    expect((await post('/auth/mfa/verify', { mfaToken: next, code: wrong })).statusCode).toBe(401);
    expect((await post('/auth/mfa/verify', { mfaToken: next, code: wrong })).statusCode).toBe(401);
    expect((await post('/auth/mfa/verify', { mfaToken: next, code: wrong })).statusCode).toBe(429);
    const [locked] = await t.db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, user.id));
    expect(locked!.lockedUntil).not.toBeNull();
    expect(await audits(user.id, 'auth.lockout')).toHaveLength(1);
    expect((await postLogin(t.app, user.username, user.password)).statusCode).toBe(429);
  });

  it('works across API processes: the password on one, the code on another', async () => {
    const other = await t.variant({ auth: { maxFailedLogins: 10, lockoutMinutes: 10 } });
    const user = await enrolled();
    nextMinutes();
    const mfaToken = await mfaTokenOf(user.username, user.password);
    const res = await post('/auth/mfa/verify', { mfaToken, code: codeAt(user.secret) }, undefined, other);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('required by role', () => {
  it('sends a user of such a role through enrolment before any session; the enrolment ends the sign-in', async () => {
    const roleId = await createRole(t.db, 'Dirección de pruebas', { works: ['view'] });
    const admin = await login(t.app);
    const [role] = await t.db.select({ version: roles.version }).from(roles).where(eq(roles.id, roleId));
    const flagged = await t.app.inject({ method: 'PATCH', url: `${API}/roles/${roleId}`, headers: bearer(admin.token), payload: { requiresMfa: true, version: role!.version } });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().requiresMfa).toBe(true);
    const user = await createUser(t.app, { roleId });

    const res = await postLogin(t.app, user.username, user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { mfaEnrollmentRequired: true; mfaToken: string };
    expect(Object.keys(body).sort()).toEqual(['mfaEnrollmentRequired', 'mfaToken']);
    // Good for the enrolment only.
    expect((await post('/auth/mfa/verify', { mfaToken: body.mfaToken, code: '123456' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(body.mfaToken) })).statusCode).toBe(401);

    const setup = await post('/auth/mfa/totp/setup', { mfaToken: body.mfaToken });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirm = await post('/auth/mfa/totp/confirm', { mfaToken: body.mfaToken, code: codeAt(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes, session } = confirm.json() as { recoveryCodes: string[]; session: { token: string } };
    expect(recoveryCodes).toHaveLength(10);
    expect((await t.app.inject({ method: 'GET', url: `${API}/auth/mfa`, headers: bearer(session.token) })).json()).toEqual({ enabled: true, required: true, recoveryCodesLeft: 10, passkeysAvailable: false, passkeys: 0 });
    // The mfaToken served once.
    expect((await post('/auth/mfa/totp/setup', { mfaToken: body.mfaToken })).statusCode).toBe(401);
    // Required: it cannot be turned off by its user.
    const off = await post('/auth/mfa/totp/disable', { password: user.password }, session.token);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(MFA_MESSAGES.requiredByRole);
  });

  it('ends the sessions of the role’s users without a second factor when the role comes to require one, and of a user moved to such a role', async () => {
    const roleId = await createRole(t.db, 'Compras de pruebas', { works: ['view'] });
    const plainRoleId = await createRole(t.db, 'Consulta de pruebas', { works: ['view'] });
    const admin = await login(t.app);
    const unenrolled = await createUser(t.app, { roleId });
    const unenrolledSession = await login(t.app, unenrolled.username, unenrolled.password);
    const withCode = await enrolled(roleId);
    const elsewhere = await createUser(t.app, { roleId: plainRoleId });
    const elsewhereSession = await login(t.app, elsewhere.username, elsewhere.password);
    const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(token) });

    const [role] = await t.db.select({ version: roles.version }).from(roles).where(eq(roles.id, roleId));
    const flagged = await t.app.inject({ method: 'PATCH', url: `${API}/roles/${roleId}`, headers: bearer(admin.token), payload: { requiresMfa: true, version: role!.version } });
    expect(flagged.statusCode, flagged.body).toBe(200);
    // Opened with the password alone, below what the role now asks: ended, access and refresh.
    expect((await me(unenrolledSession.token)).statusCode).toBe(401);
    const refresh = await post('/auth/refresh', { refreshToken: unenrolledSession.refreshToken }, unenrolledSession.token);
    expect(refresh.statusCode).toBe(401);
    const [revoked] = await t.db.select({ reason: refreshTokens.revokedReason }).from(refreshTokens).where(eq(refreshTokens.userId, unenrolled.id));
    expect(revoked!.reason).toBe('mfa_required');
    expect(Object.keys((await postLogin(t.app, unenrolled.username, unenrolled.password)).json()).sort()).toEqual(['mfaEnrollmentRequired', 'mfaToken']);
    // Who has a second factor, and the users of other roles, keep their sessions.
    expect((await me(withCode.session.token)).statusCode).toBe(200);
    expect((await me(elsewhereSession.token)).statusCode).toBe(200);

    const [user] = await t.db.select({ version: users.version }).from(users).where(eq(users.id, elsewhere.id));
    const moved = await t.app.inject({ method: 'PATCH', url: `${API}/users/${elsewhere.id}`, headers: bearer(admin.token), payload: { roleId, version: user!.version } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await me(elsewhereSession.token)).statusCode).toBe(401);
  });
});

describe('re-authentication before sensitive changes', () => {
  it('refuses creating a key, changing a role or managing users 10 minutes after the sign-in, until the password is given again', async () => {
    const admin = await login(t.app);
    const roleId = await createRole(t.db, 'Rol de reautenticación', { works: ['view'] });
    await t.db
      .update(sessionAuthentications)
      .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessionAuthentications.familyId, JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()).sid));
    const key = await post('/api-keys', { name: 'Reautenticación', roleId }, admin.token);
    expect(key.statusCode).toBe(403);
    expect(key.json()).toEqual({ statusCode: 403, error: REAUTHENTICATION_REQUIRED, message: MFA_MESSAGES.reauthenticate });
    const [role] = await t.db.select({ version: roles.version }).from(roles).where(eq(roles.id, roleId));
    const patch = await t.app.inject({ method: 'PATCH', url: `${API}/roles/${roleId}`, headers: bearer(admin.token), payload: { permissions: [], version: role!.version } });
    expect(patch.json().error).toBe(REAUTHENTICATION_REQUIRED);
    expect((await post('/users', { username: 'reauth-nuevo', password: 'Clave-larga-2026', roleId }, admin.token)).json().error).toBe(REAUTHENTICATION_REQUIRED);
    // Reads stay open.
    expect((await t.app.inject({ method: 'GET', url: `${API}/users`, headers: bearer(admin.token) })).statusCode).toBe(200);

    const wrong = await post('/auth/reauthenticate', { password: 'no-es-esta' }, admin.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: MFA_MESSAGES.wrongPassword });
    const ok = await post('/auth/reauthenticate', { password: 'Pruebas-Admin-2026' }, admin.token);
    expect(ok.statusCode, ok.body).toBe(204);
    const created = await post('/api-keys', { name: 'Reautenticación', roleId }, admin.token);
    expect(created.statusCode, created.body).toBe(201);
    expect(await audits(admin.user.id, 'auth.reauthenticated')).not.toHaveLength(0);
  });

  it('accepts a code of the second factor as re-authentication', async () => {
    const user = await enrolled();
    nextMinutes();
    const res = await post('/auth/reauthenticate', { code: codeAt(user.secret) }, user.session.token);
    expect(res.statusCode, res.body).toBe(204);
  });
});

describe('disabling, new recovery codes and an administrator’s removal', () => {
  it('disables with the password only; the password alone signs in again', async () => {
    const user = await enrolled();
    const wrong = await post('/auth/mfa/totp/disable', { password: 'otra' }, user.session.token);
    expect(wrong.statusCode).toBe(400);
    expect((await post('/auth/mfa/totp/disable', { password: user.password }, user.session.token)).statusCode).toBe(204);
    expect(await t.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toHaveLength(0);
    expect(Object.keys((await postLogin(t.app, user.username, user.password)).json()).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect(await audits(user.id, 'mfa.disabled')).toHaveLength(1);
  });

  it('regenerates the recovery codes with the password; the old ones stop working', async () => {
    const user = await enrolled();
    expect((await post('/auth/mfa/recovery-codes', { password: 'otra' }, user.session.token)).statusCode).toBe(400);
    const res = await post('/auth/mfa/recovery-codes', { password: user.password }, user.session.token);
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await post('/auth/mfa/verify', { mfaToken: await mfaTokenOf(user.username, user.password), recoveryCode: user.recoveryCodes[0] });
    expect(old.statusCode).toBe(401);
    const ok = await post('/auth/mfa/verify', { mfaToken: await mfaTokenOf(user.username, user.password), recoveryCode: fresh[0] });
    expect(ok.statusCode).toBe(200);
  });

  it('lets an administrator remove a user’s second factor (a lost phone), audited in the user’s history', async () => {
    const user = await enrolled();
    const admin = await login(t.app);
    // A user without the permission over users is refused.
    const clerkRole = await createRole(t.db, 'Sin permisos de usuarios', { works: ['view'] });
    const clerk = await createUser(t.app, { roleId: clerkRole });
    const clerkSession = await login(t.app, clerk.username, clerk.password);
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/users/${user.id}/mfa`, headers: bearer(clerkSession.token) })).statusCode).toBe(403);
    const again = await enrolled();
    const res = await t.app.inject({ method: 'DELETE', url: `${API}/users/${again.id}/mfa`, headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.select().from(userTotp).where(eq(userTotp.userId, again.id))).toHaveLength(0);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'mfa.removed'), eq(auditLog.entityId, again.id)));
    expect(entry).toMatchObject({ userId: admin.user.id, entity: 'users' });
    expect(Object.keys((await postLogin(t.app, again.username, again.password)).json()).sort()).toEqual(['refreshToken', 'token', 'user']);
  });
});
