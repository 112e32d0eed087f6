import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes, type ParserOptions, type SerializerOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Assume } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm/relations';
import pg from 'pg';
import { lockDataFolder } from './data-lock';
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
  mkdirSync(config.pgliteDir, { recursive: true });
  const release = lockDataFolder(config.pgliteDir);
  try {
    const database = await openPglite({ dataDir: config.pgliteDir });
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

/**
 * The embedded database with the extensions the migrations need (pg_trgm backs the trigram indexes
 * of list searches, migration 0001). `loadDataDir` starts from a dump instead of running initdb —
 * the tests use a pre-migrated one.
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const client = new PGlite({ ...options, extensions: { pg_trgm }, serializers: byteaSerializers, parsers: byteaParsers });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', driver: { kind: 'pglite', client }, close: () => client.close() };
}
