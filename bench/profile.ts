import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../apps/api/src/db/client';
import { adminPassword, loginOverHttp } from './capture';
import { childEnv, ensureBuiltApi, runBench, SERVER_JS, writeReadmeSection } from './harness';
import { measure, type Measurement } from './load';
import { middleId, seedMaterials } from './materials';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion } from './postgres';
import { LINES_PER_ORDER, ORDERS_PER_SECOND, orderBody, orderSpec, startWriter, type WriterFigures } from './order-writer';
import { cpuSeconds, freePort, startServer, stopServer, type Server } from './processes';
import { summariseProfile, type CpuProfile, type ProfileSummary } from './profile-summary';

/*
 * npm run bench:profile: where the API's CPU goes on case (c), one material by id, and on creating an
 * order (the writer of bench:mixed, whose CPU the reads beside it lose). The built API runs
 * with V8's sampling profiler (--cpu-prof); the load is the bench's (warm-up, then a measured period
 * at 16 connections), and only the samples taken during the measured period are summarised, per
 * request: by package (node_modules), Node's own internals, garbage collection and GOC's bundle, with
 * the GOC functions that cost most (self and with what they call). PGlite always, PostgreSQL when
 * one answers on 127.0.0.1:5432. Written to bench/README.md between the profile markers.
 */

const ROWS = 20_000;
const CONNECTIONS = 16;
const WARMUP_SECONDS = 5;
const MEASURE_SECONDS = 10;
/** Sampling interval (µs): 4× V8's default, enough samples in 10 s for 0.01 ms resolution per request. */
const SAMPLE_INTERVAL_US = 250;
/** After the writer stops: its orders' domain events delivered before the window closes. */
const SETTLE_MS = 1_000;
const HARD_LIMIT_MS = 8 * 60_000;

const log = (message: string) => process.stdout.write(`[profile] ${message}\n`);
let cleanupDatabase: string | null = null;

interface EngineProfile {
  label: string;
  measurement: Measurement;
  summary: ProfileSummary;
  orders: { figures: WriterFigures; summary: ProfileSummary };
}

/** The monotonic clock V8 stamps its samples with, in µs (system-wide on Linux, so comparable across processes). */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

