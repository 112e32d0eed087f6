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
import { countBySecond, warmUp, type SecondsCount } from './load';
import { directusFromEnv, type DirectusTarget } from './directus';
import { countMaterials, middleId, seedMaterials } from './materials';
import { LINES_PER_ORDER, ORDERS_PER_SECOND, orderSpec, type WriterFigures } from './order-writer';
import { startWriterThread, type WriterSwitch } from './writer-thread';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion, reusedDatabase } from './postgres';
import { freePort, startServer, stopServer } from './processes';

/*
 * npm run bench:mixed: the three requests of `npm run bench` while a writer creates 10 orders a second
 * (5 lines each) through the API on the same database, which is what an office does beside the people
 * reading. Each read runs without a break while the writer is switched on and off every few seconds;
 * the seconds with the writer against those without give the share of its throughput a read keeps.
 * Alternating within one run, a few seconds apart, is what makes the share measurable here: on this
 * machine the same read alone moved by 20–30 % between windows a few seconds apart, more than the
 * writer's effect, and pairs of separate windows (the earlier method) moved by 10–20 points a pair.
 * The writes touch the orders, their lines and the kept totals, never the materials, so a read that
 * loses much is paying for a cache dropped too widely or for contention it should not have.
 * PGlite always (the writer goes through the same API process, the database being in it), PostgreSQL
 * when one answers; there the bare baseline (the same SQL, no API) is measured the same way, the
 * writer still going through GOC's API beside it, and so is a Directus when given as for
 * `npm run bench` (on a kept database: BENCH_KEEP_DATABASE=1, then BENCH_POSTGRES_DATABASE).
 */

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CONNECTIONS = 16;
const WARMUP_SECONDS = 5;
/** Seconds with the writer on, then as many with it off; the first of each half (the switch settling) is not counted. */
const HALF_SECONDS = Number(process.env.BENCH_MIXED_HALF_SECONDS ?? 3);
/** On-and-off cycles a read runs through. */
const CYCLES = Number(process.env.BENCH_MIXED_CYCLES ?? 6);
for (const [name, value, least] of [['BENCH_MIXED_HALF_SECONDS', HALF_SECONDS, 2], ['BENCH_MIXED_CYCLES', CYCLES, 1]] as const) {
  if (!Number.isInteger(value) || value < least) throw new Error(`${name}: ${value} is not a whole number of at least ${least}`);
}
const HARD_LIMIT_MS = 20 * 60_000;
/** The requests measured (`a,b,c` by default): a subset when looking at one. */
const CASES = (process.env.BENCH_MIXED_CASES ?? 'a,b,c').split(',').map((key) => key.trim());
for (const key of CASES) if (!benchCases(0).some((c) => c.key === key)) throw new Error(`BENCH_MIXED_CASES: no request ${key}`);

const directus = directusFromEnv();
const keepDatabase = process.env.BENCH_KEEP_DATABASE === '1';

const log = (message: string) => process.stdout.write(`[mixed] ${message}\n`);
let cleanupDatabase: string | null = null;

/** One on-and-off cycle: the mean 2xx answers a second of its counted seconds, without and with the writer. */
interface Cycle {
  alone: number;
  mixed: number;
}

