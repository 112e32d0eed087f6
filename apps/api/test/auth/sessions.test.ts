import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES, sessionListSchema, type LoginResponse } from '@goc/contracts';
import { auditLog, refreshTokens, sessionDevices } from '../../src/db/schema';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';

/*
 * «Mi cuenta → Sesiones» through the HTTP API: the list with device, address and times; ending one
 * session or all others after the password; an administrator ending all of a user's sessions. An
 * ended session's refresh token and access token are both refused at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signIn(user: { username: string; password: string }, userAgent: string, remoteAddress: string): Promise<LoginResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { username: user.username, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const familyOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
const sessions = (token: string) => t.app.inject({ method: 'GET', url: '/api/v2/auth/sessions', headers: bearer(token) });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: bearer(token) });
const refresh = (session: LoginResponse) =>
  t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', payload: { refreshToken: session.refreshToken }, headers: bearer(session.token) });
const endSession = (token: string, id: string, password: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v2/auth/sessions/${id}`, payload: { password }, headers: bearer(token) });
const endOthers = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/auth/sessions/end-others', payload: { password }, headers: bearer(token) });

/** Both credentials of an ended session are refused: the access token at its next request, the refresh token. */
async function expectEnded(session: LoginResponse) {
  expect((await me(session.token)).statusCode).toBe(401);
  expect((await refresh(session)).statusCode).toBe(401);
}

describe('GET /api/v2/auth/sessions', () => {
  it("lists the user's live sessions with their device, address and times, marking this one", async () => {
    const user = await createUser(t.app);
    const laptop = await signIn(user, CHROME_WINDOWS, '203.0.113.7');
    const phone = await signIn(user, SAFARI_IPHONE, '198.51.100.20');
    // Someone else's session never shows.
    const other = await createUser(t.app);
    await signIn(other, CHROME_WINDOWS, '192.0.2.1');

    const res = await sessions(laptop.token);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = sessionListSchema.parse(res.json());
    expect(items).toHaveLength(2);
    const byId = new Map(items.map((s) => [s.id, s]));
    expect(byId.get(familyOf(laptop.token))).toMatchObject({ current: true, userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
    expect(byId.get(familyOf(phone.token))).toMatchObject({ current: false, userAgent: SAFARI_IPHONE, ip: '198.51.100.20' });
    const [stored] = await t.db.select().from(sessionDevices).where(eq(sessionDevices.familyId, familyOf(phone.token)));
    expect(stored).toMatchObject({ userId: user.id, userAgent: SAFARI_IPHONE, ip: '198.51.100.20' });
    expect(byId.get(familyOf(phone.token))!.createdAt).toBe(stored!.createdAt.toISOString());

    // A renewal is the session's last use; it began when it began.
    const renewed = await refresh(phone);
    expect(renewed.statusCode).toBe(200);
    const after = sessionListSchema.parse((await sessions(laptop.token)).json()).items.find((s) => s.id === familyOf(phone.token))!;
    expect(after.createdAt).toBe(stored!.createdAt.toISOString());
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(after.createdAt));
    const [live] = await t.db
      .select({ createdAt: refreshTokens.createdAt })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyOf(phone.token)), eq(refreshTokens.revokedReason, 'rotated')));
    expect(live).toBeDefined();
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/v2/auth/sessions/:id', () => {
  it('ends another session after the password: its refresh and access tokens are refused at once', async () => {
    const user = await createUser(t.app);
    const mine = await signIn(user, CHROME_WINDOWS, '203.0.113.7');
    const stolen = await signIn(user, SAFARI_IPHONE, '198.51.100.20');
    const id = familyOf(stolen.token);
    expect((await me(stolen.token)).statusCode).toBe(200);

    const wrong = await endSession(mine.token, id, 'no-es-mi-clave');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: SESSION_MESSAGES.wrongPassword });
    expect((await me(stolen.token)).statusCode).toBe(200);

    const res = await endSession(mine.token, id, user.password);
    expect(res.statusCode, res.body).toBe(204);
    await expectEnded(stolen);
    expect((await me(mine.token)).statusCode).toBe(200);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, id));
    expect(rows.every((r) => r.revokedReason === 'ended')).toBe(true);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'auth.session_ended')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.metadata).toEqual({ familyId: id });
    expect(sessionListSchema.parse((await sessions(mine.token)).json()).items.map((s) => s.id)).toEqual([familyOf(mine.token)]);

    // Ended already: nothing left to end.
    const again = await endSession(mine.token, id, user.password);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SESSION_MESSAGES.notFound);
  });

  it("never reaches another user's session, nor an id that is not one", async () => {
    const user = await createUser(t.app);
    const mine = await signIn(user, CHROME_WINDOWS, '203.0.113.7');
    const other = await createUser(t.app);
    const theirs = await signIn(other, CHROME_WINDOWS, '192.0.2.1');
    const res = await endSession(mine.token, familyOf(theirs.token), user.password);
    expect(res.statusCode).toBe(404);
    expect((await me(theirs.token)).statusCode).toBe(200);
    expect((await endSession(mine.token, 'no-es-una-sesion', user.password)).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'DELETE', url: `/api/v2/auth/sessions/${familyOf(theirs.token)}`, payload: {}, headers: bearer(mine.token) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ password: expect.any(String) });
  });
});

