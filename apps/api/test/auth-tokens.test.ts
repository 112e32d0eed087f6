import { and, eq, sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_MINUTES_CLAIM, MESSAGES } from '@goc/contracts';
import { auditLog, refreshTokens, users } from '../src/db/schema';
import { bearer, createTestApp, createUser, login, TEST_JWT_SECRET, type TestApp } from './helpers/app';
import { changedOutsideTheApi } from './helpers/until';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: bearer(token) });
const refresh = (refreshToken: string, token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', payload: { refreshToken }, headers: token ? bearer(token) : {} });
const logout = (payload: object | undefined, token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

const key = new TextEncoder().encode(TEST_JWT_SECRET);
/** A token like the server's, with any claim or algorithm changed. */
async function forge(
  userId: number,
  familyId: string,
  options: { alg?: string; iss?: string; aud?: string; exp?: number; secret?: Uint8Array } = {},
): Promise<string> {
  return new SignJWT({ sid: familyId })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject(String(userId))
    .setIssuer(options.iss ?? t.config.auth.issuer)
    .setAudience(options.aud ?? t.config.auth.audience)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(options.secret ?? key);
}
const familyOf = async (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

const unauthorizedBody = { statusCode: 401, error: 'Unauthorized', message: MESSAGES.unauthorized };

describe('POST /api/v2/auth/refresh', () => {
  it('rotates: a new token pair, and the old refresh token is spent', async () => {
    const user = await createUser(t.app);
    const first = await login(t.app, user.username, user.password);
    const res = await refresh(first.refreshToken, first.token);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(Object.keys(second).sort()).toEqual(['refreshToken', 'token']);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.token).not.toBe(first.token);
    expect((await me(second.token)).statusCode).toBe(200);
    // The renewed token carries the inactivity limit too (default 60 minutes).
    expect(JSON.parse(Buffer.from(second.token.split('.')[1], 'base64url').toString('utf8'))[IDLE_MINUTES_CLAIM]).toBe(60);

    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id)).orderBy(refreshTokens.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ revokedReason: 'rotated', replacedBy: rows[1]!.id });
    expect(rows[1]).toMatchObject({ revokedAt: null, familyId: rows[0]!.familyId });
    // Only the SHA-256 is stored.
    expect(rows.map((r) => r.tokenHash)).not.toContain(first.refreshToken);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('revokes the whole family when a rotated token is reused: the newest tokens stop working too', async () => {
    const user = await createUser(t.app);
    const first = await login(t.app, user.username, user.password);
    const second = (await refresh(first.refreshToken, first.token)).json();
    const third = (await refresh(second.refreshToken, second.token)).json();
    expect((await me(third.token)).statusCode).toBe(200);

    const reuse = await refresh(first.refreshToken, first.token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(unauthorizedBody);

    expect((await refresh(third.refreshToken, third.token)).statusCode).toBe(401);
    expect((await me(third.token)).statusCode).toBe(401);
    const live = await t.db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, user.id), sql`${refreshTokens.revokedAt} is null`));
    expect(live).toHaveLength(0);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'auth.refresh_reuse')));
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain(first.refreshToken);
  });

  it('leaves other logins of the same user alone when one family is revoked', async () => {
    const user = await createUser(t.app);
    const phone = await login(t.app, user.username, user.password);
    const desktop = await login(t.app, user.username, user.password);
    const rotated = (await refresh(phone.refreshToken, phone.token)).json();
    await refresh(phone.refreshToken, phone.token);
    expect((await me(rotated.token)).statusCode).toBe(401);
    expect((await me(desktop.token)).statusCode).toBe(200);
  });

  it('requires the old bearer token', async () => {
    const session = await login(t.app);
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthorizedBody);
    // Nothing was spent: with the bearer it still works.
    expect((await refresh(session.refreshToken, session.token)).statusCode).toBe(200);
  });

  it("refuses another user's bearer and a forged one", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const ownerSession = await login(t.app, owner.username, owner.password);
    const otherSession = await login(t.app, other.username, other.password);
    expect((await refresh(ownerSession.refreshToken, otherSession.token)).statusCode).toBe(401);
    const forged = await forge(owner.id, await familyOf(ownerSession.token), { secret: new TextEncoder().encode('otra-clave-de-firma-de-treinta-y-dos-bytes!') });
    expect((await refresh(ownerSession.refreshToken, forged)).statusCode).toBe(401);
    expect((await refresh(ownerSession.refreshToken, 'no.es.jwt')).statusCode).toBe(401);
    expect((await refresh(ownerSession.refreshToken, ownerSession.token)).statusCode).toBe(200);
  });

  it('accepts an expired bearer: refreshing is what an expired session does', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    const expired = await forge(user.id, await familyOf(session.token), { exp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await me(expired)).statusCode).toBe(401);
    const res = await refresh(session.refreshToken, expired);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const session = await login(t.app);
    expect((await refresh('x'.repeat(43), session.token)).statusCode).toBe(401);
  });

  it('ends at the absolute family lifetime, however often it was rotated', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    const [row] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    const lifetimeDays = (row!.familyExpiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(lifetimeDays)).toBe(30);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.familyExpiresAt.getTime());

    const rotated = (await refresh(session.refreshToken, session.token)).json();
    const [after] = await t.db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, user.id), sql`${refreshTokens.revokedAt} is null`));
    expect(after!.familyExpiresAt).toEqual(row!.familyExpiresAt);

    await changedOutsideTheApi(t.app, () =>
      t.db.update(refreshTokens).set({ familyExpiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.familyId, row!.familyId)),
    );
    expect((await refresh(rotated.refreshToken, rotated.token)).statusCode).toBe(401);
    expect((await me(rotated.token)).statusCode).toBe(401);
  });

  it('refuses a refresh token past its own expiry', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    await t.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.userId, user.id));
    expect((await refresh(session.refreshToken, session.token)).statusCode).toBe(401);
  });

  it('audits a refresh without the tokens', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    const next = (await refresh(session.refreshToken, session.token)).json();
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'auth.refresh')));
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows);
    for (const secret of [session.refreshToken, session.token, next.refreshToken, next.token]) expect(text).not.toContain(secret);
  });
});

