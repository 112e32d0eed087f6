import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes, type ParserOptions, type QueryOptions, type SerializerOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Assume } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm/relations';
import pg from 'pg';
import { makePrivate } from '../lib/private-files';
import { lockDataFolder } from './data-lock';
import { namedStatements } from './named-statements';
import * as schema from './schema';

export type Schema = typeof schema;

/** Both drivers return `{ rows }` from `execute`; this result kind is what they have in common. */
export interface RowsResult<TRow> {
  rows: TRow[];
}
export interface GocQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>;
}

/** The one database type of the app, whatever the driver (PGlite or node-postgres). */
export type Db = PgDatabase<GocQueryResultHKT, Schema>;
export type Tx = PgTransaction<GocQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseConfig {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `null` keeps the embedded database in memory (tests). */
  pgliteDir: string | null;
}

export type DatabaseClient = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool };

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The driver's own client, for the few things drizzle does per driver (migrations). */
  driver: DatabaseClient;
  close(): Promise<void>;
}

// node-postgres parses `date` columns into JS Dates at local midnight; keep them as 'YYYY-MM-DD' like PGlite does.
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value: string) => value);

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    // A bounded wait for a connection: while PostgreSQL is down requests fail fast (503), not hang.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    // A lost connection must not crash the process. The pool listens on idle clients only; a client
    // checked out between two queries of a transaction emits 'error' with no listener — which Node
    // turns into an uncaught exception — unless every client gets its own listener. The query in
    // flight (or the next one) reports the failure; the pool drops the broken client on release.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', driver: { kind: 'postgres', client: pool }, close: () => pool.end() };
  }
  if (!config.pgliteDir) return openPglite({});
  mkdirSync(config.pgliteDir, { recursive: true, mode: 0o700 });
  const release = lockDataFolder(config.pgliteDir);
  try {
    const database = await openPglite({ dataDir: config.pgliteDir });
    // After PGlite opened it: a new folder's files come from its initdb image, all 0666.
    makePrivate(config.pgliteDir);
    return {
      ...database,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/*
 * bytea without PGlite's own converters, which go through one JS string (or array element) per byte:
 * a parameter goes as it is, in the protocol's binary format (PGlite sends any Uint8Array so), and a
 * result's hex text becomes a Buffer in one step — as node-postgres does both ways.
 */
const byteaSerializers = { [pgliteTypes.BYTEA]: (value: Uint8Array) => value } as unknown as SerializerOptions;
const byteaParsers: ParserOptions = { [pgliteTypes.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') };

/*
 * Dates, timestamps and intervals, and arrays of them and of numerics, stay text: drizzle maps them
 * itself and asks for them so with parsers on every statement. PGlite honours a statement's parsers
 * by first copying its whole table of them (one per type and array type, some 370): 0.15 ms a
 * statement, a third of a read by id. The client keeps those types as text itself, and a statement's
 * parsers that ask for nothing else (drizzle is the one caller that passes any) are dropped.
 */
const TEXT_TYPES = [pgliteTypes.DATE, pgliteTypes.TIMESTAMP, pgliteTypes.TIMESTAMPTZ, pgliteTypes.INTERVAL, 1182, 1115, 1185, 1187, 1231];
const textTypes = new Set<string>(TEXT_TYPES.map(String));
const asText = (text: string) => text;

function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const type of Object.keys(parsers)) if (!textTypes.has(type)) return options;
  return { ...options, parsers: undefined };
}

type Query = PGlite['query'];

/** The client's `query`, in and out of transactions: text types kept as text, named statements sent by name. */
function installQueries(client: PGlite): void {
  // After waitReady: PGlite sets a parser for every array type then, these included.
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  const named = namedStatements(client);
  const routed =
    (nameOf: (text: string, options: QueryOptions | undefined) => string | null, byName: typeof named.query, unnamed: Query): Query =>
    (text, params, options) => {
      const settled = withoutTextParsers(options);
      const name = nameOf(text, settled);
      return name ? byName(name, text, params, settled) : unnamed(text, params, settled);
    };
  client.query = routed(named.nameOf, named.query, client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx: Transaction) => {
      tx.query = routed(named.nameInTransaction, named.transactionQuery, tx.query.bind(tx));
      return callback(tx);
    });
}

/**
 * The embedded database with the extensions the migrations need (pg_trgm backs the trigram indexes
 * of list searches, migration 0001). `loadDataDir` starts from a dump instead of running initdb —
 * the tests use a pre-migrated one.
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const client = new PGlite({ ...options, extensions: { pg_trgm }, serializers: byteaSerializers, parsers: byteaParsers });
  await client.waitReady;
  installQueries(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', driver: { kind: 'pglite', client }, close: () => client.close() };
}
