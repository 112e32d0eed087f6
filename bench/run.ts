import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { adminPassword, captureListSql, type BaselinePlan, type Capture } from './capture';
import { ANALYZE_STATEMENTS, listPath, LIST_REQUEST_TEXT, MAX_ROWS, seedStatements } from './dataset';
import { explain } from './explain';
import { measure, type LoadSettings, type Measurement } from './load';
import { adminUrl, benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion } from './postgres';
import { cpuSeconds, freePort, killAll, peakRssMiB, startServer, stopServer, type Server } from './processes';
import { writeFigures, type Report, type Row, type ScenarioNotes } from './report';

/*
 * npm run bench: for each database (PGlite always, PostgreSQL when one answers on 127.0.0.1:5432)
 *   1. first start of the built API on an empty database (migrations, admin user), then stop;
 *   2. seed the materials in bulk, capture the SQL the API issues for the measured request, EXPLAIN it;
 *   3. load the API (child process) with autocannon, then the bare baseline replaying the same SQL;
 * and rewrite the figures in bench/README.md.
 *
 * Knobs (environment): BENCH_ROWS (100000), BENCH_CONNECTIONS (16), BENCH_WARMUP_SECONDS (10),
 * BENCH_MEASURE_SECONDS (15), BENCH_POSTGRES_URL (maintenance database on loopback), BENCH_SKIP_POSTGRES=1.
 */

const ROOT = process.cwd();
const API_DIR = join(ROOT, 'apps/api');
const SERVER_JS = join(API_DIR, 'dist/server.js');
const README = join(ROOT, 'bench/README.md');
/** Whatever happens, the run ends: a stuck child or database cannot keep CI waiting. */
const HARD_LIMIT_MS = 12 * 60_000;

/** The PostgreSQL database to drop if the run is interrupted while it exists. */
let cleanupDatabase: string | null = null;

const UNITS = 12;
const CATEGORIES = 10;

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer ${min}…${max}, got ${raw}`);
  return value;
}

const rows = intFromEnv('BENCH_ROWS', MAX_ROWS, 1_300, MAX_ROWS);
const load: LoadSettings = {
  connections: intFromEnv('BENCH_CONNECTIONS', 16, 1, 256),
  warmupSeconds: intFromEnv('BENCH_WARMUP_SECONDS', 10, 0, 120),
  measureSeconds: intFromEnv('BENCH_MEASURE_SECONDS', 15, 1, 300),
};

const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The API is measured as it ships: the tsup bundle. Rebuilt when a source is newer than it. */
function ensureBuiltApi(): void {
  let built = 0;
  try {
    built = statSync(SERVER_JS).mtimeMs;
  } catch {
    // Not built yet.
  }
  const sources = Math.max(newestMtime(join(API_DIR, 'src')), newestMtime(join(ROOT, 'packages/contracts/src')));
  if (built > sources) return;
  log('building the API (apps/api/dist)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build -w apps/api failed');
}

/** The child's environment: this process's, minus anything that would point the app elsewhere. */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key.startsWith('GOC_') || ['DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST'].includes(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

interface Target {
  label: string;
  dataDir: string;
  databaseUrl?: string;
}

async function startApi(target: Target, logFile: string): Promise<Server> {
  return startServer({
    name: `API (${target.label})`,
    args: [SERVER_JS],
    env: childEnv({
      GOC_DATA_DIR: target.dataDir,
      GOC_ADMIN_PASSWORD: adminPassword(),
      GOC_DEMO_DATA: 'false',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    }),
    port: await freePort(),
    readyPath: '/api/v2/health',
    logFile,
  });
}

async function sqlRows<T>(database: Database, text: string): Promise<T[]> {
  const { driver } = database;
  const result = driver.kind === 'postgres' ? await driver.client.query(text) : await driver.client.query(text);
  return result.rows as T[];
}

/**
 * The materials' secondary indexes (those not backing a constraint), as the migrations made them.
 * Bulk loading without them and building them afterwards is several times faster than maintaining
 * them row by row (the trigram GIN indexes above all); the end state is the same.
 */
async function secondaryIndexes(database: Database): Promise<{ indexname: string; indexdef: string }[]> {
  return sqlRows(
    database,
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = 'materials'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
  );
}

async function seed(database: Database): Promise<number> {
  const started = performance.now();
  const indexes = await secondaryIndexes(database);
  const statements = [
    ...indexes.map(({ indexname }) => `DROP INDEX "${indexname.replaceAll('"', '""')}"`),
    ...seedStatements(rows),
    ...indexes.map(({ indexdef }) => indexdef),
    ...ANALYZE_STATEMENTS,
  ];
  for (const statement of statements) await sqlRows(database, statement);
  return (performance.now() - started) / 1000;
}

