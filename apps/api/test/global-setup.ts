import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPglite, type Database } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seedDatabase } from '../src/db/seed';
import { createPasswordHasher } from '../src/lib/passwords';
import { createPostgresDatabase, type DatabaseTemplate } from './helpers/database';
import { ADMIN_PASSWORD, FAST_ARGON2 } from './helpers/seed-settings';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated PGlite data directories (tar files) by template; null when the tests run on PostgreSQL. */
    pgliteTemplates: Record<DatabaseTemplate, string> | null;
    /** Migrated PostgreSQL databases each test file's database is copied from, by template; null on PGlite. */
    postgresTemplates: Record<DatabaseTemplate, string> | null;
  }
}

/** What each template holds beyond the migrations: nothing, the administrator and catalogues, or the demo data too. */
const SEEDS: Record<DatabaseTemplate, { demoData: boolean } | null> = { migrated: null, seeded: { demoData: false }, demo: { demoData: true } };
const TEMPLATES = Object.keys(SEEDS) as DatabaseTemplate[];

async function seed(database: Database, template: DatabaseTemplate): Promise<void> {
  await migrateDatabase(database);
  const options = SEEDS[template];
  if (options) await seedDatabase(database, { adminPassword: ADMIN_PASSWORD, demoData: options.demoData, passwords: createPasswordHasher(FAST_ARGON2) });
}

/** The templates of a run: by name on PostgreSQL, or as PGlite dump files; `remove` deletes them. */
interface Templates {
  pglite: Record<DatabaseTemplate, string> | null;
  postgres: Record<DatabaseTemplate, string> | null;
  remove(): Promise<void>;
}

/**
 * A fresh PGlite runs initdb, which costs seconds; loading a dump of an already migrated one is
 * several times faster. On PostgreSQL, running the migrations took seconds per file where copying a
 * migrated database (CREATE DATABASE … TEMPLATE) takes a fraction of one. Seeding the demo data took
 * another second per file: the seeded databases are templates too.
 */
async function buildTemplates(): Promise<Templates> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const made = await Promise.all(
      TEMPLATES.map(async (template) => {
        const created = await createPostgresDatabase(serverUrl);
        const database = await openDatabase({ databaseUrl: created.url, pgliteDir: null });
        try {
          await seed(database, template);
        } finally {
          // A template must have no connection while it is copied.
          await database.close();
        }
        return { template, created };
      }),
    );
    return {
      pglite: null,
      postgres: Object.fromEntries(made.map(({ template, created }) => [template, new URL(created.url).pathname.slice(1)])) as Record<DatabaseTemplate, string>,
      remove: async () => {
        for (const { created } of made) await created.drop();
      },
    };
  }
  const files = {} as Record<DatabaseTemplate, string>;
  for (const template of TEMPLATES) {
    const database = await openPglite({});
    await seed(database, template);
    if (database.driver.kind !== 'pglite') throw new Error('openPglite must open PGlite');
    const dump = await database.driver.client.dumpDataDir('none');
    await database.close();
    files[template] = join(tmpdir(), `goc-pglite-${template}-${process.pid}.tar`);
    writeFileSync(files[template], Buffer.from(await dump.arrayBuffer()));
  }
  return {
    pglite: files,
    postgres: null,
    remove: async () => {
      for (const file of Object.values(files)) rmSync(file, { force: true });
    },
  };
}

/**
 * Vitest calls a global setup once per project (the API tests, the date tests in two zones, and the
 * root): the templates are built by the first call and shared by the others, through the main
 * process's global scope (each project may load this file anew), and removed after the last
 * project's teardown.
 */
const run = globalThis as typeof globalThis & { gocTestTemplates?: { built: Promise<Templates>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  run.gocTestTemplates ??= { built: buildTemplates(), users: 0 };
  const shared = run.gocTestTemplates;
  shared.users += 1;
  const templates = await shared.built;
  project.provide('pgliteTemplates', templates.pglite);
  project.provide('postgresTemplates', templates.postgres);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    run.gocTestTemplates = undefined;
    await templates.remove();
  };
}
