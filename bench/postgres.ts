import pg from 'pg';

/*
 * The local PostgreSQL the benchmark may use: a fresh database per run, dropped afterwards.
 * Only loopback servers are accepted, so a misconfigured variable cannot load a remote machine.
 */

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Connection string of the maintenance database (BENCH_POSTGRES_URL, default the local trust setup). */
export function adminUrl(): string {
  const url = process.env.BENCH_POSTGRES_URL ?? DEFAULT_ADMIN_URL;
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) throw new Error(`BENCH_POSTGRES_URL must point to a loopback address, got ${host}`);
  return url;
}

/** The same server, another database. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The server's version when one answers, null otherwise (the PostgreSQL figures are then skipped). */
export async function postgresVersion(): Promise<string | null> {
  try {
    return await withAdmin(async (client) => {
      const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
      return rows[0]?.server_version ?? 'desconocida';
    });
  } catch {
    return null;
  }
}

/** goc_bench_<UTC timestamp>: unique per run, recognisable if a killed run leaves one behind. */
export function benchDatabaseName(now = new Date()): string {
  return `goc_bench_${now.toISOString().replace(/[-:T]/g, '').replace(/\..*$/, '')}`;
}

const assertName = (name: string) => {
  if (!/^goc_bench_\d{14}$/.test(name)) throw new Error(`unexpected benchmark database name ${name}`);
};

export async function createDatabase(name: string): Promise<void> {
  assertName(name);
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
}

/** FORCE closes connections a crashed child may have left open. */
export async function dropDatabase(name: string): Promise<void> {
  assertName(name);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** A kept benchmark database to measure again (e.g. once a Directus has been pointed at it). */
export function reusedDatabase(): string | null {
  const name = process.env.BENCH_POSTGRES_DATABASE;
  if (!name) return null;
  if (!/^goc_bench_\d{14}$/.test(name)) throw new Error(`BENCH_POSTGRES_DATABASE must name a kept benchmark database (goc_bench_…), got ${name}`);
  return name;
}
