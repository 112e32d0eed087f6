import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** Session-level advisory lock key so that several API processes starting together migrate one at a time. */
export const MIGRATION_LOCK_KEY = 4_710_001;

/**
 * The committed SQL migrations. In the sources they sit beside this file; the build copies them next
 * to the bundle (dist/migrations), so the same relative URL works in both.
 */
export function migrationsFolder(): string {
  const folder = fileURLToPath(new URL('./migrations', import.meta.url));
  if (!existsSync(folder)) throw new Error(`No se encontró la carpeta de migraciones: ${folder}`);
  return folder;
}

/** How many migrations this build ships (drizzle's journal). */
export function migrationCount(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Applies the same migrations with drizzle's migrator on either driver. */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  const { driver } = database;
  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: driver.client }), { migrationsFolder: migrationsFolderPath });
    return;
  }
  const connection = await driver.client.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client: connection }), { migrationsFolder: migrationsFolderPath });
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}
