import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@goc/contracts';
import { clusterRunner, freePort, startCluster, type ThrowawayCluster } from '../helpers/pg-cluster';

/*
 * Fault test: the real server process (tsx src/server.ts) on a private PostgreSQL cluster, under a
 * write load, while the cluster is stopped (fast shutdown: sessions killed mid-transaction) and
 * started again. The process must live, answer 503 in Spanish during the outage, write again soon
 * after the database is back, and have stored every write it acknowledged.
 */

const runner = await clusterRunner();
const skipReason = typeof runner === 'string' ? runner : null;
if (skipReason) console.warn(`Prueba de fallo de PostgreSQL omitida: ${skipReason}`);

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_PASSWORD = 'Falla-Admin-2026';
const WORKERS = 6;
const OUTAGE_MS = 1_500;

let cluster: ThrowawayCluster | undefined;
let server: ChildProcess | undefined;
let dataDir: string | undefined;
let base = '';
let output = '';

/** Resolves when the server prints its "listening" line; rejects if it exits first. */
function waitListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('GOC escuchando')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`el servidor terminó (código ${code}):\n${output}`)));
  });
}

beforeAll(async () => {
  if (typeof runner === 'string') return;
  cluster = await startCluster(runner);
  dataDir = mkdtempSync(join(tmpdir(), 'goc-fault-data-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}/api/v2`;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: cluster.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      GOC_DATA_DIR: dataDir,
      GOC_ADMIN_PASSWORD: ADMIN_PASSWORD,
      GOC_DEMO_DATA: 'false',
      GOC_JWT_SECRET: 'secreto-de-la-prueba-de-fallo-con-mas-de-32-caracteres',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitListening(server);
});

afterAll(async () => {
  server?.kill('SIGTERM');
  await cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Attempt {
  abbreviation: string;
  /** HTTP status, or 0 when no answer came (connection refused or reset: the process died). */
  status: number;
  message: string | null;
  at: number;
}

describe.skipIf(skipReason !== null)('API process while PostgreSQL restarts under write load', () => {
  it('lives, answers 503 in Spanish during the outage, writes again within 5 s, loses no acknowledged write', async () => {
    const loginRes = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(loginRes.status).toBe(200);
    const { token } = (await loginRes.json()) as { token: string };

    const attempts: Attempt[] = [];
    let counter = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        const abbreviation = `f${++counter}`;
        let status = 0;
        let message: string | null = null;
        try {
          const res = await fetch(`${base}/units`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ abbreviation, name: `Unidad de falla ${counter}` }),
            signal: AbortSignal.timeout(10_000),
          });
          status = res.status;
          message = status === 201 ? null : ((await res.json()) as { message: string }).message;
        } catch {
          status = 0;
        }
        attempts.push({ abbreviation, status, message, at: Date.now() });
        // A refused or cut connection means the process is gone: no point hammering it.
        if (status === 0) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const load = Array.from({ length: WORKERS }, worker);

    await new Promise((r) => setTimeout(r, 1_000));
    const stoppedAt = Date.now();
    await cluster!.stop();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await cluster!.start();
    const backAt = Date.now();
    // Keep writing until a write succeeded after the restart (or 5 s passed), then one more second.
    while (Date.now() - backAt < 5_000 && !attempts.some((a) => a.status === 201 && a.at > backAt)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 1_000));
    running = false;
    await Promise.all(load);

    expect(server!.exitCode, output).toBeNull();
    expect(attempts.filter((a) => a.status === 0), 'peticiones sin respuesta').toEqual([]);
    const statuses = new Set(attempts.map((a) => a.status));
    expect([...statuses].sort()).toEqual([201, 503]);
    const unavailable = attempts.filter((a) => a.status === 503);
    expect(new Set(unavailable.map((a) => a.message))).toEqual(new Set([MESSAGES.unavailable]));
    // Answers during the outage came back: failures are quick, not hung requests.
    expect(unavailable.some((a) => a.at > stoppedAt && a.at < backAt)).toBe(true);

    const firstWriteAfter = Math.min(...attempts.filter((a) => a.status === 201 && a.at > backAt).map((a) => a.at));
    expect(firstWriteAfter - backAt).toBeLessThan(5_000);

    const acknowledged = attempts.filter((a) => a.status === 201).map((a) => a.abbreviation);
    const client = new pg.Client({ connectionString: cluster!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ abbreviation: string }>('select abbreviation from units');
      const stored = new Set(rows.map((r) => r.abbreviation));
      expect(acknowledged.filter((a) => !stored.has(a))).toEqual([]);
    } finally {
      await client.end();
    }
    console.info(
      `Reinicio de PostgreSQL: ${attempts.length} escrituras, ${acknowledged.length} confirmadas, ${unavailable.length} × 503, ` +
        `primera escritura ${firstWriteAfter - backAt} ms después de volver la base`,
    );
  });
});
