import { sql } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@goc/contracts';
import { migrationCount } from '../../src/db/migrate';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';

/*
 * /metrics in the Prometheus text format, parsed by a Prometheus text-format parser; who may read it;
 * and the readiness probe.
 */

interface Family {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string }[];
}

const TOKEN = 'token-de-metricas-1234567890';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const families = (body: string) => new Map((parsePrometheusTextFormat(body) as Family[]).map((f) => [f.name, f]));

/**
 * One series of a histogram: the parser merges a labelled histogram's buckets by `le` alone, so the
 * series' own lines are parsed with its labels taken out. Undefined when there is no such series.
 */
function histogramSeries(body: string, name: string, labels: string): Family['metrics'][number] | undefined {
  const lines = body.split('\n').filter((l) => l.startsWith('#') ? l.split(' ')[2] === name : l.startsWith(name) && l.includes(labels));
  if (lines.length <= 2) return undefined;
  const snippet = lines.map((l) => l.replace(`,${labels}`, '').replace(`{${labels}}`, '')).join('\n');
  return families(`${snippet}\n`).get(name)!.metrics[0];
}

describe('/metrics', () => {
  it('gives request durations by route pattern and status, in-flight requests, the database queue, event-loop lag and memory', async () => {
    const { token } = await login(t.app);
    for (const id of [1, 2, 3]) await t.app.inject({ method: 'GET', url: `/api/v2/units/${id}`, headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: '/api/v2/units/1' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const parsed = families(res.body);
    expect(parsed.get('goc_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    const series = (status: string) => histogramSeries(res.body, 'goc_http_request_duration_seconds', `method="GET",route="/api/v2/units/:id",status_code="${status}"`);
    // One series for the pattern, whatever the id: three authorised reads (units 1–3 do not exist), one refused.
    expect(series('404')).toMatchObject({ count: '3', buckets: { '+Inf': '3' } });
    expect(series('401')).toMatchObject({ count: '1' });
    expect(series('200')).toBeUndefined();
    expect(res.body).not.toContain('/units/1"');
    // The /metrics request itself is in flight while it is measured.
    expect(parsed.get('goc_http_requests_in_flight')!.metrics[0]!.value).toBe('1');
    if (t.database.kind === 'pglite') {
      expect(parsed.get('goc_db_pglite_queue')?.type).toBe('GAUGE');
      expect(Number(parsed.get('goc_db_pglite_operation_seconds')!.metrics[0]!.count)).toBeGreaterThan(0);
    } else {
      const pool = parsed.get('goc_db_pool_connections')!.metrics;
      expect(Number(pool.find((m) => m.labels?.state === 'total')!.value)).toBeGreaterThan(0);
      expect(pool.find((m) => m.labels?.state === 'idle')).toBeDefined();
      expect(parsed.get('goc_db_pool_waiting')!.metrics[0]!.value).toBe('0');
      expect(Number(parsed.get('goc_db_pool_wait_seconds')!.metrics[0]!.count)).toBeGreaterThan(0);
    }
    expect(parsed.get('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    expect(Number(parsed.get('process_resident_memory_bytes')!.metrics[0]!.value)).toBeGreaterThan(0);
    expect(Number(parsed.get('nodejs_heap_size_used_bytes')!.metrics[0]!.value)).toBeGreaterThan(0);
  });

  it('refuses a non-loopback caller: 404 without a token configured, 401 with a wrong or missing bearer', async () => {
    const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect([outside.statusCode, outside.json().message]).toEqual([404, MESSAGES.notFound]);
    expect(outside.body).not.toContain('goc_');
    const withToken = await t.variant({ metricsToken: TOKEN });
    const missing = await withToken.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect([missing.statusCode, missing.json().message]).toEqual([401, 'Las métricas requieren el token (GOC_METRICS_TOKEN)']);
    const wrong = await withToken.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: bearer(`${TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
    const right = await withToken.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: bearer(TOKEN) });
    expect(right.statusCode).toBe(200);
    expect(families(right.body).has('goc_http_requests_in_flight')).toBe(true);
    const ipv6Loopback = await withToken.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(ipv6Loopback.statusCode).toBe(200);
  });
});

describe('/api/v2/health/ready', () => {
  it('is ready with every migration applied, 503 while one is missing, and /health stays the liveness probe', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready', migrations: migrationCount() }]);
    const [last] = (await t.db.execute<{ id: number; hash: string; created_at: string }>(sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id desc limit 1`)).rows;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    const notYet = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready' });
    expect([notYet.statusCode, notYet.json().message]).toEqual([503, `La base de datos aún no tiene todas las migraciones (${migrationCount() - 1} de ${migrationCount()})`]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/health' })).statusCode).toBe(200);
    await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 while the database is unreachable', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/v2/health/ready' });
    expect([res.statusCode, res.json().message]).toEqual([503, MESSAGES.unavailable]);
    // Closes the app and, on PostgreSQL, drops the database it made (its connections already ended).
    await other.close();
  });
});
