import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES, type ApiKeyCreated } from '@goc/contracts';
import { refreshTokens, users } from '../../src/db/schema';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, type Api } from '../catalogs/support';

/*
 * API keys are machine credentials (issue 46, finding 5): whatever their role, they never create,
 * change, reset or deactivate users, roles, keys or webhooks, nor act on /auth/*. Every operation of
 * the app's own OpenAPI document is tried with a key of the administrator's role, so a route added
 * later is covered without naming it here. A probe hook answers 204 once a request has passed the
 * access check (nothing of the handler runs), so trying every operation writes nothing.
 */

const PROBE = 'x-goc-probe';

interface Operation {
  method: string;
  path: string;
  security: Record<string, string[]>[];
}

/** The rule, stated here on its own: what a key must never reach. */
const personOnly = (method: string, path: string) =>
  /^\/api\/v2\/(auth|api-keys|webhooks)(\/|$)/.test(path) || (method !== 'GET' && /^\/api\/v2\/(users|roles)(\/|$)/.test(path));

let t: TestApp;
let admin: Api;
let adminToken: string;
let adminId: number;
let key: string;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({
    demoData: true,
    prepare: (app) =>
      app.addHook('preValidation', async (request, reply) => {
        if (request.headers[PROBE] === '1') return reply.code(204).send();
      }),
  });
  const session = await login(t.app);
  adminToken = session.token;
  adminId = session.user.id;
  admin = apiFor(t.app, adminToken);
  const [row] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, adminId));
  const res = await admin.post(`${API}/api-keys`, { name: 'Con rol de administrador', roleId: row!.roleId });
  expect(res.statusCode, res.body).toBe(201);
  key = (res.json() as ApiKeyCreated).key;
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { security?: Operation['security'] }>> };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith(`${API}/`))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, security: op.security ?? [] })));
});
afterAll(async () => t?.close());

/** A probe of one operation (path parameters filled with an id no record has), with a bearer or none. */
const probe = (op: Operation, token?: string) =>
  t.app.inject({ method: op.method as 'GET', url: op.path.replace(/\{[^}]+\}/g, '2147483000'), headers: { ...(token ? bearer(token) : {}), [PROBE]: '1' } });

describe('every operation of the API document, with a key of the administrator role', () => {
  it('the document covers the account management routes', () => {
    const refused = operations.filter((op) => op.security.length > 0 && personOnly(op.method, op.path)).map((op) => `${op.method} ${op.path}`);
    expect(refused).toEqual(
      expect.arrayContaining([
        `POST ${API}/users`,
        `PATCH ${API}/users/{id}`,
        `DELETE ${API}/users/{id}`,
        `POST ${API}/users/{id}/reset-password`,
        `POST ${API}/roles`,
        `PATCH ${API}/roles/{id}`,
        `POST ${API}/api-keys`,
        `GET ${API}/api-keys`,
        `POST ${API}/webhooks`,
        `GET ${API}/auth/me`,
        `POST ${API}/auth/change-password`,
      ]),
    );
  });

  it('answers 403 in Spanish where a key must not act, and lets it through everywhere else', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      // Public operations authenticate nobody (refresh reads its expired token itself): no key acts there.
      if ((await probe(op)).statusCode === 204) continue;
      const res = await probe(op, key);
      const forbidden = personOnly(op.method, op.path);
      const ok = forbidden ? res.statusCode === 403 && (res.json() as { message: string }).message === INTEGRATION_MESSAGES.keyManagesNothing : res.statusCode === 204;
      if (!ok) wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body}`);
      // The refusal is the key's: a person of the same role passes the same check.
      if (forbidden && (await probe(op, adminToken)).statusCode !== 204) wrong.push(`${op.method} ${op.path}: refused to the administrator too`);
    }
    expect(wrong).toEqual([]);
  });

  it('the document offers only a person’s token where keys are refused', () => {
    const ENROLMENT = new Set(['POST /api/v2/auth/mfa/totp/setup', 'POST /api/v2/auth/mfa/totp/confirm']);
    const wrong = operations
      .filter((op) => op.security.length > 0)
      .filter((op) => {
        const schemes = op.security.map((s) => Object.keys(s)[0]);
        // Enrolling a second factor takes a person's token or, during a sign-in, the mfaToken in the body (no scheme).
        const person = ENROLMENT.has(`${op.method} ${op.path}`) ? 'bearerAuth,' : 'bearerAuth';
        return personOnly(op.method, op.path) ? schemes.join() !== person : !schemes.includes('apiKey');
      })
      .map((op) => `${op.method} ${op.path}`);
    expect(wrong).toEqual([]);
  });
});

describe('the reproduced case', () => {
  it('a key with the administrator role cannot create a user nor reset the administrator’s password; nothing is written', async () => {
    const api = apiFor(t.app, key);
    const usersBefore = await t.db.$count(users);
    const [before] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, adminId));
    const sessionsBefore = await t.db.$count(refreshTokens, sql`${refreshTokens.userId} = ${adminId} and ${refreshTokens.revokedAt} is null`);

    const created = await api.post(`${API}/users`, { username: 'colado.por.clave', password: 'Andamio-Seguro-2026', roleId: 1 });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(INTEGRATION_MESSAGES.keyManagesNothing);
    const reset = await api.post(`${API}/users/${String(adminId)}/reset-password`, { password: 'Nueva-Clave-Obra-7' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe(INTEGRATION_MESSAGES.keyManagesNothing);

    expect(await t.db.$count(users)).toBe(usersBefore);
    expect(await t.db.$count(users, sql`${users.username} = 'colado.por.clave'`)).toBe(0);
    const [after] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, adminId));
    expect(after!.hash).toBe(before!.hash);
    expect(await t.db.$count(refreshTokens, sql`${refreshTokens.userId} = ${adminId} and ${refreshTokens.revokedAt} is null`)).toBe(sessionsBefore);
    expect((await admin.get(`${API}/auth/me`)).statusCode).toBe(200);
  });

  it('still reads users and roles, as its role allows', async () => {
    const api = apiFor(t.app, key);
    expect((await api.get(`${API}/users`)).statusCode).toBe(200);
    expect((await api.get(`${API}/roles`)).statusCode).toBe(200);
  });
});
