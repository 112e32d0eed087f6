import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDLE_MINUTES_CLAIM, MESSAGES, sessionUserSchema } from '@goc/contracts';
import { auditLog, companies, employees, users } from '../src/db/schema';
import { createPasswordHasher } from '../src/lib/passwords';
import { ADMIN_PASSWORD, bearer, createTestApp, createUser, login, postLogin, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { auth: { maxFailedLogins: 3, lockoutMinutes: 10, idleMinutes: 45 } } });
});
afterAll(async () => t?.close());

const auditRows = (userId: number | null, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(userId === null ? sql`${auditLog.userId} is null and ${auditLog.action} = ${action}` : sql`${auditLog.userId} = ${userId} and ${auditLog.action} = ${action}`);

describe('POST /api/v2/auth/login', () => {
  it('answers {token, refreshToken, user} for the right credentials', async () => {
    const res = await postLogin(t.app, 'admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionUserSchema.parse(body.user)).toEqual({ id: 1, username: 'admin', employee: null, role: { id: 1, name: 'Administrador' } });
  });

  it('signs into the access token the inactivity limit the SPA enforces (GOC_IDLE_MINUTES)', async () => {
    const { token } = (await postLogin(t.app, 'admin', ADMIN_PASSWORD)).json();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims[IDLE_MINUTES_CLAIM]).toBe(45);
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('matches the username case-insensitively', async () => {
    const res = await postLogin(t.app, '  ADMIN ', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('gives the same answer for an unknown user and a wrong password, verifying a dummy hash for the unknown user', async () => {
    const dummy = vi.spyOn(t.app.passwords, 'verifyDummy');
    const verify = vi.spyOn(t.app.passwords, 'verify');
    const user = await createUser(t.app);
    const wrong = await postLogin(t.app, user.username, 'no-es-la-clave');
    expect(dummy).not.toHaveBeenCalled();
    expect(verify).toHaveBeenCalledTimes(1);
    const unknown = await postLogin(t.app, 'nadie-con-este-nombre', 'no-es-la-clave');
    expect(dummy).toHaveBeenCalledTimes(1);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.invalidCredentials });
    dummy.mockRestore();
    verify.mockRestore();
  });

  it('refuses a deactivated user with the same answer, even with the right password', async () => {
    const user = await createUser(t.app, { active: false });
    const res = await postLogin(t.app, user.username, user.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('validates the body with Spanish field messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: MESSAGES.validation,
      fields: { username: 'Ingresa tu usuario', password: 'Entrada inválida: se esperaba texto, recibido indefinido' },
    });
  });

  it('records lastLoginAt and audits the success without secrets', async () => {
    const user = await createUser(t.app);
    const before = Date.now();
    const session = await login(t.app, user.username, user.password);
    const [row] = await t.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const audits = await auditRows(user.id, 'auth.login');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entity: 'user', entityId: user.id, ip: '127.0.0.1' });
    const text = JSON.stringify(audits);
    expect(text).not.toContain(user.password);
    expect(text).not.toContain(session.refreshToken);
    expect(text).not.toContain(session.token);
  });

  it('audits failures (unknown user and wrong password) without the attempted password', async () => {
    const user = await createUser(t.app);
    await postLogin(t.app, user.username, 'Clave-Equivocada-1');
    await postLogin(t.app, 'fantasma', 'Clave-Equivocada-2');
    const wrong = await auditRows(user.id, 'auth.login_failed');
    expect(wrong).toHaveLength(1);
    expect(wrong[0]!.metadata).toEqual({ reason: 'bad_password' });
    const unknown = (await auditRows(null, 'auth.login_failed')).filter((r) => r.metadata?.username === 'fantasma');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]!.metadata).toEqual({ username: 'fantasma', reason: 'unknown_user' });
    const all = JSON.stringify(await t.db.select().from(auditLog));
    expect(all).not.toContain('Clave-Equivocada');
  });
});

describe('password rehash', () => {
  it('replaces a hash made with other argon2 parameters at the next successful login', async () => {
    const legacy = await createPasswordHasher({ memoryCost: 2048, timeCost: 1, parallelism: 1 }).hash('Clave-Antigua-2020');
    const user = await createUser(t.app);
    await t.db.update(users).set({ passwordHash: legacy }).where(eq(users.id, user.id));
    expect((await postLogin(t.app, user.username, 'Clave-Antigua-2020')).statusCode).toBe(200);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.hash).not.toBe(legacy);
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect((await postLogin(t.app, user.username, 'Clave-Antigua-2020')).statusCode).toBe(200);
  });
});

