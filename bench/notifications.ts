import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminPassword, login } from './capture';
import { childEnv, ensureBuiltApi, runBench, SERVER_JS, writeReadmeSection } from './harness';
import { freePort, startServer, stopServer } from './processes';

/*
 * `npm run bench:notifications`: the memory 500 open notification streams (SSE) cost one API
 * process. The built API runs as a child on PGlite; this process signs in, trades 500 tickets and
 * opens 500 streams, and the child's resident memory (VmRSS) is read before and after, each time
 * once it has settled.
 */

const STREAMS = 500;
const SETTLE_MS = 5_000;

function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
}

const log = (message: string) => process.stdout.write(`[notifications] ${message}\n`);

async function main(): Promise<void> {
  ensureBuiltApi(log);
  const dataDir = mkdtempSync(join(tmpdir(), 'goc-bench-notifications-'));
  const port = await freePort();
  const server = await startServer({
    name: 'api',
    args: [SERVER_JS],
    env: childEnv({ GOC_DATA_DIR: dataDir, GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false' }),
    port,
    readyPath: '/api/v2/health',
    logFile: join(dataDir, 'api.log'),
  });
  const aborts: AbortController[] = [];
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
    const tickets: string[] = [];
    for (let i = 0; i < STREAMS; i += 1) tickets.push(((await (await post('/notifications/stream-ticket', token)).json()) as { ticket: string }).ticket);
    // Issuing the tickets warmed the process up (routes compiled, database pages cached).
    await sleep(SETTLE_MS);
    const before = rssMiB(server.child.pid);
    let open = 0;
    await Promise.all(
      tickets.map(async (ticket) => {
        const abort = new AbortController();
        aborts.push(abort);
        const response = await fetch(`${server.baseUrl}/api/v2/notifications/stream?ticket=${ticket}`, { signal: abort.signal });
        if (response.status !== 200) throw new Error(`stream → ${response.status}`);
        open += 1;
        // Read (and drop) what arrives, as a browser would.
        void (async () => {
          try {
            for await (const chunk of response.body ?? []) void chunk;
          } catch {
            // Aborted at the end.
          }
        })();
      }),
    );
    await sleep(SETTLE_MS);
    const after = rssMiB(server.child.pid);
    const extra = after - before;
    log(`${open} streams open: RSS ${before.toFixed(1)} → ${after.toFixed(1)} MiB (+${extra.toFixed(1)} MiB, ${((extra * 1024) / open).toFixed(1)} KiB per stream)`);
    writeReadmeSection(
      'notifications',
      [
        `Run ${new Date().toISOString().slice(0, 10)} on PGlite (\`npm run bench:notifications\`):`,
        '',
        '| Open streams | RSS before | RSS with the streams open | Extra | Per stream | Target |',
        '|---:|---:|---:|---:|---:|---|',
        `| ${open} | ${before.toFixed(1)} MiB | ${after.toFixed(1)} MiB | ${extra.toFixed(1)} MiB | ${((extra * 1024) / open).toFixed(1)} KiB | < 100 MB extra |`,
      ].join('\n'),
    );
  } finally {
    for (const abort of aborts) abort.abort();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench({ log, hardLimitMs: 10 * 60_000, main });