describe('POST /api/v2/auth/sessions/end-others', () => {
  it('ends every other session of the user and keeps this one', async () => {
    const user = await createUser(t.app);
    const mine = await signIn(user, CHROME_WINDOWS, '203.0.113.7');
    const others = [await signIn(user, SAFARI_IPHONE, '198.51.100.20'), await signIn(user, CHROME_WINDOWS, '198.51.100.21')];
    const bystander = await createUser(t.app);
    const theirs = await signIn(bystander, CHROME_WINDOWS, '192.0.2.1');

    expect((await endOthers(mine.token, 'equivocada')).statusCode).toBe(400);
    expect((await me(others[0]!.token)).statusCode).toBe(200);

    const res = await endOthers(mine.token, user.password);
    expect(res.statusCode, res.body).toBe(204);
    for (const other of others) await expectEnded(other);
    expect((await me(mine.token)).statusCode).toBe(200);
    expect((await refresh(mine)).statusCode).toBe(200);
    expect((await me(theirs.token)).statusCode).toBe(200);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'auth.sessions_others_ended')));
    expect(audits).toHaveLength(1);
  });
});

describe('DELETE /api/v2/users/:id/sessions', () => {
  it('an administrator ends every session of a user, audited on the user', async () => {
    const admin = await login(t.app);
    const user = await createUser(t.app);
    const a = await signIn(user, CHROME_WINDOWS, '203.0.113.7');
    const b = await signIn(user, SAFARI_IPHONE, '198.51.100.20');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v2/users/${user.id}/sessions`, headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(204);
    await expectEnded(a);
    await expectEnded(b);
    expect((await me(admin.token)).statusCode).toBe(200);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.sessions_ended_by_admin'), eq(auditLog.entityId, user.id)));
    expect(audit).toMatchObject({ userId: admin.user.id, entity: 'users' });
    // The user signs in again as before.
    expect((await me((await signIn(user, CHROME_WINDOWS, '203.0.113.7')).token)).statusCode).toBe(200);

    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/v2/users/999999/sessions', headers: bearer(admin.token) });
    expect(unknown.statusCode).toBe(404);
  });

  it('is refused to whoever may not administer users', async () => {
    const roleId = await createRole(t.db, 'Sin usuarios', { works: ['view'] });
    const clerk = await createUser(t.app, { roleId });
    const clerkSession = await signIn(clerk, CHROME_WINDOWS, '203.0.113.9');
    const user = await createUser(t.app);
    const target = await signIn(user, CHROME_WINDOWS, '203.0.113.7');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v2/users/${user.id}/sessions`, headers: bearer(clerkSession.token) });
    expect(res.statusCode).toBe(403);
    expect((await me(target.token)).statusCode).toBe(200);
  });
});

describe('deactivating a user', () => {
  it('ends all their sessions', async () => {
    const admin = await login(t.app);
    const user = await createUser(t.app);
    const session = await signIn(user, CHROME_WINDOWS, '203.0.113.7');
    const current = await t.app.inject({ method: 'GET', url: `/api/v2/users/${user.id}`, headers: bearer(admin.token) });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/users/${user.id}`,
      payload: { active: false, version: current.json().version },
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(session);
  });
});