describe('account lockout', () => {
  it('locks the account after N consecutive failures for M minutes with the Spanish 429', async () => {
    const user = await createUser(t.app);
    expect((await postLogin(t.app, user.username, 'mala-1')).statusCode).toBe(401);
    expect((await postLogin(t.app, user.username, 'mala-2')).statusCode).toBe(401);
    const third = await postLogin(t.app, user.username, 'mala-3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MESSAGES.tooManyAttempts });

    // Even the right password is refused while locked.
    const right = await postLogin(t.app, user.username, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MESSAGES.tooManyAttempts);

    const [row] = await t.db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, user.id));
    const minutes = (row!.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(await auditRows(user.id, 'auth.lockout')).toHaveLength(1);
    expect(await auditRows(user.id, 'auth.login_locked')).toHaveLength(1);
  });

  it('lets the user in once the lock has expired, and a success resets the counter', async () => {
    const user = await createUser(t.app);
    for (const attempt of ['a', 'b', 'c']) await postLogin(t.app, user.username, attempt);
    await t.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, user.id));
    expect((await postLogin(t.app, user.username, user.password)).statusCode).toBe(200);
    await postLogin(t.app, user.username, 'x');
    const [row] = await t.db.select({ failed: users.failedLoginCount, lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ failed: 1, lockedUntil: null });
  });

  describe('parallel bursts (the lock is claimed before a password is checked)', () => {
    const MAX = 5;
    const burst = async (app: FastifyInstance, username: string, passwords: string[]) =>
      Promise.all(passwords.map((p) => postLogin(app, username, p)));

    it('evaluates at most N passwords of 20 parallel wrong ones, then locks', async () => {
      const app = await t.variant({ auth: { maxFailedLogins: MAX, lockoutMinutes: 10 } });
      const user = await createUser(app);
      const verify = vi.spyOn(app.passwords, 'verify');
      const answers = await burst(app, user.username, Array.from({ length: 20 }, (_, i) => `mala-${i}`));
      expect(verify).toHaveBeenCalledTimes(MAX);
      verify.mockRestore();
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([...Array(MAX - 1).fill(401), ...Array(20 - MAX + 1).fill(429)]);
      expect(await auditRows(user.id, 'auth.login_failed')).toHaveLength(MAX);
      expect(await auditRows(user.id, 'auth.lockout')).toHaveLength(1);
      expect(await auditRows(user.id, 'auth.login_locked')).toHaveLength(20 - MAX);
      expect((await postLogin(app, user.username, user.password)).statusCode).toBe(429);
    });

    it('a right password at the end of a burst of 19 wrong ones does not get past the lock', async () => {
      const app = await t.variant({ auth: { maxFailedLogins: MAX, lockoutMinutes: 10 } });
      const user = await createUser(app);
      const verify = vi.spyOn(app.passwords, 'verify');
      const answers = await burst(app, user.username, [...Array.from({ length: 19 }, (_, i) => `mala-${i}`), user.password]);
      const evaluated = verify.mock.calls.length;
      verify.mockRestore();
      const last = answers[19]!;
      // The right password may only win if it was among the first N claims; then the lock is cleared.
      // (A success starts a new window, so at most N more wrong ones may follow it.)
      const failures = (await auditRows(user.id, 'auth.login_failed')).length;
      if (last.statusCode === 200) {
        expect(evaluated).toBeLessThanOrEqual(2 * MAX);
        expect(failures).toBeLessThanOrEqual(2 * MAX - 1);
      } else {
        expect(last.statusCode).toBe(429);
        expect(evaluated).toBeLessThanOrEqual(MAX);
        expect(failures).toBeLessThanOrEqual(MAX);
        expect((await postLogin(app, user.username, user.password)).statusCode).toBe(429);
      }
    });
  });

  it('counts only consecutive failures: a success in between starts again', async () => {
    const user = await createUser(t.app);
    await postLogin(t.app, user.username, 'x');
    await postLogin(t.app, user.username, 'y');
    expect((await postLogin(t.app, user.username, user.password)).statusCode).toBe(200);
    await postLogin(t.app, user.username, 'x');
    await postLogin(t.app, user.username, 'y');
    expect((await postLogin(t.app, user.username, user.password)).statusCode).toBe(200);
  });
});

describe('per-IP throttling', () => {
  it('answers 429 with the Spanish message beyond the per-IP limit, other IPs unaffected', async () => {
    const throttled = await t.variant({ auth: { loginRateLimit: { max: 3, windowMs: 60_000 } } });
    for (let i = 0; i < 3; i++) {
      expect((await postLogin(throttled, 'nadie', 'x', '10.0.0.7')).statusCode).toBe(401);
    }
    const blocked = await postLogin(throttled, 'admin', ADMIN_PASSWORD, '10.0.0.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MESSAGES.tooManyAttempts });
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await postLogin(throttled, 'admin', ADMIN_PASSWORD, '10.0.0.8')).statusCode).toBe(200);
  });
});

describe('GET /api/v2/auth/me', () => {
  it('returns the signed-in user with employee name, photo and role', async () => {
    const [company] = await t.db.insert(companies).values({ name: 'Empresa de Pruebas, S.A. de C.V.', rfc: 'EPR200101AB1' }).returning();
    const [employee] = await t.db
      .insert(employees)
      .values({
        employeeNumber: 'T-0001',
        firstName: 'Lucía',
        lastName: 'Hernández',
        curp: 'HELL900101MQTRRC05',
        companyId: company!.id,
        photoUrl: 'https://fotos.example/lucia.jpg',
      })
      .returning();
    const user = await createUser(t.app, { employeeId: employee!.id });
    const session = await login(t.app, user.username, user.password);
    expect(session.user.employee).toEqual({ firstName: 'Lucía', lastName: 'Hernández', photoUrl: 'https://fotos.example/lucia.jpg' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: bearer(session.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(session.user);
  });

  it('answers 401 with the Spanish message without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.unauthorized });
  });
});
