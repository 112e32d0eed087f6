import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../apps/api/src/db/client';
import { benchCases } from './cases';
import { adminPassword, login } from './capture';
import { MAX_ROWS } from './dataset';
import { childEnv, ensureBuiltApi, runBench, SERVER_JS, writeReadmeSection } from './harness';
import { measure, type Measurement } from './load';
import { middleId, seedMaterials } from './materials';
import { cpuSeconds, freePort, startServer, stopServer, type Server } from './processes';

/*
 * `npm run bench:notifications` (issue 17): what 500 open notification streams (SSE) cost one API
 * process — its resident memory (< 100 MB extra) and the throughput of `npm run bench`'s case (c),
 * one material by id, on the same 100 000 materials (within 10 %).
 *
 * The built API runs as a child on PGlite. This process signs in, trades 500 tickets and reads the
 * child's VmRSS once it has settled; opens the 500 streams, lets it settle and reads it again. Then
 * case (c) is loaded as `npm run bench` loads it (autocannon, 5 s warm-up, 10 s at 16 and at 32
 * connections) alternately with the streams open and closed, three times each, so a drift of the
 * shared machine falls on both sides; the server's CPU time per request is reported beside req/s.
 */

const STREAMS = 500;
const SETTLE_MS = 5_000;
const CONNECTIONS = [16, 32];
const WARMUP_SECONDS = 5;
const MEASURE_SECONDS = 10;
/** Periods on each side (open, closed, open, closed…). */
const ROUNDS = 3;

function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
}

const log = (message: string) => process.stdout.write(`[notifications] ${message}\n`);

