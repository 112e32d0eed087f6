import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@goc/contracts';
import { auditLog } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { API } from './catalogs/support';

/*
 * GOC_TRUST_PROXY (issue 46, finding 8): `true` is one hop — the entry the nearest proxy added, when
 * that proxy connects from this host or a private network —, a list trusts exactly those proxies; no
 * client can pass for another address by writing X-Forwarded-For, so /metrics stays local and the
 * per-IP login limit holds.
 */

const METRICS_TOKEN = 'token-de-metricas-de-prueba';
const PROXY = '10.0.0.2';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const metrics = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });

const failedLogin = (app: FastifyInstance, remoteAddress: string, forwardedFor: string, username = 'nadie') =>
  app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { username, password: 'x' }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

/** The address the audit log recorded for a failed sign-in of `username`. */
async function auditedIp(username: string): Promise<string | null> {
  const { rows } = await t.db.execute<{ ip: string | null }>(
    sql`select ${auditLog.ip} as ip from ${auditLog} where ${auditLog.metadata}->>'username' = ${username} order by ${auditLog.id} desc limit 1`,
  );
  return rows[0]?.ip ?? null;
}

describe('GOC_TRUST_PROXY=true', () => {
  it('a remote client sending X-Forwarded-For: 127.0.0.1 does not get /metrics, directly or through the proxy', async () => {
    const app = await t.variant({ trustProxy: true, metricsToken: METRICS_TOKEN });
    expect((await metrics(app, '203.0.113.7', '127.0.0.1')).statusCode).toBe(401);
    expect((await metrics(app, PROXY, '127.0.0.1, 203.0.113.7')).statusCode).toBe(401);
    expect((await metrics(app, '127.0.0.1', '127.0.0.1, 203.0.113.7')).statusCode).toBe(401);
    // The same host's Prometheus, and a local client through the same-host proxy, still read it.
    expect((await metrics(app, '127.0.0.1')).statusCode).toBe(200);
    expect((await metrics(app, '127.0.0.1', '127.0.0.1')).statusCode).toBe(200);
    const noToken = await t.variant({ trustProxy: true });
    expect((await metrics(noToken, '203.0.113.7', '127.0.0.1')).statusCode).toBe(404);
  });

  it('rotating X-Forwarded-For does not escape the per-IP login limit', async () => {
    const app = await t.variant({ trustProxy: true, auth: { loginRateLimit: { max: 2, windowMs: 60_000 } } });
    // A client connecting directly: its header is nobody's word.
    for (let i = 0; i < 2; i++) expect((await failedLogin(app, '198.51.100.7', `192.0.2.${i}`)).statusCode).toBe(401);
    const direct = await failedLogin(app, '198.51.100.7', '192.0.2.99');
    expect(direct.statusCode).toBe(429);
    expect(direct.json().message).toBe(MESSAGES.tooManyAttempts);
    // Through the proxy: what the client wrote comes before what the proxy saw.
    for (let i = 0; i < 2; i++) expect((await failedLogin(app, PROXY, `192.0.2.${i}, 203.0.113.9`)).statusCode).toBe(401);
    expect((await failedLogin(app, PROXY, '192.0.2.77, 203.0.113.9')).statusCode).toBe(429);
    // Another user behind the same proxy has a bucket of their own.
    expect((await failedLogin(app, PROXY, '203.0.113.10')).statusCode).toBe(401);
  });

  it('the audit log records the address the proxy saw', async () => {
    const app = await t.variant({ trustProxy: true });
    await failedLogin(app, PROXY, '127.0.0.1, 203.0.113.11', 'visto.por.el.proxy');
    expect(await auditedIp('visto.por.el.proxy')).toBe('203.0.113.11');
    await failedLogin(app, '198.51.100.8', '203.0.113.12', 'sin.proxy');
    expect(await auditedIp('sin.proxy')).toBe('198.51.100.8');
  });
});

describe('GOC_TRUST_PROXY with the proxies’ addresses', () => {
  it('the client is the address the listed proxies saw; anyone else’s header is ignored', async () => {
    const app = await t.variant({ trustProxy: `${PROXY}, 10.1.0.0/16`, metricsToken: METRICS_TOKEN });
    // Two proxies in a row (10.1.5.5 passed the request on to 10.0.0.2); the client wrote the first entry.
    await failedLogin(app, PROXY, '127.0.0.1, 203.0.113.20, 10.1.5.5', 'dos.proxies');
    expect(await auditedIp('dos.proxies')).toBe('203.0.113.20');
    await failedLogin(app, '10.2.0.1', '203.0.113.21', 'proxy.ajeno');
    expect(await auditedIp('proxy.ajeno')).toBe('10.2.0.1');
    expect((await metrics(app, PROXY, '127.0.0.1, 203.0.113.20')).statusCode).toBe(401);
    expect((await metrics(app, '10.2.0.1', '127.0.0.1')).statusCode).toBe(401);
  });
});
