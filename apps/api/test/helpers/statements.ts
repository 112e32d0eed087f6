import type { Database } from '../../src/db/client';

/** One statement as the driver received it. */
export interface SentStatement {
  text: string;
  params: unknown[];
  /** The prepared statement's name, when the driver was given one (PostgreSQL's; PGlite's client names them itself). */
  name?: string;
}

type QueryFn = (...args: unknown[]) => unknown;
type Queryable = { query: QueryFn };

/**
 * Every statement the app's database client receives while `run` runs, transactions included: on
 * PostgreSQL the pool's own queries and those of the clients it lends (not other connections, such
 * as the listeners'); on PGlite the client's and its transactions'.
 */
export async function statementsOf(database: Database, run: () => Promise<unknown>): Promise<SentStatement[]> {
  const seen: SentStatement[] = [];
  const restores: (() => void)[] = [];
  const recorded = new Set<Queryable>();
  const record = (target: Queryable) => {
    // The pool lends the same clients again and again: each is wrapped once.
    if (recorded.has(target)) return;
    recorded.add(target);
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      const config = typeof first === 'string' ? { text: first, values: second } : (first as { text?: unknown; values?: unknown; name?: unknown });
      seen.push({
        text: String(config.text ?? ''),
        params: Array.isArray(config.values) ? [...(config.values as unknown[])] : Array.isArray(second) ? [...(second as unknown[])] : [],
        ...('name' in config && typeof config.name === 'string' ? { name: config.name } : {}),
      });
      return original.apply(this, args);
    };
    restores.push(() => (target.query = original));
  };
  const client = database.driver.client as unknown as Queryable & Record<'connect' | 'transaction', (...args: unknown[]) => unknown>;
  if (database.driver.kind === 'postgres') {
    // The pool's own query() borrows a client too: every statement goes through a lent client.
    const lend = client.connect;
    client.connect = function (this: unknown, ...args: unknown[]) {
      const [callback] = args;
      if (typeof callback === 'function') {
        return lend.call(this, (error: unknown, lent: Queryable | undefined, done: unknown) => {
          if (lent) record(lent);
          (callback as (...a: unknown[]) => void)(error, lent, done);
        });
      }
      return (lend.apply(this, args) as Promise<Queryable>).then((lent) => {
        record(lent);
        return lent;
      });
    };
    restores.push(() => (client.connect = lend));
  } else {
    record(client);
    const lend = client.transaction;
    client.transaction = function (this: unknown, fn: unknown) {
      return lend.call(this, (tx: Queryable) => {
        record(tx);
        return (fn as (tx: Queryable) => unknown)(tx);
      });
    };
    restores.push(() => (client.transaction = lend));
  }
  try {
    await run();
  } finally {
    for (const restore of restores.reverse()) restore();
  }
  return seen;
}