describe('POST /api/v2/auth/logout', () => {
  it('revokes the login: refresh token and access token stop working', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    const res = await logout({ refreshToken: session.refreshToken }, session.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await refresh(session.refreshToken, session.token)).statusCode).toBe(401);
    expect((await me(session.token)).statusCode).toBe(401);
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'auth.logout')));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(session.refreshToken);
  });

  it('ends the session of the bearer when no refresh token is sent', async () => {
    const session = await login(t.app);
    expect((await logout(undefined, session.token)).statusCode).toBe(204);
    expect((await me(session.token)).statusCode).toBe(401);
  });

  it('answers 204 for an unknown token without telling anything', async () => {
    expect((await logout({ refreshToken: 'desconocido' })).statusCode).toBe(204);
  });
});

describe('access token checks', () => {
  it.each([
    ['another algorithm (HS512)', { alg: 'HS512' }],
    ['another issuer', { iss: 'otro-emisor' }],
    ['another audience', { aud: 'otra-audiencia' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 10 }],
    ['another key', { secret: new TextEncoder().encode('una-clave-distinta-de-la-del-servidor-0123') }],
  ])('refuses %s with 401', async (_label, options) => {
    const session = await login(t.app);
    const token = await forge(session.user.id, await familyOf(session.token), options);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthorizedBody);
  });

  it('accepts a well-formed token for a live session (the forging helper is faithful)', async () => {
    const session = await login(t.app);
    expect((await me(await forge(session.user.id, await familyOf(session.token)))).statusCode).toBe(200);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const session = await login(t.app);
    const token = new UnsecuredJWT({ sid: await familyOf(session.token) })
      .setSubject(String(session.user.id))
      .setIssuer(t.config.auth.issuer)
      .setAudience(t.config.auth.audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a malformed Authorization header', async () => {
    const session = await login(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization: `Token ${session.token}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('deactivated user', () => {
  it('gets 401 on every call from the next request on, and cannot refresh', async () => {
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    expect((await me(session.token)).statusCode).toBe(200);
    await changedOutsideTheApi(t.app, () => t.db.update(users).set({ active: false }).where(eq(users.id, user.id)));
    for (const url of ['/api/v2/auth/me', '/api/v2/permissions']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(session.token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(unauthorizedBody);
    }
    expect((await refresh(session.refreshToken, session.token)).statusCode).toBe(401);
    // Reactivated, the revoked login stays ended.
    await t.db.update(users).set({ active: true }).where(eq(users.id, user.id));
    expect((await me(session.token)).statusCode).toBe(401);
  });
});
