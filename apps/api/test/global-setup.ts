import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar); null when the tests run on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

/**
 * A fresh PGlite runs initdb, which costs seconds; loading a dump of an already migrated one is
 * several times faster. Built once per run, loaded by every test file.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return () => undefined;
  }
  const database = await openPglite({});
  await migrateDatabase(database);
  if (database.driver.kind !== 'pglite') throw new Error('openPglite must open PGlite');
  const dump = await database.driver.client.dumpDataDir('none');
  await database.close();
  const file = join(tmpdir(), `goc-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