async function httpLogin(server: Server): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword() }),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`login failed: HTTP ${response.status} ${body.slice(0, 300)}`);
  return (JSON.parse(body) as { token: string }).token;
}

/** One request before the load: the server answers what the capture saw, not an error page. */
async function checkAnswer(url: string, headers: Record<string, string>, capture: Capture): Promise<void> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${body.slice(0, 300)}`);
  const parsed = JSON.parse(body) as { total: number; items: unknown[] };
  if (parsed.total !== capture.total || parsed.items.length !== capture.items) {
    throw new Error(`GET ${url} answered total=${parsed.total} items=${parsed.items.length}, expected ${capture.total}/${capture.items}`);
  }
}

async function loadServer(server: Server, headers: Record<string, string>, path: string, capture: Capture): Promise<{ m: Measurement; rss: number | null }> {
  const url = `${server.baseUrl}${path}`;
  await checkAnswer(url, headers, capture);
  log(`loading ${server.name}: ${load.warmupSeconds} s warm-up + ${load.measureSeconds} s…`);
  const m = await measure(url, headers, load, () => cpuSeconds(server.child.pid));
  const rss = peakRssMiB(server.child.pid);
  log(`${server.name}: ${m.requestsPerSecond.toFixed(1)} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, CPU ${m.cpuMsPerRequest?.toFixed(1) ?? 'n/a'} ms/request, failed ${m.failures}${m.failureDetail ? ` (${m.failureDetail})` : ''}, peak RSS ${rss?.toFixed(0) ?? 'n/a'} MiB`);
  return { m, rss };
}

async function runScenario(target: Target, workDir: string): Promise<{ rows: Row[]; notes: ScenarioNotes }> {
  const logFile = join(workDir, `${target.label.replace(/\W+/g, '-').toLowerCase()}.log`);
  log(`${target.label}: first start of the API (migrations, admin)…`);
  await stopServer(await startApi(target, logFile));

  const path = listPath();
  const database = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.dataDir });
  let capture: Capture;
  let notes: ScenarioNotes;
  try {
    log(`${target.label}: seeding ${rows} materials…`);
    const seedSeconds = await seed(database);
    capture = await captureListSql({ database, dataDir: target.dataDir, databaseUrl: target.databaseUrl, path });
    const page = await explain(database, capture.page);
    const count = await explain(database, capture.count);
    notes = {
      database: target.label,
      seedSeconds,
      total: capture.total,
      items: capture.items,
      statements: capture.all.length,
      otherStatements: capture.all.filter((q) => q !== capture.page && q !== capture.count).map((q) => q.text),
      page,
      count,
      pageSql: capture.page,
      countSql: capture.count,
    };
    log(`${target.label}: seeded in ${seedSeconds.toFixed(1)} s; ${capture.total} matches; page SQL ${page.executionMs.toFixed(1)} ms, count ${count.executionMs.toFixed(1)} ms`);
  } finally {
    // PGlite is single-process: the folder must be released before the servers open it.
    await database.close();
  }

  const api = await startApi(target, logFile);
  let apiResult: { m: Measurement; rss: number | null };
  try {
    const token = await httpLogin(api);
    apiResult = await loadServer(api, { authorization: `Bearer ${token}` }, path, capture);
  } finally {
    await stopServer(api);
  }

  const plan: BaselinePlan = { before: [], page: capture.page, count: capture.count, pageNumber: 50, pageSize: 25 };
  const planFile = join(workDir, `${target.label.replace(/\W+/g, '-').toLowerCase()}-plan.json`);
  writeFileSync(planFile, JSON.stringify(plan));
  const baseline = await startServer({
    name: `baseline (${target.label})`,
    args: ['--import', 'tsx', join(ROOT, 'bench/baseline-server.ts')],
    env: childEnv({
      BASELINE_PLAN: planFile,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { GOC_DATA_DIR: target.dataDir }),
    }),
    port: await freePort(),
    readyPath: '/health',
    logFile,
  });
  let baseResult: { m: Measurement; rss: number | null };
  try {
    baseResult = await loadServer(baseline, {}, path, capture);
  } finally {
    await stopServer(baseline);
  }

  const bare = target.databaseUrl ? 'node:http + pg' : 'node:http + PGlite';
  return {
    rows: [
      {
        database: target.label,
        server: 'GOC API (`node apps/api/dist/server.js`)',
        measurement: apiResult.m,
        peakRssMiB: apiResult.rss,
        ratio: apiResult.m.requestsPerSecond / baseResult.m.requestsPerSecond,
      },
      { database: target.label, server: `baseline: same SQL, bare ${bare}`, measurement: baseResult.m, peakRssMiB: baseResult.rss, ratio: null },
    ],
    notes,
  };
}

async function main(): Promise<void> {
  const loadAverage = loadavg()[0] ?? 0;
  ensureBuiltApi();
  const workDir = mkdtempSync(join(tmpdir(), 'goc-bench-'));
  const results: Row[] = [];
  const scenarios: ScenarioNotes[] = [];
  const skipped: string[] = [];
  let failed = false;
  try {
    const pglite = await runScenario({ label: 'PGlite', dataDir: join(workDir, 'pglite') }, workDir);
    results.push(...pglite.rows);
    scenarios.push(pglite.notes);

    const skip = process.env.BENCH_SKIP_POSTGRES === '1';
    const version = skip ? null : await postgresVersion();
    if (version === null) {
      const why = skip ? 'skipped (BENCH_SKIP_POSTGRES=1)' : `no server answered on ${new URL(adminUrl()).host}`;
      skipped.push(`PostgreSQL: ${why}; its rows are missing from this run.`);
      log(`PostgreSQL: ${why}`);
    } else {
      const name = benchDatabaseName();
      await createDatabase(name);
      cleanupDatabase = name;
      try {
        const pgRun = await runScenario({ label: `PostgreSQL ${version.split(' ')[0]}`, dataDir: join(workDir, 'postgres'), databaseUrl: databaseUrl(name) }, workDir);
        results.push(...pgRun.rows);
        scenarios.push(pgRun.notes);
      } finally {
        await dropDatabase(name);
        cleanupDatabase = null;
      }
    }
    failed = results.some((r) => r.measurement.failures > 0);
  } catch (error) {
    log(`failed; server logs kept in ${workDir}`);
    throw error;
  }
  if (failed) log(`server logs kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });

  const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const report: Report = {
    date: new Date(),
    machine: `${availableParallelism()} cores (${cpuModel})`,
    node: process.version,
    loadAverage,
    rows,
    units: UNITS,
    categories: CATEGORIES,
    request: LIST_REQUEST_TEXT,
    connections: load.connections,
    warmupSeconds: load.warmupSeconds,
    measureSeconds: load.measureSeconds,
    results,
    scenarios,
    skipped,
  };
  writeFigures(README, report);
  log(`figures written to ${README}`);
  if (failed) {
    log('some requests failed during the load: the figures are not valid');
    process.exitCode = 1;
  }
}

function abort(reason: string): void {
  log(`${reason}: stopping`);
  killAll();
  const name = cleanupDatabase;
  const done = () => process.exit(1);
  if (name) dropDatabase(name).then(done, done);
  else done();
}

process.on('SIGINT', () => abort('interrupted'));
process.on('SIGTERM', () => abort('terminated'));
setTimeout(() => abort(`still running after ${HARD_LIMIT_MS / 60_000} min`), HARD_LIMIT_MS).unref();

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  killAll();
  const name = cleanupDatabase;
  const done = () => process.exit(1);
  if (name) dropDatabase(name).then(done, done);
  else done();
});
