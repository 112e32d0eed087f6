import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/db/seed';
import { createPasswordHasher } from '../apps/api/src/lib/passwords';
import { benchCases, type BenchCase } from './cases';
import { adminPassword, type BaselinePlan, captureSql, loginOverHttp } from './capture';
import { childEnv, ensureBuiltApi, ROOT, runBench, SERVER_JS, writeReadmeSection } from './harness';
import { measure, type Measurement } from './load';
import { directusFromEnv, type DirectusTarget } from './directus';
import { countMaterials, middleId, seedMaterials } from './materials';
import { LINES_PER_ORDER, ORDERS_PER_SECOND, orderSpec, type OrderWriter, type WriterFigures } from './order-writer';
import { startWriterThread } from './writer-thread';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion, reusedDatabase } from './postgres';
import { cpuSeconds, freePort, startServer, stopServer } from './processes';

/*
 * npm run bench:mixed: the three requests of `npm run bench` read-only, then again while a writer
 * creates 10 orders a second (5 lines each) through the API on the same database, which is what an
 * office does beside the people reading, alone and beside the writer in turn, three times (BENCH_MIXED_PAIRS).
 * Each read keeps a share of its read-only throughput; the
 * writes touch the orders, their lines and the kept totals, never the materials, so a read that
 * loses much is paying for a cache dropped too widely or for contention it should not have.
 * PGlite always (the writer goes through the same API process, the database being in it), PostgreSQL
 * when one answers; there the bare baseline (the same SQL, no API) is measured the same way, the
 * writer still going through GOC's API beside it, and so is a Directus when given as for
 * `npm run bench` (on a kept database: BENCH_KEEP_DATABASE=1, then BENCH_POSTGRES_DATABASE).
 */

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CONNECTIONS = 16;
const WARMUP_SECONDS = 5;
const MEASURE_SECONDS = 8;
/**
 * Each read alone then beside the writer, this many times in turn; its share kept is the median pair's.
 * On two cores one pair moves by 10–20 points from one run to the next, more than what is measured.
 */
const PAIRS = Number(process.env.BENCH_MIXED_PAIRS ?? 3);
if (!Number.isInteger(PAIRS) || PAIRS < 1) throw new Error(`BENCH_MIXED_PAIRS: ${process.env.BENCH_MIXED_PAIRS} is not a whole number of pairs`);
const HARD_LIMIT_MS = 20 * 60_000;

const directus = directusFromEnv();
const keepDatabase = process.env.BENCH_KEEP_DATABASE === '1';

const log = (message: string) => process.stdout.write(`[mixed] ${message}\n`);
let cleanupDatabase: string | null = null;

interface Pair {
  readOnly: Measurement;
  mixed: Measurement;
  writer: WriterFigures;
}

interface Row {
  database: string;
  server: string;
  caseKey: BenchCase['key'];
  pairs: Pair[];
}

const keptOf = (pair: Pair) => pair.mixed.requestsPerSecond / pair.readOnly.requestsPerSecond;

