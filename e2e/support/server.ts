import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, JWT_SECRET, LOGIN_RATE_LIMIT } from './constants';

/** The repository root: serve.mjs and apps/api/dist are found from it, whatever the cwd. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** First start migrates, seeds the demo data and hashes the admin password (argon2id): slow on a busy machine. */
export const SERVER_START_TIMEOUT_MS = 180_000;

/** A built app (API + SPA) the suite drives, on its own port and embedded database. */
export interface E2eServer {
  baseUrl: string;
  /** Stops the app and waits until it has exited (its database folder deleted, its port free). */
  stop(): Promise<void>;
}

/**
 * Starts `apps/api/dist/server.js` through support/serve.mjs on 127.0.0.1:`port` with a fresh embedded
 * database (or `dataDir`, kept), demo data, the suite's admin password and JWT key, and the e2e login
 * throttle. Resolves once /health answers.
 */
export async function startServer(port: number, dataDir?: string): Promise<E2eServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  // An app still answering there (another run's) would be tested instead of this build.
  if (await fetch(baseUrl).then(() => true, () => false)) throw new Error(`something already answers on ${baseUrl}`);
  const app = spawn(process.execPath, ['e2e/support/serve.mjs'], {
    cwd: ROOT,
    // Its own process group: serve.mjs leaves the stop signal to the app and outlives it to clean up.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      GOC_ADMIN_PASSWORD: ADMIN_PASSWORD,
      GOC_DEMO_DATA: 'true',
      GOC_JWT_SECRET: JWT_SECRET,
      // Every test signs in from 127.0.0.1: the e2e environment (only) raises the per-IP login throttle.
      GOC_LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT.max),
      // Empty means unset for the API's config: the embedded database and in-memory throttling, whatever the shell exports.
      DATABASE_URL: '',
      REDIS_URL: '',
      // The integrations spec receives webhooks on 127.0.0.1 over plain http. Never set in production.
      GOC_WEBHOOK_ALLOW_PRIVATE: 'true',
      // The site passkeys are bound to (WebAuthn takes a host name, not 127.0.0.1): the passkeys spec opens this address.
      GOC_PUBLIC_URL: `http://localhost:${port}`,
      // serve.mjs keeps this folder, or makes a fresh one (deleted when the app stops) when it is empty.
      E2E_DATA_DIR: dataDir ?? '',
    },
  });
  app.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  // A worker that ends without its teardown (a crash) must not leave its app holding the port.
  const orphan = () => signal(app, 'SIGKILL');
  process.once('exit', orphan);
  const stop = async () => {
    process.off('exit', orphan);
    if (app.exitCode !== null || app.signalCode !== null) return;
    const exited = new Promise((resolve) => app.once('exit', resolve));
    signal(app, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (!(await answers(baseUrl))) {
    if (app.exitCode !== null) throw new Error(`the app exited (code ${app.exitCode}) before answering on ${baseUrl}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app did not answer on ${baseUrl} within ${SERVER_START_TIMEOUT_MS / 1000} s`);
    }
    // Polling a port that has no event to await: the app prints nothing when it is ready.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, stop };
}

async function answers(baseUrl: string): Promise<boolean> {
  return fetch(`${baseUrl}/api/v2/health`).then((response) => response.ok, () => false);
}

function signal(app: ChildProcess, name: NodeJS.Signals): void {
  if (app.pid === undefined) return;
  try {
    process.kill(-app.pid, name);
  } catch {
    // Already gone.
  }
}
