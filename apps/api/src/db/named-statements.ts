import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/*
 * Named statements on the embedded database. PostgreSQL's driver prepares a statement that drizzle
 * names (`.prepare(name)`) once per connection and then only binds and executes it; PGlite's driver
 * ignores the name, and PGlite's `query` parses, describes, binds and executes every statement in six
 * calls into the database: 0.4 ms for a read by id with its two joins, against 0.05 ms for binding
 * and executing a statement prepared under a name. The statements the app names are registered here
 * by their text, and the client sends those by name; so are the statements of writes (those run in
 * a transaction: inserts, updates, the reads and checks by key around them, repeated on every write),
 * each under one of a bounded set of names, the least recently used giving its name up. Reads outside
 * a transaction — lists, searches — go through PGlite's `query`, planned for their values every time.
 * Like PostgreSQL's driver, a named statement keeps the plan PostgreSQL chooses for it (custom for its
 * first five executions, then generic when that is estimated to cost no more).
 */

/** Statements of writes kept prepared at once (a few hundred kilobytes of the database's memory). */
const WRITE_STATEMENTS = 200;

const names = new Map<string, string>();

/**
 * A statement written as SQL (`db.execute`), always sent with the same text, registered under a name:
 * PGlite's client sends it by name; PostgreSQL's driver, given no name, still parses it each time.
 */
export function nameStatement(text: string, name: string): void {
  names.set(text, name);
}

type Message = ReturnType<PGlite['execProtocolStream']> extends Promise<(infer M)[]> ? M : never;

interface Prepared {
  paramTypes: number[];
  /** The statement's row description, put before each execution's rows for PGlite's parser (none: it returns no rows). */
  described: Message[];
}

const INVALID_STATEMENT_NAME = '26000';
const FEATURE_NOT_SUPPORTED = '0A000';

/** A statement the database no longer knows as prepared (a schema change, a reset session): prepared again once. */
function stale(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === INVALID_STATEMENT_NAME || (code === FEATURE_NOT_SUPPORTED && /cached plan/i.test(String((error as Error).message)));
}

const batch = (parts: Uint8Array[]): Uint8Array => Buffer.concat(parts);

/**
 * A `query` for `client` (outside transactions) and one for its transactions' statements, both
 * sending the registered statements by name, with PGlite's own protocol messages, serializers and
 * result parser. `query` takes PGlite's two locks as its own `query` does; a transaction's statements
 * run under the transaction's lock already.
 */
export function namedStatements(client: PGlite) {
  const prepared = new Map<string, Prepared>();

  async function prepare(name: string, text: string): Promise<Prepared> {
    const messages = await client.execProtocolStream(
      batch([serialize.close({ type: 'S', name }), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement: Prepared = { paramTypes: parse.parseDescribeStatementResults(messages), described: messages.filter((m) => m.name === 'rowDescription') };
    prepared.set(name, statement);
    return statement;
  }

  async function execute<T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = prepared.get(name) ?? (await prepare(name, text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? (serializer(value) as string | Uint8Array) : String(value);
    });
    const messages = await client.execProtocolStream(batch([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]), {
      syncToFs: false,
    });
    const [result] = parse.parseResults([...statement.described, ...messages], client.parsers, options);
    return result as Results<T>;
  }

  async function run<T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      return await execute<T>(name, text, params, options);
    } catch (error) {
      if (!stale(error)) throw error;
      prepared.delete(name);
      return execute<T>(name, text, params, options);
    }
  }

  /** Names for the statements of writes: text → name, least recently used first. */
  const writeNames = new Map<string, string>();
  function writeName(text: string): string {
    let name = writeNames.get(text);
    if (name) writeNames.delete(text);
    else if (writeNames.size < WRITE_STATEMENTS) name = `goc_w${writeNames.size}`;
    else {
      const [oldest, oldestName] = writeNames.entries().next().value as [string, string];
      writeNames.delete(oldest);
      prepared.delete(oldestName);
      name = oldestName;
    }
    writeNames.set(text, name);
    return name;
  }

  return {
    /** The statement's name when it is registered and can go by name (no blob to hand over), else null. */
    nameOf(text: string, options: QueryOptions | undefined): string | null {
      return options?.blob ? null : (names.get(text) ?? null);
    },
    /** In a transaction every statement goes by name, registered or not (a blob to hand over aside). */
    nameInTransaction(text: string, options: QueryOptions | undefined): string | null {
      return options?.blob ? null : (names.get(text) ?? writeName(text));
    },
    query<T>(name: string, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const result = await run<T>(name, text, params, options);
          await client.syncToFs();
          return result;
        }),
      );
    },
    /** Inside a transaction a failed statement ends it: nothing is tried again. */
    transactionQuery<T>(name: string, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      return client._runExclusiveQuery(() => execute<T>(name, text, params, options));
    },
  };
}
