import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { benchCases, type BenchCase } from './cases';
import { adminPassword, captureSql, loginOverHttp, type BaselinePlan, type CaseCapture } from './capture';
import { MAX_ROWS } from './dataset';
import { explain } from './explain';
import { measure } from './load';
import { countMaterials, middleId, seedMaterials } from './materials';
import { directusFromEnv, type DirectusTarget } from './directus';
import { adminUrl, benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion, reusedDatabase } from './postgres';
import { childEnv, ensureBuiltApi, ROOT, runBench, SERVER_JS } from './harness';
import { cpuSeconds, freePort, peakRssMiB, startServer, stopServer, type Server } from './processes';
import { writeFigures, type CaseNotes, type Report, type ScenarioNotes, type ServerRun } from './report';

/*
 * npm run bench: for each database (PGlite always, PostgreSQL when one answers on 127.0.0.1:5432)
 *   1. first start of the built API on an empty database (migrations, admin user), then stop;
 *   2. seed the materials in bulk, capture the SQL the API issues for the three requests (cases.ts),
 *      EXPLAIN it;
 *   3. load the API (child process) with autocannon on each request at each connection count, then
 *      the bare baseline replaying the same SQL, then (PostgreSQL only) Directus when one is given;
 * and rewrite the figures in bench/README.md.
 *
 * Knobs (environment): BENCH_ROWS (100000), BENCH_CONNECTIONS (16,32), BENCH_WARMUP_SECONDS (5),
 * BENCH_MEASURE_SECONDS (10), BENCH_POSTGRES_URL (maintenance database on loopback), BENCH_SKIP_POSTGRES=1,
 * BENCH_KEEP_DATABASE=1, BENCH_POSTGRES_DATABASE (reuse a kept one), BENCH_DIRECTUS_URL + BENCH_DIRECTUS_TOKEN
 * (+ BENCH_DIRECTUS_PID for its CPU).
 */

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

function connectionsFromEnv(): number[] {
  const raw = process.env.BENCH_CONNECTIONS ?? '16,32';
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.length === 0 || values.some((v) => !Number.isInteger(v) || v < 1 || v > 256)) {
    throw new Error(`BENCH_CONNECTIONS must be integers 1…256 separated by commas, got ${raw}`);
  }
  return values;
}

const rows = intFromEnv('BENCH_ROWS', MAX_ROWS, 1_300, MAX_ROWS);
const connections = connectionsFromEnv();
const warmupSeconds = intFromEnv('BENCH_WARMUP_SECONDS', 5, 0, 120);
const measureSeconds = intFromEnv('BENCH_MEASURE_SECONDS', 10, 1, 300);
const directus = directusFromEnv();
const keepDatabase = process.env.BENCH_KEEP_DATABASE === '1';

const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

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

/** What a server must answer for a case before it is loaded: the rows the capture saw, not an error page. */
interface Expected {
  kind: BenchCase['kind'];
  /** List: rows matching. Record: the id. */
  total: number;
  items: number;
}

function checkBody(body: unknown, expected: Expected, directusShape: boolean): string | null {
  if (directusShape) {
    const { data, meta } = body as { data?: unknown; meta?: { filter_count?: number | string } };
    if (expected.kind === 'record') return (data as { id?: unknown } | undefined)?.id === expected.total ? null : `id ${JSON.stringify((data as { id?: unknown })?.id)}`;
    const count = Number(meta?.filter_count);
    return Array.isArray(data) && data.length === expected.items && count === expected.total ? null : `filter_count=${count} items=${Array.isArray(data) ? data.length : '?'}`;
  }
  if (expected.kind === 'record') return (body as { id?: unknown }).id === expected.total ? null : `id ${JSON.stringify((body as { id?: unknown }).id)}`;
  const list = body as { total?: number; items?: unknown[] };
  return list.total === expected.total && list.items?.length === expected.items ? null : `total=${list.total} items=${list.items?.length}`;
}

