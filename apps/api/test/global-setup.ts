import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPglite } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createPostgresDatabase } from './helpers/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar); null when the tests run on PostgreSQL. */
    pgliteTemplate: string | null;
    /** A migrated PostgreSQL database each test file's database is copied from; null on PGlite. */
    postgresTemplate: string | null;
  }
}

/**
 * A fresh PGlite runs initdb, which costs seconds; loading a dump of an already migrated one is
 * several times faster. On PostgreSQL, running the migrations took seconds per file where copying a
 * migrated database (CREATE DATABASE … TEMPLATE) takes a fraction of one. Built once per run, used by
 * every test file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createPostgresDatabase(serverUrl);
    const database = await openDatabase({ databaseUrl: template.url, pgliteDir: null });
    try {
      await migrateDatabase(database);
    } finally {
      // A template must have no connection while it is copied.
      await database.close();
    }
    project.provide('pgliteTemplate', null);
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  project.provide('postgresTemplate', null);
  const database = await openPglite({});
  await migrateDatabase(database);
  if (database.driver.kind !== 'pglite') throw new Error('openPglite must open PGlite');
  const dump = await database.driver.client.dumpDataDir('none');
  await database.close();
  const file = join(tmpdir(), `goc-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => rmSync(file, { force: true });
}