interface Row {
  database: string;
  server: string;
  caseKey: BenchCase['key'];
  cycles: Cycle[];
  writer: WriterFigures;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const aloneOf = (row: Row) => mean(row.cycles.map((c) => c.alone));
const mixedOf = (row: Row) => mean(row.cycles.map((c) => c.mixed));
const keptOf = (row: Row) => mixedOf(row) / aloneOf(row);

/** The writer is on in the first half of each cycle. */
const writerOnAt = (second: number) => Math.floor(second / HALF_SECONDS) % 2 === 0;

/** Each cycle's counted seconds (a half's first second left out), without and with the writer. */
function cyclesOf(perSecond: readonly number[]): Cycle[] {
  return Array.from({ length: CYCLES }, (_, c) => {
    const half = (offset: number) => perSecond.slice(c * 2 * HALF_SECONDS + offset + 1, c * 2 * HALF_SECONDS + offset + HALF_SECONDS);
    return { mixed: mean(half(0)), alone: mean(half(HALF_SECONDS)) };
  });
}

async function loadCases(
  target: { database: string; server: string; baseUrl: string; headers: Record<string, string>; directusShape?: boolean },
  cases: BenchCase[],
  writer: () => WriterSwitch,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const benchCase of cases) {
    const url = `${target.baseUrl}${target.directusShape ? benchCase.directusPath : benchCase.path}`;
    // Started before the warm-up, so the thread's own start is not in the measured run.
    const running = writer();
    let counted: SecondsCount;
    try {
      // The writes warmed up too: the first orders of a process cost several times a warm one (JIT,
      // statements prepared per connection), and the first cycle would measure that instead.
      running.on();
      await warmUp(url, target.headers, CONNECTIONS, WARMUP_SECONDS);
      counted = await countBySecond(url, target.headers, CONNECTIONS, CYCLES * 2 * HALF_SECONDS, (second) => {
        if (second % HALF_SECONDS === 0) (writerOnAt(second) ? running.on : running.off)();
      });
    } catch (error) {
      // The writer's thread would keep the bench alive after the failure.
      await running.stop().catch(() => undefined);
      throw error;
    }
    const written = await running.stop();
    if (counted.failures > 0) throw new Error(`${target.server} ${benchCase.key}: ${counted.failureDetail}`);
    const row: Row = { database: target.database, server: target.server, caseKey: benchCase.key, cycles: cyclesOf(counted.perSecond), writer: written };
    rows.push(row);
    log(
      `${target.server} (${benchCase.key}): ${aloneOf(row).toFixed(1)} req/s alone, ${mixedOf(row).toFixed(1)} with the writer (${(keptOf(row) * 100).toFixed(0)} %; ` +
        `per cycle ${row.cycles.map((c) => ((c.mixed / c.alone) * 100).toFixed(0)).join(', ')}); writer ${(written.created / written.seconds).toFixed(1)} orders/s, ${written.failed} failed, ${written.skipped} skipped`,
    );
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
    cases = benchCases(await middleId(database, ROWS)).filter((c) => CASES.includes(c.key));
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

    rows.push(...(await loadCases({ database: label, server: 'GOC', baseUrl: api.baseUrl, headers }, cases, writer)));
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
        rows.push(...(await loadCases({ database: label, server: 'baseline', baseUrl: baseline.baseUrl, headers: {} }, cases, writer)));
      } finally {
        await stopServer(baseline);
      }
    }
    if (compareDirectus) {
      const directusHeaders = { authorization: `Bearer ${compareDirectus.token}` };
      rows.push(
        ...(await loadCases({ database: label, server: 'Directus', baseUrl: compareDirectus.url, headers: directusHeaders, directusShape: true }, cases, writer)),
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
    return [`(${goc.caseKey}) ${(aloneOf(goc) / aloneOf(other)).toFixed(1)}× alone, ${(mixedOf(goc) / mixedOf(other)).toFixed(1)}× beside the writer`];
  });
  return ratios.length === 0 ? [] : ['', `GOC / Directus (${rows.find((r) => r.server === 'Directus')?.database}): ${ratios.join('; ')}.`];
}

function render(rows: Row[], loadBefore: number, cases: BenchCase[]): string {
  const caseText = new Map(cases.map((c) => [c.key, c.title]));
  const lines = rows.map((r) => {
    const each = r.cycles.map((c) => c.mixed / c.alone);
    const { created, failed, skipped, seconds } = r.writer;
    return (
      `| ${r.database} | ${r.server} | ${caseText.get(r.caseKey) ?? r.caseKey} | ${aloneOf(r).toFixed(1)} | ${mixedOf(r).toFixed(1)} | **${(keptOf(r) * 100).toFixed(0)} %** | ` +
      `${(Math.min(...each) * 100).toFixed(0)}–${(Math.max(...each) * 100).toFixed(0)} % | ${(created / seconds).toFixed(1)} (${failed} failed, ${skipped} skipped) |`
    );
  });
  return [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${availableParallelism()} cores, Node ${process.version}; load average ${loadBefore.toFixed(2)} when it started, ` +
      `${(loadavg()[0] ?? 0).toFixed(2)} when it ended. ${ROWS} materials on top of the demo data; each read runs ${CYCLES * 2 * HALF_SECONDS} s at ${CONNECTIONS} connections ` +
      `(after ${WARMUP_SECONDS} s of warm-up with the writer on), the writer (${ORDERS_PER_SECOND} orders/s × ${LINES_PER_ORDER} lines through the API) on for ${HALF_SECONDS} s, off for ${HALF_SECONDS} s, ` +
      `${CYCLES} times; the first second after each switch is not counted. "kept" is the read's req/s with the writer over its req/s without, over all the cycles.`,
    '',
    '| Database | Server | Request | alone req/s | with writer req/s | kept | kept, each cycle | writer orders/s (while on) |',
    '|---|---|---|---:|---:|---:|---:|---:|',
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