async function checkAnswer(url: string, headers: Record<string, string>, expected: Expected, directusShape: boolean): Promise<void> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${body.slice(0, 300)}`);
  const wrong = checkBody(JSON.parse(body), expected, directusShape);
  if (wrong !== null) throw new Error(`GET ${url} answered ${wrong}, expected ${expected.total}/${expected.items}`);
}

interface LoadTarget {
  name: string;
  baseUrl: string;
  /** The process whose CPU is measured; unknown for a Directus started by hand. */
  pid: number | undefined;
  headers: Record<string, string>;
  directusShape: boolean;
}

/** Every case at every connection count, warmed up once per case. */
async function loadAll(target: LoadTarget, cases: BenchCase[], expected: Map<string, Expected>, serverKind: ServerRun['server'], database: string): Promise<ServerRun> {
  const run: ServerRun = { database, server: serverKind, name: target.name, peakRssMiB: null, measurements: [] };
  for (const benchCase of cases) {
    const url = `${target.baseUrl}${target.directusShape ? benchCase.directusPath : benchCase.path}`;
    const want = expected.get(benchCase.key);
    if (!want) throw new Error(`no capture for case ${benchCase.key}`);
    await checkAnswer(url, target.headers, want, target.directusShape);
    for (const [i, count] of connections.entries()) {
      const settings = { connections: count, warmupSeconds: i === 0 ? warmupSeconds : 0, measureSeconds };
      log(`${target.name} ${benchCase.key} @${count}: ${settings.warmupSeconds} s warm-up + ${measureSeconds} s…`);
      const m = await measure(url, target.headers, settings, () => cpuSeconds(target.pid));
      log(`  ${m.requestsPerSecond.toFixed(1)} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, CPU ${m.cpuMsPerRequest?.toFixed(1) ?? 'n/a'} ms/request, failed ${m.failures}${m.failureDetail ? ` (${m.failureDetail})` : ''}`);
      run.measurements.push({ caseKey: benchCase.key, connections: count, m });
    }
  }
  run.peakRssMiB = peakRssMiB(target.pid);
  return run;
}

const fileLabel = (label: string) => label.replace(/\W+/g, '-').toLowerCase();

async function runScenario(target: Target, workDir: string, compareDirectus: DirectusTarget | null): Promise<{ runs: ServerRun[]; notes: ScenarioNotes; cases: BenchCase[] }> {
  const logFile = join(workDir, `${fileLabel(target.label)}.log`);
  log(`${target.label}: first start of the API (migrations, admin)…`);
  await stopServer(await startApi(target, logFile));

  const database = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.dataDir });
  let cases: BenchCase[];
  let captures: CaseCapture[];
  let notes: ScenarioNotes;
  try {
    const present = await countMaterials(database);
    let seedSeconds: number | null = null;
    if (present === 0) {
      log(`${target.label}: seeding ${rows} materials…`);
      seedSeconds = await seedMaterials(database, rows);
    } else if (present !== rows) {
      throw new Error(`${target.label} already holds ${present} materials, not ${rows}: seed a fresh database`);
    } else {
      log(`${target.label}: ${present} materials already seeded, reused`);
    }
    cases = benchCases(await middleId(database, rows));
    captures = await captureSql({ database, dataDir: target.dataDir, databaseUrl: target.databaseUrl, cases });
    const caseNotes: CaseNotes[] = [];
    for (const capture of captures) {
      const explained = [];
      for (const statement of capture.statements) explained.push({ statement, ...(await explain(database, statement)) });
      const firstVisit = capture.firstVisit ? { statement: capture.firstVisit, ...(await explain(database, capture.firstVisit)) } : undefined;
      caseNotes.push({
        key: capture.key,
        total: capture.total,
        items: capture.items,
        statements: capture.all.length,
        otherStatements: capture.all.filter((q) => !capture.statements.includes(q)).length,
        explained,
        ...(firstVisit ? { firstVisit } : {}),
      });
      log(`${target.label} ${capture.key}: ${capture.all.length} statements; ${explained.map((e) => `${e.executionMs.toFixed(1)} ms`).join(' + ')} in the database`);
    }
    notes = { database: target.label, seedSeconds, cases: caseNotes };
  } finally {
    // PGlite is single-process: the folder must be released before the servers open it.
    await database.close();
  }
  const expected = new Map<string, Expected>(captures.map((c) => [c.key, { kind: c.kind, total: c.total, items: c.items }]));
  const runs: ServerRun[] = [];

  const api = await startApi(target, logFile);
  try {
    const token = await loginOverHttp(api.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    runs.push(await loadAll({ name: api.name, baseUrl: api.baseUrl, pid: api.child.pid, headers, directusShape: false }, cases, expected, 'goc', target.label));
  } finally {
    await stopServer(api);
  }

  const plan: BaselinePlan = {
    cases: captures.map((c) => ({ path: c.path, kind: c.kind, statements: c.statements, pageNumber: c.key === 'a' ? 50 : 1, pageSize: 25 })),
  };
  const planFile = join(workDir, `${fileLabel(target.label)}-plan.json`);
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
  try {
    runs.push(await loadAll({ name: baseline.name, baseUrl: baseline.baseUrl, pid: baseline.child.pid, headers: {}, directusShape: false }, cases, expected, 'baseline', target.label));
  } finally {
    await stopServer(baseline);
  }

  if (compareDirectus) {
    const headers = { authorization: `Bearer ${compareDirectus.token}` };
    runs.push(await loadAll({ name: `Directus (${target.label})`, baseUrl: compareDirectus.url, pid: compareDirectus.pid, headers, directusShape: true }, cases, expected, 'directus', target.label));
  }
  return { runs, notes, cases };
}

async function main(): Promise<void> {
  const loadAverage = loadavg()[0] ?? 0;
  ensureBuiltApi(log);
  const workDir = mkdtempSync(join(tmpdir(), 'goc-bench-'));
  const runs: ServerRun[] = [];
  const scenarios: ScenarioNotes[] = [];
  const skipped: string[] = [];
  let cases: BenchCase[] = [];
  let failed = false;
  try {
    const pglite = await runScenario({ label: 'PGlite', dataDir: join(workDir, 'pglite') }, workDir, null);
    runs.push(...pglite.runs);
    scenarios.push(pglite.notes);
    cases = pglite.cases;

    const skip = process.env.BENCH_SKIP_POSTGRES === '1';
    const version = skip ? null : await postgresVersion();
    if (version === null) {
      const why = skip ? 'skipped (BENCH_SKIP_POSTGRES=1)' : `no server answered on ${new URL(adminUrl()).host}`;
      skipped.push(`PostgreSQL: ${why}; its rows are missing from this run.`);
      log(`PostgreSQL: ${why}`);
    } else {
      const reused = reusedDatabase();
      const name = reused ?? benchDatabaseName();
      if (!reused) await createDatabase(name);
      cleanupDatabase = keepDatabase || reused ? null : name;
      try {
        const pgRun = await runScenario({ label: `PostgreSQL ${version.split(' ')[0]}`, dataDir: join(workDir, 'postgres'), databaseUrl: databaseUrl(name) }, workDir, directus);
        runs.push(...pgRun.runs);
        scenarios.push(pgRun.notes);
      } finally {
        if (cleanupDatabase) await dropDatabase(cleanupDatabase);
        else log(`PostgreSQL database ${name} kept: ${databaseUrl(name)}`);
        cleanupDatabase = null;
      }
    }
    if (directus && version === null) skipped.push('Directus: given, but compared only on PostgreSQL, which did not run.');
    failed = runs.some((r) => r.measurements.some((x) => x.m.failures > 0));
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
    loadAverageAfter: loadavg()[0] ?? 0,
    rows,
    units: UNITS,
    categories: CATEGORIES,
    cases,
    connections,
    warmupSeconds,
    measureSeconds,
    directus: directus?.url ?? null,
    runs,
    scenarios,
    skipped,
  };
  writeFigures(report);
  log('figures written to bench/README.md');
  if (failed) {
    log('some requests failed during the load: the figures are not valid');
    process.exitCode = 1;
  }
}

runBench({ log, hardLimitMs: HARD_LIMIT_MS, cleanup: () => cleanupDatabase, main });