/** The pair whose share kept is the median (the lower middle one for an even count). */
function medianPair(row: Row): Pair {
  const sorted = [...row.pairs].sort((a, b) => keptOf(a) - keptOf(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function loadCases(
  target: { database: string; server: string; baseUrl: string; pid: number | undefined; headers: Record<string, string>; directusShape?: boolean },
  cases: BenchCase[],
  writer: () => OrderWriter,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const benchCase of cases) {
    const url = `${target.baseUrl}${target.directusShape ? benchCase.directusPath : benchCase.path}`;
    const pairs: Pair[] = [];
    for (let i = 0; i < PAIRS; i++) {
      // The first window warms the server up; the later ones only let the last writes' deliveries settle.
      const settings = { connections: CONNECTIONS, warmupSeconds: i === 0 ? WARMUP_SECONDS : 1, measureSeconds: MEASURE_SECONDS };
      const readOnly = await measure(url, target.headers, settings, () => cpuSeconds(target.pid));
      const running = writer();
      // The writer's first second is not measured: its own start (JIT, pool) is not the steady state.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const mixed = await measure(url, target.headers, { ...settings, warmupSeconds: 0 }, () => cpuSeconds(target.pid));
      const written = await running.stop();
      for (const m of [readOnly, mixed]) if (m.failures > 0) throw new Error(`${target.server} ${benchCase.key}: ${m.failureDetail}`);
      pairs.push({ readOnly, mixed, writer: written });
      log(
        `${target.server} (${benchCase.key}) pair ${i + 1}: ${readOnly.requestsPerSecond.toFixed(1)} req/s alone, ${mixed.requestsPerSecond.toFixed(1)} with the writer ` +
          `(${(keptOf(pairs[i]!) * 100).toFixed(0)} %); writer ${(written.created / written.seconds).toFixed(1)} orders/s, ${written.failed} failed, ${written.skipped} skipped`,
      );
    }
    rows.push({ database: target.database, server: target.server, caseKey: benchCase.key, pairs });
  }
  return rows;
}

/** The materials a database holds; 0 for one not migrated yet. */
async function countMaterialsIfMigrated(database: Parameters<typeof countMaterials>[0]): Promise<number> {
  return countMaterials(database).catch(() => 0);
}

async function runEngine(label: string, dataDir: string, url: string | undefined, workDir: string, compareDirectus: DirectusTarget | null): Promise<Row[]> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: url ? null : dataDir });
  let cases: BenchCase[];
  let plan: BaselinePlan | null = null;
  try {
    // A kept database already holds the demo data and the materials (ids, hence case (c), unchanged).
    if ((await countMaterialsIfMigrated(database)) >= ROWS) log(`${label}: demo data and ${ROWS} materials already seeded, reused`);
    else {
      log(`${label}: migrating, demo data, ${ROWS} materials…`);
      await migrateDatabase(database);
      await seedDatabase(database, { adminPassword: adminPassword(), demoData: true, passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }) });
      await seedMaterials(database, ROWS);
    }
    cases = benchCases(await middleId(database, ROWS));
    if (url) {
      const captures = await captureSql({ database, dataDir, databaseUrl: url, cases });
      plan = { cases: captures.map((c) => ({ path: c.path, kind: c.kind, statements: c.statements, pageNumber: c.key === 'a' ? 50 : 1, pageSize: 25 })) };
    }
  } finally {
    await database.close();
  }
  const env = childEnv({ GOC_DATA_DIR: dataDir, GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false', ...(url ? { DATABASE_URL: url } : {}) });
  const logFile = join(workDir, 'servers.log');
  const api = await startServer({ name: `API (${label})`, args: [SERVER_JS], env, port: await freePort(), readyPath: '/api/v2/health', logFile });
  const rows: Row[] = [];
  try {
    const token = await loginOverHttp(api.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const spec = await orderSpec(api.baseUrl, headers);
    const writer = () => startWriterThread({ baseUrl: api.baseUrl, headers, spec });

    rows.push(...(await loadCases({ database: label, server: 'GOC', baseUrl: api.baseUrl, pid: api.child.pid, headers }, cases, writer)));
    if (plan) {
      const planFile = join(workDir, 'plan.json');
      writeFileSync(planFile, JSON.stringify(plan));
      const baseline = await startServer({
        name: `baseline (${label})`,
        args: ['--import', 'tsx', join(ROOT, 'bench/baseline-server.ts')],
        env: childEnv({ BASELINE_PLAN: planFile, DATABASE_URL: url ?? '' }),
        port: await freePort(),
        readyPath: '/health',
        logFile,
      });
      try {
        rows.push(...(await loadCases({ database: label, server: 'baseline', baseUrl: baseline.baseUrl, pid: baseline.child.pid, headers: {} }, cases, writer)));
      } finally {
        await stopServer(baseline);
      }
    }
    if (compareDirectus) {
      const directusHeaders = { authorization: `Bearer ${compareDirectus.token}` };
      rows.push(
        ...(await loadCases({ database: label, server: 'Directus', baseUrl: compareDirectus.url, pid: compareDirectus.pid, headers: directusHeaders, directusShape: true }, cases, writer)),
      );
    }
  } finally {
    await stopServer(api);
  }
  return rows;
}

/** GOC's req/s over Directus's, alone and beside the writer, for each request measured on both. */
function directusRatios(rows: Row[]): string[] {
  const ratios = rows.flatMap((goc) => {
    if (goc.server !== 'GOC') return [];
    const other = rows.find((r) => r.server === 'Directus' && r.database === goc.database && r.caseKey === goc.caseKey);
    if (!other) return [];
    const [ours, theirs] = [medianPair(goc), medianPair(other)];
    const alone = ours.readOnly.requestsPerSecond / theirs.readOnly.requestsPerSecond;
    const mixed = ours.mixed.requestsPerSecond / theirs.mixed.requestsPerSecond;
    return [`(${goc.caseKey}) ${alone.toFixed(1)}× alone, ${mixed.toFixed(1)}× beside the writer`];
  });
  return ratios.length === 0 ? [] : ['', `GOC / Directus (${rows.find((r) => r.server === 'Directus')?.database}): ${ratios.join('; ')}.`];
}

function render(rows: Row[], loadBefore: number, cases: BenchCase[]): string {
  const caseText = new Map(cases.map((c) => [c.key, c.title]));
  const lines = rows.map((r) => {
    const median = medianPair(r);
    const created = r.pairs.reduce((sum, p) => sum + p.writer.created, 0);
    const seconds = r.pairs.reduce((sum, p) => sum + p.writer.seconds, 0);
    const [failed, skipped] = [r.pairs.reduce((sum, p) => sum + p.writer.failed, 0), r.pairs.reduce((sum, p) => sum + p.writer.skipped, 0)];
    const each = r.pairs.map((p) => `${(keptOf(p) * 100).toFixed(0)}`).join(' / ');
    return `| ${r.database} | ${r.server} | ${caseText.get(r.caseKey) ?? r.caseKey} | ${median.readOnly.requestsPerSecond.toFixed(1)} | ${median.mixed.requestsPerSecond.toFixed(1)} | **${(keptOf(median) * 100).toFixed(0)} %** | ${each} % | ${median.readOnly.p50Ms} / ${median.mixed.p50Ms} | ${(created / seconds).toFixed(1)} (${failed} failed, ${skipped} skipped) |`;
  });
  return [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${availableParallelism()} cores, Node ${process.version}; load average ${loadBefore.toFixed(2)} when it started, ` +
      `${(loadavg()[0] ?? 0).toFixed(2)} when it ended. ${ROWS} materials on top of the demo data; each read ${PAIRS} times in turn ${MEASURE_SECONDS} s alone, then ` +
      `${MEASURE_SECONDS} s beside the writer (${ORDERS_PER_SECOND} orders/s × ${LINES_PER_ORDER} lines through the API, started 1 s before), ${CONNECTIONS} connections ` +
      `(${WARMUP_SECONDS} s of warm-up first); "kept" is the median pair's, its req/s and p50 shown.`,
    '',
    '| Database | Server | Request | alone req/s | with writer req/s | kept | kept, each pair | p50 ms alone / with | writer orders/s |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|',
    ...lines,
    ...directusRatios(rows),
  ].join('\n');
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  ensureBuiltApi(log);
  const workDir = mkdtempSync(join(tmpdir(), 'goc-mixed-'));
  const rows: Row[] = [];
  try {
    if (process.env.BENCH_SKIP_PGLITE === '1') log('PGlite: skipped (BENCH_SKIP_PGLITE=1)');
    else rows.push(...(await runEngine('PGlite', join(workDir, 'pglite'), undefined, workDir, null)));
    const version = await postgresVersion();
    if (version === null) log('PostgreSQL: no server answered; measured on PGlite only');
    else {
      const reused = reusedDatabase();
      const name = reused ?? benchDatabaseName();
      if (!reused) await createDatabase(name);
      cleanupDatabase = keepDatabase || reused ? null : name;
      try {
        rows.push(...(await runEngine(`PostgreSQL ${version.split(' ')[0]}`, join(workDir, 'postgres'), databaseUrl(name), workDir, directus)));
      } finally {
        if (cleanupDatabase) await dropDatabase(cleanupDatabase);
        else log(`PostgreSQL database ${name} kept: ${databaseUrl(name)}`);
        cleanupDatabase = null;
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  writeReadmeSection('mixed', render(rows, loadBefore, benchCases(0)));
  log('figures written to bench/README.md');
}

runBench({ log, hardLimitMs: HARD_LIMIT_MS, cleanup: () => cleanupDatabase, main });
