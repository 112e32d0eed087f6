import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/db/seed';
import { createPasswordHasher } from '../apps/api/src/lib/passwords';
import { adminPassword, captureSql, loginOverHttp, type BaselinePlan, type CapturedQuery } from './capture';
import { explain, type Explained } from './explain';
import { measure, type LoadSettings, type Measurement } from './load';
import {
  FILTER_IDS_SQL,
  ORDER_ANALYZE_STATEMENTS,
  orderSeedStatements,
  ORDERS,
  ordersListPath,
  ORDERS_REQUEST_TEXT,
  PAGE,
  PAGE_SIZE,
  UNFILTERED_PATHS,
  LINES_PER_ORDER,
} from './orders-dataset';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion } from './postgres';
import { childEnv as baseEnv, ensureBuiltApi, ROOT, runBench, SERVER_JS, writeReadmeSection } from './harness';
import { cpuSeconds, freePort, startServer, stopServer, type Server } from './processes';

/*
 * npm run bench:orders — the history list of orders at scale. For PGlite, and PostgreSQL when one
 * answers on 127.0.0.1:5432:
 *   1. migrate, seed the demo data and 50 000 orders × 5 lines (INSERT … SELECT generate_series);
 *   2. capture the SQL the API issues for the measured request (scope=all, status + material
 *      filter, sorted by total, page 20) and EXPLAIN ANALYZE it, plus the unfiltered sort by total;
 *   3. load the built API (child process) with autocannon, then the bare node:http baseline
 *      replaying the same statements;
 * and write the figures into bench/README.md between the orders markers.
 *
 * Knobs: BENCH_CONNECTIONS (8), BENCH_WARMUP_SECONDS (5), BENCH_MEASURE_SECONDS (10),
 * BENCH_SKIP_POSTGRES=1, BENCH_ORDERS_EXPLAIN_ONLY=1 (seed and explain, no load, README untouched).
 */

const HARD_LIMIT_MS = 10 * 60_000;

const intFromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${process.env[name]}`);
  return value;
};
const load: LoadSettings = {
  connections: intFromEnv('BENCH_CONNECTIONS', 8),
  warmupSeconds: intFromEnv('BENCH_WARMUP_SECONDS', 5),
  measureSeconds: intFromEnv('BENCH_MEASURE_SECONDS', 10),
};
const explainOnly = process.env.BENCH_ORDERS_EXPLAIN_ONLY === '1';
let cleanupDatabase: string | null = null;

const log = (message: string) => process.stdout.write(`[bench:orders] ${message}\n`);

interface Target {
  label: string;
  dataDir: string;
  databaseUrl?: string;
}

/** The child's environment on the target's database. */
function childEnv(target: Target, extra: Record<string, string>): Record<string, string> {
  return baseEnv({ GOC_DATA_DIR: target.dataDir, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}), ...extra });
}

async function sql<T>(database: Database, text: string): Promise<T[]> {
  const { driver } = database;
  const result = driver.kind === 'postgres' ? await driver.client.query(text) : await driver.client.query(text);
  return result.rows as T[];
}

interface Prepared {
  path: string;
  capture: ListCapture;
  /** The list's statements after the page and its count (the page's lines), replayed by the baseline too. */
  completion: CapturedQuery[];
  seedSeconds: number;
  page: Explained;
  count: Explained;
  unfiltered: { label: string; page: Explained }[];
}

/** The orders page, its count and what it reads after them (the page's lines). */
interface ListCapture {
  page: CapturedQuery;
  count: CapturedQuery;
  completion: CapturedQuery[];
  total: number;
  items: number;
}

async function captureList(options: Omit<Parameters<typeof captureSql>[0], 'cases'>, path: string): Promise<ListCapture> {
  const [capture] = await captureSql({ ...options, cases: [{ key: 'orders', kind: 'list', path, table: 'orders' }] });
  const [page, count] = capture?.statements ?? [];
  if (!capture || !page || !count) throw new Error(`no orders page and count captured for ${path}`);
  return { page, count, completion: capture.completion, total: capture.total, items: capture.items };
}

async function prepare(target: Target): Promise<Prepared> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.databaseUrl ? null : target.dataDir });
  try {
    await migrateDatabase(database);
    await seedDatabase(database, { adminPassword: adminPassword(), demoData: true, passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }) });
    log(`${target.label}: seeding ${ORDERS} orders × ${LINES_PER_ORDER} lines…`);
    const started = performance.now();
    for (const statement of [...orderSeedStatements(ORDERS), ...ORDER_ANALYZE_STATEMENTS]) await sql(database, statement);
    const seedSeconds = (performance.now() - started) / 1000;
    const [ids] = await sql<{ status_id: number; material_id: number }>(database, FILTER_IDS_SQL);
    if (!ids) throw new Error('no status or material to filter by');
    const path = ordersListPath({ statusId: ids.status_id, materialId: ids.material_id });
    const options = { database, dataDir: target.dataDir, databaseUrl: target.databaseUrl };
    const capture = await captureList(options, path);
    const prepared: Prepared = {
      path,
      capture,
      completion: capture.completion,
      seedSeconds,
      page: await explain(database, capture.page),
      count: await explain(database, capture.count),
      unfiltered: [],
    };
    for (const { label, path: other } of UNFILTERED_PATHS) {
      prepared.unfiltered.push({ label, page: await explain(database, (await captureList(options, other)).page) });
    }
    log(`${target.label}: seeded in ${seedSeconds.toFixed(1)} s; ${capture.total} matches`);
    for (const [name, e] of [['page', prepared.page], ['count', prepared.count], ...prepared.unfiltered.map((u) => [u.label, u.page] as const)] as const) {
      log(`  ${name}: ${e.executionMs.toFixed(1)} ms — ${e.plan}`);
    }
    if (explainOnly) for (const q of [capture.page, capture.count, ...prepared.completion]) log(`  SQL: ${q.text} ${JSON.stringify(q.params)}`);
    return prepared;
  } finally {
    // PGlite is single-process: the folder must be released before the servers open it.
    await database.close();
  }
}

async function loadServer(server: Server, headers: Record<string, string>, prepared: Prepared): Promise<Measurement> {
  const url = `${server.baseUrl}${prepared.path}`;
  const check = await fetch(url, { headers });
  const body = (await check.json()) as { total: number; items: unknown[] };
  if (!check.ok || body.total !== prepared.capture.total || body.items.length !== prepared.capture.items) {
    throw new Error(`${server.name}: HTTP ${check.status}, total ${body.total}, ${body.items?.length} items; expected ${prepared.capture.total}/${prepared.capture.items}`);
  }
  log(`loading ${server.name}: ${load.warmupSeconds} s warm-up + ${load.measureSeconds} s…`);
  const m = await measure(url, headers, load, () => cpuSeconds(server.child.pid));
  log(`${server.name}: ${m.requestsPerSecond.toFixed(1)} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, failed ${m.failures}`);
  return m;
}

interface Result {
  target: string;
  prepared: Prepared;
  api: Measurement;
  baseline: Measurement;
}

async function measureTarget(target: Target, workDir: string): Promise<Result | null> {
  const prepared = await prepare(target);
  if (explainOnly) return null;
  const logFile = join(workDir, `${target.label.replace(/\W+/g, '-').toLowerCase()}.log`);
  const api = await startServer({
    name: `API (${target.label})`,
    args: [SERVER_JS],
    env: childEnv(target, { GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false' }),
    port: await freePort(),
    readyPath: '/api/v2/health',
    logFile,
  });
  let apiFigures: Measurement;
  try {
    const token = await loginOverHttp(api.baseUrl);
    apiFigures = await loadServer(api, { authorization: `Bearer ${token}` }, prepared);
  } finally {
    await stopServer(api);
  }

  const plan: BaselinePlan = {
    cases: [{ path: prepared.path, kind: 'list', statements: [prepared.capture.page, prepared.capture.count], completion: prepared.completion, pageNumber: PAGE, pageSize: PAGE_SIZE }],
  };
  const planFile = join(workDir, `${target.label.replace(/\W+/g, '-').toLowerCase()}-plan.json`);
  writeFileSync(planFile, JSON.stringify(plan));
  const baseline = await startServer({
    name: `baseline (${target.label})`,
    args: ['--import', 'tsx', join(ROOT, 'bench/baseline-server.ts')],
    env: childEnv(target, { BASELINE_PLAN: planFile }),
    port: await freePort(),
    readyPath: '/health',
    logFile,
  });
  try {
    return { target: target.label, prepared, api: apiFigures, baseline: await loadServer(baseline, {}, prepared) };
  } finally {
    await stopServer(baseline);
  }
}

function render(results: readonly Result[], loadAverage: number): string {
  const ms = (n: number) => n.toFixed(1);
  const figures = results.flatMap((r) => [
    `| ${r.target} | GOC API | ${r.api.requestsPerSecond.toFixed(1)} | ${r.api.p50Ms} | ${r.api.p99Ms} | ${(r.api.requestsPerSecond / r.baseline.requestsPerSecond).toFixed(2)} | ${r.api.failures} |`,
    `| ${r.target} | baseline (same SQL, bare node:http) | ${r.baseline.requestsPerSecond.toFixed(1)} | ${r.baseline.p50Ms} | ${r.baseline.p99Ms} | — | ${r.baseline.failures} |`,
  ]);
  const plans = results.flatMap((r) => [
    `| ${r.target} | filtered page | ${ms(r.prepared.page.executionMs)} | ${r.prepared.page.plan} |`,
    `| ${r.target} | filtered count (${r.prepared.capture.total}) | ${ms(r.prepared.count.executionMs)} | ${r.prepared.count.plan} |`,
    ...r.prepared.unfiltered.map((u) => `| ${r.target} | ${u.label}, page 1 | ${ms(u.page.executionMs)} | ${u.page.plan} |`),
  ]);
  const seeds = results.map((r) => `${r.target} ${r.prepared.seedSeconds.toFixed(1)} s`).join(', ');
  return [
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${availableParallelism()} cores, load average ${loadAverage.toFixed(2)} at the start; ` +
      `${ORDERS} orders × ${LINES_PER_ORDER} lines (seeded in ${seeds}); ${load.connections} connections, ${load.warmupSeconds} s warm-up, ${load.measureSeconds} s measured.`,
    '',
    `\`${ORDERS_REQUEST_TEXT}\``,
    '',
    '| Database | Server | req/s | p50 ms | p99 ms | API / baseline | Failed |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...figures,
    '',
    'EXPLAIN ANALYZE of the captured statements (best of 3, warm):',
    '',
    '| Database | Statement | ms | Plan |',
    '|---|---|---:|---|',
    ...plans,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const loadAverage = loadavg()[0] ?? 0;
  if (!explainOnly) ensureBuiltApi(log);
  const workDir = mkdtempSync(join(tmpdir(), 'goc-bench-orders-'));
  const results: Result[] = [];
  try {
    const pglite = await measureTarget({ label: 'PGlite', dataDir: join(workDir, 'pglite') }, workDir);
    if (pglite) results.push(pglite);
    const version = process.env.BENCH_SKIP_POSTGRES === '1' ? null : await postgresVersion();
    if (version) {
      const name = benchDatabaseName();
      await createDatabase(name);
      cleanupDatabase = name;
      try {
        const pg = await measureTarget({ label: `PostgreSQL ${version.split(' ')[0]}`, dataDir: join(workDir, 'postgres'), databaseUrl: databaseUrl(name) }, workDir);
        if (pg) results.push(pg);
      } finally {
        await dropDatabase(name);
        cleanupDatabase = null;
      }
    } else log('PostgreSQL skipped');
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  if (explainOnly) return;
  writeReadmeSection('orders', render(results, loadAverage));
  log('figures written to bench/README.md');
  if (results.some((r) => r.api.failures + r.baseline.failures > 0)) process.exitCode = 1;
}

runBench({ log, hardLimitMs: HARD_LIMIT_MS, cleanup: () => cleanupDatabase, main });
