import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { ADMIN_PASSWORD, TEST_JWT_SECRET, type TestApp } from './app';
import { freePort } from './pg-cluster';

/*
 * A second, real API process (`tsx src/server.ts` in a child process) on the PostgreSQL database of
 * a test app: what "several API processes on one database" means, for the tests that need it.
 */

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ApiProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

function waitListening(child: ChildProcess): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('GOC escuchando')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the second API process ended (code ${code}):\n${output}`)));
  });
}

export async function startApiProcess(t: TestApp): Promise<ApiProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'goc-api-process-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: (t.database.driver.client as pg.Pool).options.connectionString,
      PORT: String(port),
      HOST: '127.0.0.1',
      GOC_DATA_DIR: dataDir,
      GOC_ADMIN_PASSWORD: ADMIN_PASSWORD,
      GOC_DEMO_DATA: 'false',
      GOC_JWT_SECRET: TEST_JWT_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await waitListening(child);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
