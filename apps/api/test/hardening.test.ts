import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, MESSAGES } from '@goc/contracts';
import { loadConfig } from '../src/config';
import { auditLog } from '../src/db/schema';
import { HSTS } from '../src/plugins/security';
import { ADMIN_PASSWORD, bearer, createTestApp, login, postLogin, type TestApp } from './helpers/app';
import { API, apiFor, type Api, type Row } from './catalogs/support';

/* The low items of issue 7: caching, HSTS, proxies, search words, the single default under load. */

let t: TestApp;
let admin: Api;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  token = (await login(t.app)).token;
  admin = apiFor(t.app, token);
});
afterAll(async () => t?.close());

describe('caching', () => {
  it('API answers are no-store, errors and sign-in included', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(token) })).headers['cache-control']).toBe('no-store');
    expect((await postLogin(t.app, 'admin', ADMIN_PASSWORD)).headers['cache-control']).toBe('no-store');
    expect((await postLogin(t.app, 'admin', 'mala')).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: `${API}/units` })).headers['cache-control']).toBe('no-store');
  });
});

describe('HSTS', () => {
  it('is not sent over plain HTTP, and is sent over HTTPS (as a trusted proxy reports it)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/health` })).headers['strict-transport-security']).toBeUndefined();
    const proxied = await t.variant({ trustProxy: true });
    const https = await proxied.inject({ method: 'GET', url: `${API}/health`, headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    // Without trusting proxies the header is anyone's claim.
    const spoofed = await t.app.inject({ method: 'GET', url: `${API}/health`, headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('GOC_TRUST_PROXY', () => {
  const env = (value?: string) => ({ GOC_JWT_SECRET: 'x'.repeat(32), ...(value === undefined ? {} : { GOC_TRUST_PROXY: value }) });

  it('is off by default; true, false or a list of proxy addresses', () => {
    expect(loadConfig(env()).trustProxy).toBe(false);
    expect(loadConfig(env('true')).trustProxy).toBe(true);
    expect(loadConfig(env('false')).trustProxy).toBe(false);
    expect(loadConfig(env('10.0.0.1, 10.1.0.0/16')).trustProxy).toBe('10.0.0.1, 10.1.0.0/16');
    expect(() => loadConfig(env('el balanceador'))).toThrow(
      'GOC_TRUST_PROXY: GOC_TRUST_PROXY debe ser true, false o una lista de IP/CIDR de los proxies separadas por comas',
    );
  });

  it('behind a trusted proxy each user has their own login rate-limit bucket and audited IP', async () => {
    const limit = { loginRateLimit: { max: 2, windowMs: 60_000 } };
    const viaProxy = (app: typeof t.app, ip: string) =>
      app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { username: 'nadie', password: 'x' }, remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': ip } });

    const trusting = await t.variant({ trustProxy: true, auth: limit });
    for (let i = 0; i < 2; i++) expect((await viaProxy(trusting, '203.0.113.1')).statusCode).toBe(401);
    expect((await viaProxy(trusting, '203.0.113.1')).statusCode).toBe(429);
    expect((await viaProxy(trusting, '203.0.113.2')).statusCode).toBe(401);
    const [row] = await t.db.select({ ip: auditLog.ip }).from(auditLog).where(sql`${auditLog.ip} = '203.0.113.2'`);
    expect(row).toEqual({ ip: '203.0.113.2' });

    // Not trusting it: everyone behind it shares the proxy's bucket.
    const plain = await t.variant({ auth: limit });
    for (let i = 0; i < 2; i++) expect((await viaProxy(plain, `198.51.100.${i}`)).statusCode).toBe(401);
    const shared = await viaProxy(plain, '198.51.100.50');
    expect(shared.statusCode).toBe(429);
    expect(shared.json().message).toBe(MESSAGES.tooManyAttempts);
  });
});

describe('search words', () => {
  it(`accepts ${MAX_SEARCH_WORDS} words and refuses more, in Spanish`, async () => {
    const words = (n: number) => encodeURIComponent(Array.from({ length: n }, (_, i) => `p${i}`).join(' '));
    expect((await admin.get(`${API}/units?q=${words(MAX_SEARCH_WORDS)}`)).statusCode).toBe(200);
    const res = await admin.get(`${API}/units?q=${words(MAX_SEARCH_WORDS + 1)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ q: `La búsqueda admite como máximo ${MAX_SEARCH_WORDS} palabras` });
  });
});

describe('the single default under concurrent writes', () => {
  it('20 parallel creates with isDefault: all saved, exactly one default, no 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.post(`${API}/order-statuses`, { name: `Estatus paralelo ${i}`, isDefault: true })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const { items } = (await admin.get(`${API}/order-statuses?pageSize=100`)).json() as { items: Row[] };
    expect(items.filter((r) => r.isDefault === true)).toHaveLength(1);
  });
});
