import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/db/seed';
import { createPasswordHasher } from '../apps/api/src/lib/passwords';
import { adminPassword, type CapturedQuery, loginInProcess, loginOverHttp, tap } from './capture';
import { explain } from './explain';
import { measure, type Measurement } from './load';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion } from './postgres';
import { EMPLOYEES, ORDERS, PROJECTS, seedScale, WORKS } from './overview-dataset';
import { childEnv, ensureBuiltApi, runBench, SERVER_JS, writeReadmeSection } from './harness';
import { cpuSeconds, freePort, startServer, stopServer } from './processes';

/*
 * npm run bench:overview — Obras por línea de negocio and the dashboard at scale: 500 works,
 * 50 000 orders, 5 000 employees and 1 000 projects over the demo catalogues, on PGlite and on
 * PostgreSQL when one answers. The overview statement is captured from one in-process request and
 * run under EXPLAIN ANALYZE; then the built API is loaded with autocannon (16 connections, short
 * runs) on GET /works/overview and GET /dashboard as admin (every widget). Figures go to
 * bench/README.md between the overview markers.
 */

const LOAD = { connections: 16, warmupSeconds: 3, measureSeconds: 8 };
/** One user clicking: the p50 the "≤ 50 ms for one user" is about. */
const ONE_USER = { connections: 1, warmupSeconds: 2, measureSeconds: 5 };
const PATHS = [
  { label: '`GET /works/overview`', path: '/api/v2/works/overview' },
  { label: '`GET /works/overview?status=en_ejecucion&q=obra 1`', path: `/api/v2/works/overview?status=en_ejecucion&q=${encodeURIComponent('obra 1')}` },
  { label: '`GET /dashboard` (admin: every widget)', path: '/api/v2/dashboard' },
];

const log = (message: string) => process.stdout.write(`[bench:overview] ${message}\n`);

/** The SQL of one in-process overview request (the access check's statements left out). */
async function captureOverview(database: Database, dataDir: string, url: string | undefined): Promise<CapturedQuery> {
  const config = { ...loadConfig({ GOC_DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false' }), logLevel: 'silent' as const };
  const app = buildApp(config, database);
  const probe = tap(database);
  try {
    await app.ready();
    const token = await loginInProcess(app);
    probe.setRecording(true);
    const response = await app.inject({ method: 'GET', url: '/api/v2/works/overview', headers: { authorization: `Bearer ${token}` } });
    probe.setRecording(false);
    if (response.statusCode !== 200) throw new Error(`overview: HTTP ${response.statusCode}`);
  } finally {
    probe.restore();
    await app.close();
  }
  const statement = probe.queries.find((q) => q.text.includes('"work_totals"'));
  if (!statement) throw new Error('the overview statement was not captured');
  return statement;
}

interface Figure {
  engine: string;
  label: string;
  load: Measurement;
  alone: Measurement;
}

interface EngineResult {
  figures: Figure[];
  explainMs: number;
  plan: string;
}

async function runEngine(engine: string, dataDir: string, url?: string): Promise<EngineResult> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: url ? null : dataDir });
  let captured: CapturedQuery;
  let explained: Awaited<ReturnType<typeof explain>>;
  try {
    await migrateDatabase(database);
    await seedDatabase(database, { adminPassword: adminPassword(), demoData: true, passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }) });
    log(`${engine}: seeding ${WORKS} works, ${ORDERS} orders, ${EMPLOYEES} employees`);
    await seedScale(database);
    captured = await captureOverview(database, dataDir, url);
    explained = await explain(database, captured);
    log(`${engine}: EXPLAIN ${explained.executionMs.toFixed(1)} ms — ${explained.plan}`);
  } finally {
    await database.close();
  }
  const server = await startServer({
    name: `API (${engine})`,
    args: [SERVER_JS],
    env: childEnv({ GOC_DATA_DIR: dataDir, GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false', ...(url ? { DATABASE_URL: url } : {}) }),
    port: await freePort(),
    readyPath: '/api/v2/health',
    logFile: join(tmpdir(), `goc-bench-overview-${Date.now()}.log`),
  });
  try {
    const token = await loginOverHttp(server.baseUrl);
    const figures: Figure[] = [];
    for (const p of PATHS) {
      const url = `${server.baseUrl}${p.path}`;
      const headers = { authorization: `Bearer ${token}` };
      const alone = await measure(url, headers, ONE_USER, () => cpuSeconds(server.child.pid));
      const load = await measure(url, headers, LOAD, () => cpuSeconds(server.child.pid));
      for (const m of [alone, load]) if (m.failures > 0) throw new Error(`${engine} ${p.label}: ${m.failureDetail}`);
      log(`${engine}: ${p.label}: one user p50 ${alone.p50Ms} ms; 16 clients ${load.requestsPerSecond.toFixed(0)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms`);
      figures.push({ engine, label: p.label, load, alone });
    }
    return { figures, explainMs: explained.executionMs, plan: explained.plan };
  } finally {
    await stopServer(server);
  }
}

function render(results: readonly EngineResult[], notes: string): string {
  const rows = results.flatMap((r) =>
    r.figures.map(
      (f) =>
        `| ${f.engine} | ${f.label} | ${f.alone.p50Ms} | ${f.load.requestsPerSecond.toFixed(0)} | ${f.load.p50Ms} | ${f.load.p99Ms} | ${f.load.cpuMsPerRequest?.toFixed(1) ?? '–'} |`,
    ),
  );
  const plans = results.map((r) => `- ${r.figures[0]?.engine}: overview statement alone ${r.explainMs.toFixed(1)} ms — ${r.plan}`);
  return ['', notes, '', '| Database | Request | one user: p50 ms | 16 clients: req/s | p50 ms | p99 ms | Server CPU ms/req |', '|---|---|---:|---:|---:|---:|---:|', ...rows, '', 'EXPLAIN ANALYZE (best of 3):', '', ...plans, ''].join('\n');
}

async function main(): Promise<void> {
  ensureBuiltApi(log);
  const results: EngineResult[] = [];
  const workDir = mkdtempSync(join(tmpdir(), 'goc-bench-overview-'));
  try {
    results.push(await runEngine('PGlite', join(workDir, 'pglite')));
    const version = process.env.BENCH_SKIP_POSTGRES === '1' ? null : await postgresVersion();
    if (version) {
      const name = benchDatabaseName();
      await createDatabase(name);
      try {
        results.push(await runEngine(`PostgreSQL ${version.split(' ')[0]}`, join(workDir, 'postgres'), databaseUrl(name)));
      } finally {
        await dropDatabase(name);
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const notes = `Measured ${new Date().toISOString().slice(0, 10)} (load average ${loadavg()[0]!.toFixed(1)} at the end): ${WORKS} works, ${ORDERS} orders, ${EMPLOYEES} employees, ${PROJECTS} projects; autocannon ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up, ${LOAD.measureSeconds} s measured, over HTTP to the built API.`;
  writeReadmeSection('overview', render(results, notes));
  log('figures written to bench/README.md');
}

/** Whatever happens, the run ends: a stuck child or database cannot keep anyone waiting. */
runBench({ log, hardLimitMs: 20 * 60_000, main });