const api = (dataDir: string, port: number, logFile: string) =>
  startServer({
    name: 'api',
    args: [SERVER_JS],
    env: childEnv({ GOC_DATA_DIR: dataDir, GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false' }),
    port,
    readyPath: '/api/v2/health',
    logFile,
  });

/** Open streams, each read (and dropped) as a browser would; `close()` ends them all. */
interface Streams {
  open: number;
  close(): Promise<void>;
}

async function openStreams(server: Server, tickets: readonly string[]): Promise<Streams> {
  const aborts: AbortController[] = [];
  const readers: Promise<void>[] = [];
  await Promise.all(
    tickets.map(async (ticket) => {
      const abort = new AbortController();
      aborts.push(abort);
      const response = await fetch(`${server.baseUrl}/api/v2/notifications/stream?ticket=${ticket}`, { signal: abort.signal });
      if (response.status !== 200) throw new Error(`stream → ${response.status}`);
      readers.push(
        (async () => {
          try {
            for await (const chunk of response.body ?? []) void chunk;
          } catch {
            // Aborted by close().
          }
        })(),
      );
    }),
  );
  return {
    open: readers.length,
    async close() {
      for (const abort of aborts) abort.abort();
      await Promise.all(readers);
      // The server notices the closed sockets and drops the streams from its hub.
      await sleep(1_000);
    },
  };
}

interface Phase {
  streams: number;
  byConnections: Map<number, Measurement>;
}

const loads = (values: number[]) => values.map((l) => l.toFixed(2)).join(', ');
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadAtStart = loadavg();
  ensureBuiltApi(log);
  const dataDir = mkdtempSync(join(tmpdir(), 'goc-bench-notifications-'));
  const logFile = join(dataDir, 'api.log');
  const port = await freePort();
  log('first start of the API (migrations, admin)…');
  await stopServer(await api(dataDir, port, logFile));
  let recordPath: string;
  const database = await openDatabase({ pgliteDir: dataDir });
  try {
    log(`seeding ${MAX_ROWS} materials (the data of npm run bench)…`);
    await seedMaterials(database, MAX_ROWS);
    recordPath = benchCases(await middleId(database, MAX_ROWS)).find((c) => c.key === 'c')!.path;
  } finally {
    // PGlite is single-process: the folder must be released before the API opens it.
    await database.close();
  }

  const server = await api(dataDir, port, logFile);
  let current: Streams | null = null;
  try {
    const post = (path: string, token?: string, body?: string) =>
      fetch(`${server.baseUrl}/api/v2${path}`, {
        method: 'POST',
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body ? { body } : {}),
      });
    const token = await login(async (payload) => {
      const r = await post('/auth/login', undefined, payload);
      return { status: r.status, body: await r.text() };
    });
    const headers = { authorization: `Bearer ${token}` };
    const tickets = async () => {
      const issued: string[] = [];
      for (let i = 0; i < STREAMS; i += 1) issued.push(((await (await post('/notifications/stream-ticket', token)).json()) as { ticket: string }).ticket);
      return issued;
    };

    // Memory: issuing the tickets warms the process up (routes compiled, database pages cached).
    const first = await tickets();
    await sleep(SETTLE_MS);
    const before = rssMiB(server.child.pid);
    current = await openStreams(server, first);
    await sleep(SETTLE_MS);
    const after = rssMiB(server.child.pid);
    const extra = after - before;
    log(`${current.open} streams open: RSS ${before.toFixed(1)} → ${after.toFixed(1)} MiB (+${extra.toFixed(1)} MiB, ${((extra * 1024) / current.open).toFixed(1)} KiB per stream)`);

    // Throughput of case (c): open, closed, open, closed.
    const phases: Phase[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const withStreams of [true, false]) {
        if (withStreams && !current) current = await openStreams(server, await tickets());
        if (!withStreams && current) {
          await current.close();
          current = null;
        }
        const phase: Phase = { streams: current?.open ?? 0, byConnections: new Map() };
        for (const [i, connections] of CONNECTIONS.entries()) {
          const m = await measure(`${server.baseUrl}${recordPath}`, headers, { connections, warmupSeconds: i === 0 ? WARMUP_SECONDS : 0, measureSeconds: MEASURE_SECONDS }, () =>
            cpuSeconds(server.child.pid),
          );
          if (m.failures > 0) throw new Error(`case (c) failed ${m.failures} requests: ${m.failureDetail}`);
          log(`(c) @${connections}, ${phase.streams} streams: ${m.requestsPerSecond.toFixed(1)} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, CPU ${m.cpuMsPerRequest?.toFixed(2) ?? 'n/a'} ms/request`);
          phase.byConnections.set(connections, m);
        }
        phases.push(phase);
      }
    }

    const signed = (change: number) => `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`;
    const rows = CONNECTIONS.map((connections) => {
      const side = (open: boolean) => phases.filter((p) => p.streams > 0 === open).map((p) => p.byConnections.get(connections)!);
      const rps = (open: boolean) => side(open).map((m) => m.requestsPerSecond);
      const cpu = (open: boolean) => mean(side(open).map((m) => m.cpuMsPerRequest ?? Number.NaN));
      const withStreams = mean(rps(true));
      const without = mean(rps(false));
      const change = ((withStreams - without) / without) * 100;
      const cpuChange = ((cpu(true) - cpu(false)) / cpu(false)) * 100;
      log(`(c) @${connections}: ${without.toFixed(1)} req/s without streams, ${withStreams.toFixed(1)} with ${STREAMS} (${signed(change)}); CPU ${cpu(false).toFixed(2)} → ${cpu(true).toFixed(2)} ms/request (${signed(cpuChange)})`);
      const each = (open: boolean) => rps(open).map((r) => r.toFixed(0)).join(' / ');
      return `| ${connections} | ${without.toFixed(1)} (${each(false)}) | ${withStreams.toFixed(1)} (${each(true)}) | ${signed(change)} | ${cpu(false).toFixed(2)} | ${cpu(true).toFixed(2)} | ${signed(cpuChange)} |`;
    });

    writeReadmeSection(
      'notifications',
      [
        `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')}–${new Date().toISOString().slice(11, 16)} UTC on PGlite (\`npm run bench:notifications\`); load average (1, 5, 15 min) ${loads(loadAtStart)} at the start, ${loads(loadavg())} at the end — the machine is shared, so the figures move with it:`,
        '',
        '| Open streams | RSS before | RSS with the streams open | Extra | Per stream | Target |',
        '|---:|---:|---:|---:|---:|---|',
        `| ${STREAMS} | ${before.toFixed(1)} MiB | ${after.toFixed(1)} MiB | ${extra.toFixed(1)} MiB | ${((extra * 1024) / STREAMS).toFixed(1)} KiB | < 100 MB extra |`,
        '',
        `Case (c), \`GET ${recordPath}\` on ${MAX_ROWS} materials (target: within 10 %), the mean of ${ROUNDS} periods of ${MEASURE_SECONDS} s each with the streams closed and with ${STREAMS} open, alternated; req/s of each period in brackets. The server's CPU time per request does not depend on what else the machine runs, req/s does:`,
        '',
        '| Connections | req/s, no streams | req/s, 500 streams open | Change | CPU ms/request, no streams | CPU ms/request, 500 open | Change |',
        '|---:|---:|---:|---:|---:|---:|---:|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    await current?.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench({ log, hardLimitMs: 10 * 60_000, main });
