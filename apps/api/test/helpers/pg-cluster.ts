import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's layout; PG_BIN points elsewhere. Version 15 first (the version the app targets), else the newest. */
function findBinaries(): string | null {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  const chosen = versions.includes('15') ? '15' : versions[0];
  return chosen ? join(root, chosen, 'bin') : null;
}

interface Runner {
  bin: string;
  /** initdb refuses to run as root: then every command runs as the `postgres` system user. */
  asUser: { uid: number; gid: number } | null;
}

async function systemUser(name: string): Promise<{ uid: number; gid: number } | null> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

/** How to run the PostgreSQL binaries here, or why they cannot run (the fault tests are then skipped). */
export async function clusterRunner(): Promise<Runner | string> {
  const bin = findBinaries();
  if (!bin) return 'no hay binarios de PostgreSQL (initdb, pg_ctl) en /usr/lib/postgresql/*/bin ni en PG_BIN';
  if (process.getuid?.() !== 0) return { bin, asUser: null };
  const postgres = await systemUser('postgres');
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].some((p) => existsSync(p));
  if (!postgres || !runuser) return 'las pruebas corren como root y no hay usuario postgres o runuser para ejecutar initdb';
  return { bin, asUser: postgres };
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ThrowawayCluster {
  /** Superuser connection string to its `postgres` database (trust authentication on loopback). */
  url: string;
  start(): Promise<void>;
  /** Fast shutdown: open sessions are terminated (SQLSTATE 57P01), as in a service restart. */
  stop(): Promise<void>;
  /** Stops it and deletes its data folder. */
  destroy(): Promise<void>;
}

/** initdb + pg_ctl start of a private cluster in a temporary folder, on a free loopback port. */
export async function startCluster(runner: Runner): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'goc-pg-'));
  if (runner.asUser) chownSync(dir, runner.asUser.uid, runner.asUser.gid);
  const exec = (tool: string, args: string[]) => {
    const path = join(runner.bin, tool);
    return runner.asUser ? run('runuser', ['-u', 'postgres', '--', path, ...args]) : run(path, args);
  };
  const port = await freePort();
  const dataDir = join(dir, 'data');
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  // Socket in the cluster's own folder: no clash with a system cluster's /var/run/postgresql.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const start = async () => {
    await exec('pg_ctl', ['start', '-w', '-D', dataDir, '-l', join(dir, 'server.log'), '-o', options]);
  };
  const stop = async () => {
    await exec('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
