import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { Database } from '../../db/client';

/*
 * Database gauges for /metrics. PostgreSQL: the pool's connections (total, idle), the requests waiting
 * for one and how long they waited. PGlite runs one statement at a time: the operations queued or
 * running, and how long each took from call to answer (its wait and its run).
 */

type Callback = (error: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void;

/** What the wrapped driver reports; shared by every registry reading the same client (tests build several apps). */
interface Probe {
  pending: number;
  observers: Set<(seconds: number) => void>;
}
const probes = new WeakMap<object, Probe>();

const elapsed = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/** pool.query() and transactions both go through pool.connect(), in its callback or promise form. */
function wrapPool(pool: pg.Pool, probe: Probe): void {
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  const report = (start: bigint) => {
    const seconds = elapsed(start);
    for (const observe of probe.observers) observe(seconds);
  };
  const timed = (callback?: Callback) => {
    const start = process.hrtime.bigint();
    if (callback) {
      return connect((error, client, release) => {
        report(start);
        callback(error, client, release);
      });
    }
    return connect()?.finally(() => report(start));
  };
  pool.connect = timed as typeof pool.connect;
}

function wrapPglite(client: PGlite, probe: Probe): void {
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      probe.pending += 1;
      const start = process.hrtime.bigint();
      try {
        return await original(...args);
      } finally {
        probe.pending -= 1;
        const seconds = elapsed(start);
        for (const observe of probe.observers) observe(seconds);
      }
    };
  }
}

const BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

/** The database's gauges in `registry`, wrapping the driver once; the returned function detaches them. */
export function instrumentDatabase(database: Database, registry: Registry): () => void {
  const { driver } = database;
  let probe = probes.get(driver.client);
  if (!probe) {
    probe = { pending: 0, observers: new Set() };
    probes.set(driver.client, probe);
    if (driver.kind === 'postgres') wrapPool(driver.client, probe);
    else wrapPglite(driver.client, probe);
  }
  const shared = probe;
  if (driver.kind === 'postgres') {
    const pool = driver.client;
    new Gauge({
      name: 'goc_db_pool_connections',
      help: 'Conexiones del pool de PostgreSQL',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'goc_db_pool_waiting',
      help: 'Peticiones esperando una conexión del pool',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    const wait = new Histogram({ name: 'goc_db_pool_wait_seconds', help: 'Espera por una conexión del pool', buckets: BUCKETS, registers: [registry] });
    const observe = (seconds: number) => wait.observe(seconds);
    shared.observers.add(observe);
    return () => shared.observers.delete(observe);
  }
  new Gauge({
    name: 'goc_db_pglite_queue',
    help: 'Operaciones de PGlite en cola o en curso (ejecuta una a la vez)',
    registers: [registry],
    collect() {
      this.set(shared.pending);
    },
  });
  const latency = new Histogram({ name: 'goc_db_pglite_operation_seconds', help: 'Duración de las operaciones de PGlite, espera en la cola incluida', buckets: BUCKETS, registers: [registry] });
  const observe = (seconds: number) => latency.observe(seconds);
  shared.observers.add(observe);
  return () => shared.observers.delete(observe);
}