async function profileEngine(label: string, dataDir: string, url: string | undefined, workDir: string): Promise<EngineProfile> {
  const profileDir = join(workDir, `${label.replace(/\W+/g, '-')}-profile`);
  const env = childEnv({ GOC_DATA_DIR: dataDir, GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'true', ...(url ? { DATABASE_URL: url } : {}) });
  const start = async (args: string[]) =>
    startServer({ name: `API (${label})`, args: [...args, SERVER_JS], env, port: await freePort(), readyPath: '/api/v2/health', logFile: join(workDir, 'api.log') });

  log(`${label}: first start (migrations, admin), then ${ROWS} materials…`);
  await stopServer(await start([]));
  const database = await openDatabase({ databaseUrl: url, pgliteDir: dataDir });
  let recordId: number;
  try {
    await seedMaterials(database, ROWS);
    recordId = await middleId(database, ROWS);
  } finally {
    await database.close();
  }

  const server = await start(['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-interval=${SAMPLE_INTERVAL_US}`]);
  let measurement: Measurement;
  let window: { from: number; to: number };
  let writes: { figures: WriterFigures; window: { from: number; to: number } };
  try {
    const token = await loginOverHttp(server.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const target = `${server.baseUrl}/api/v2/materials/${recordId}`;
    // Warm-up (JIT, pools, caches): a short measured period of its own, thrown away with it.
    await measure(target, headers, { connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, measureSeconds: 1 }, () => null);
    const from = nowMicros();
    measurement = await measure(target, headers, { connections: CONNECTIONS, warmupSeconds: 0, measureSeconds: MEASURE_SECONDS }, () => cpuSeconds(server.child.pid));
    window = { from, to: nowMicros() };
    if (measurement.failures > 0) throw new Error(`${label}: ${measurement.failureDetail}`);
    writes = await profileWrites(server, headers);
  } finally {
    // The profile is written when the process exits; SIGTERM makes it close and exit normally.
    await stopServer(server);
  }
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${label}: the API wrote no CPU profile`);
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
  if (measurement.cpuMsPerRequest === null) throw new Error('the API process CPU time cannot be read (/proc)');
  const api = bundle();
  const summary = summariseProfile(profile, window, measurement.cpuMsPerRequest, api);
  log(`${label}: ${measurement.requestsPerSecond.toFixed(0)} req/s, ${summary.cpuMsPerRequest.toFixed(3)} ms of CPU per request`);
  // Per order, the main thread's busy time in the samples: at 10 orders a second the process is mostly
  // idle, and its CPU time would count the profiler's own sampling thread as much as the orders.
  const busy = summariseProfile(profile, writes.window, 1, api).samples;
  const msPerOrder = (busy * SAMPLE_INTERVAL_US) / 1000 / writes.figures.created;
  const orders = { figures: writes.figures, summary: summariseProfile(profile, writes.window, msPerOrder, api) };
  log(`${label}: ${writes.figures.created} orders, ${msPerOrder.toFixed(2)} ms of the main thread per order`);
  return { label, measurement, summary, orders };
}

/**
 * The writer of `bench:mixed` alone: 10 orders a second for the measured period, after a warm-up of
 * its own. The window closes a moment after the last answer, so that the work an order leaves behind
 * (the domain events' deliveries) counts for it.
 */
async function profileWrites(server: Server, headers: Record<string, string>) {
  const body = orderBody(await orderSpec(server.baseUrl, headers));
  const warmup = startWriter(server.baseUrl, headers, body);
  await sleep(WARMUP_SECONDS * 1000);
  await warmup.stop();
  await sleep(SETTLE_MS);
  const from = nowMicros();
  const writer = startWriter(server.baseUrl, headers, body);
  await sleep(MEASURE_SECONDS * 1000);
  const figures = await writer.stop();
  await sleep(SETTLE_MS);
  const window = { from, to: nowMicros() };
  if (figures.failed > 0 || figures.created === 0) throw new Error(`order writes: ${figures.created} created, ${figures.failed} failed`);
  return { figures, window };
}

/** The API bundle and its source map, so that profile positions name apps/api/src files. */
function bundle(): { file: string; sourceMap: SourceMap | null } {
  const map = `${SERVER_JS}.map`;
  return { file: 'dist/server.js', sourceMap: existsSync(map) ? new SourceMap(JSON.parse(readFileSync(map, 'utf8'))) : null };
}

const ms = (value: number) => value.toFixed(3);

/** The three tables of a summary, its figures given per `unit` ("request", "order"). */
function tables(summary: ProfileSummary, unit: string): string[] {
  return [
    `| Where (self time) | ms per ${unit} | share |`,
    '|---|---:|---:|',
    ...summary.groups.filter((g) => g.share >= 0.005).map((g) => `| ${g.name} | ${ms(g.msPerRequest)} | ${(g.share * 100).toFixed(1)} % |`),
    '',
    `| Function, any (self time) | in | ms per ${unit} |`,
    '|---|---|---:|',
    ...summary.frames.map((f) => `| \`${f.name}\` | ${f.group} | ${ms(f.msPerRequest)} |`),
    '',
    `| GOC function (with what it calls) | ms per ${unit} | self |`,
    '|---|---:|---:|',
    ...summary.functions.map((f) => `| \`${f.name}\` | ${ms(f.totalMsPerRequest)} | ${ms(f.selfMsPerRequest)} |`),
  ];
}

function section(engine: EngineProfile): string {
  const { summary, measurement } = engine;
  return [
    `### ${engine.label}`,
    '',
    `${measurement.requestsPerSecond.toFixed(0)} req/s at ${CONNECTIONS} connections, p50 ${measurement.p50Ms} ms; ` +
      `${summary.samples} samples in the measured ${MEASURE_SECONDS} s: **${ms(summary.cpuMsPerRequest)} ms of API CPU per request**.`,
    '',
    ...tables(summary, 'request'),
  ].join('\n');
}

function ordersSection(engine: EngineProfile): string {
  const { summary, figures } = engine.orders;
  return [
    `### ${engine.label}: creating orders`,
    '',
    `${figures.created} orders of ${LINES_PER_ORDER} lines in ${figures.seconds.toFixed(1)} s (\`POST /api/v2/orders\`, ${ORDERS_PER_SECOND} a second); ` +
      `${summary.samples} samples: **${ms(summary.cpuMsPerRequest)} ms of the API's main thread per order** (busy samples × interval), the deliveries of its domain events included.`,
    '',
    ...tables(summary, 'order'),
  ].join('\n');
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  ensureBuiltApi(log);
  const workDir = mkdtempSync(join(tmpdir(), 'goc-profile-'));
  const engines: EngineProfile[] = [];
  try {
    if (process.env.BENCH_SKIP_PGLITE === '1') log('PGlite: skipped (BENCH_SKIP_PGLITE=1)');
    else engines.push(await profileEngine('PGlite', join(workDir, 'pglite'), undefined, workDir));
    const version = await postgresVersion();
    if (version === null) log('PostgreSQL: no server answered; profiled on PGlite only');
    else {
      const name = benchDatabaseName();
      await createDatabase(name);
      cleanupDatabase = name;
      try {
        engines.push(await profileEngine(`PostgreSQL ${version.split(' ')[0]}`, join(workDir, 'postgres'), databaseUrl(name), workDir));
      } finally {
        await dropDatabase(name);
        cleanupDatabase = null;
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const header =
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}; load average ${loadBefore.toFixed(2)} ` +
    `when it started, ${(loadavg()[0] ?? 0).toFixed(2)} when it ended. Case (c) \`GET /api/v2/materials/:id\` on ${ROWS} materials, ` +
    `${WARMUP_SECONDS} s warm-up, ${MEASURE_SECONDS} s measured at ${CONNECTIONS} connections; then orders created at ${ORDERS_PER_SECOND} a second ` +
    `(${WARMUP_SECONDS} s warm-up, ${MEASURE_SECONDS} s measured) on the demo data; V8 sampling every ${SAMPLE_INTERVAL_US} µs.`;
  writeReadmeSection('profile', [header, ...engines.flatMap((engine) => [section(engine), ordersSection(engine)])].join('\n\n'));
  log('profile written to bench/README.md');
}

runBench({ log, hardLimitMs: HARD_LIMIT_MS, cleanup: () => cleanupDatabase, main });
