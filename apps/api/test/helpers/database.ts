import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, openPglite, type Database } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';

export interface TestDatabase {
  database: Database;
  kind: Database['kind'];
  close(): Promise<void>;
}

/** What a test database holds beyond the migrations: nothing, the administrator and catalogues, or the demo data too. */
export type DatabaseTemplate = 'migrated' | 'seeded' | 'demo';

/**
 * A migrated database, empty or seeded as `template` says: in-memory PGlite loaded from the run's
 * template, or — when TEST_DATABASE_URL points at a PostgreSQL server — a fresh database created for
 * this test file (a copy of the run's template) and dropped afterwards.
 */
export async function createTestDatabase(template: DatabaseTemplate = 'migrated'): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const file = inject('pgliteTemplates')?.[template];
    if (!file) throw new Error('the PGlite templates are built by test/global-setup.ts');
    const database = await openPglite({ loadDataDir: new Blob([readFileSync(file)]) });
    // A no-op on the template; proves it is current.
    await migrateDatabase(database);
    return { database, kind: database.kind, close: () => closeOnce(database) };
  }
  const copy = await createPostgresDatabase(serverUrl, inject('postgresTemplates')?.[template]);
  const database = await openDatabase({ databaseUrl: copy.url, pgliteDir: null });
  // A no-op on the template's copy; proves it is current.
  await migrateDatabase(database);
  return {
    database,
    kind: database.kind,
    async close() {
      await closeOnce(database);
      await copy.drop();
    },
  };
}

/** Closes the database unless a test already ended its connections on purpose (to make it unreachable). */
async function closeOnce(database: Database): Promise<void> {
  const { driver } = database;
  if (driver.kind === 'postgres' ? driver.client.ended : driver.client.closed) return;
  await database.close();
}

/**
 * A new database on the PostgreSQL server at `serverUrl` — empty, or a copy of the database named
 * `template` —: its URL, and how to drop it.
 */
export async function createPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `goc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
