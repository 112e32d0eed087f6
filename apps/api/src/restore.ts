import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { projectRoot } from './config';
import { openPglite } from './db/client';
import { lockDataFolder } from './db/data-lock';
import { sha256Of, storedChecksum } from './lib/backup/files';
import { findPgTool, run } from './lib/backup/pg-tools';
import { makePrivate, PRIVATE_UMASK } from './lib/private-files';

/*
 * npm run restore -- <file> [--data-dir <dir>] [--force] [--database-url <url>]
 * Checks the backup against its .sha256 first; then an embedded backup (.pglite.tar.gz) becomes the
 * data folder (GOC_DATA_DIR by default), which must be empty unless --force; a PostgreSQL backup
 * (.pgdump) goes into --database-url (DATABASE_URL by default) with pg_restore. Prints what it restored.
 */

const COUNTED = ['companies', 'works', 'projects', 'employees', 'orders', 'registry_movements', 'users'] as const;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function verify(file: string): Promise<void> {
  const expected = await storedChecksum(file);
  if (!expected) fail(`No se encontró la suma de verificación ${basename(file)}.sha256 junto a la copia: no se restaura.`);
  const actual = await sha256Of(file);
  if (actual !== expected) fail(`La copia ${basename(file)} está dañada: su SHA-256 no coincide con ${basename(file)}.sha256. No se restauró nada.`);
}

async function restorePglite(file: string, dataDir: string, force: boolean): Promise<void> {
  const entries = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (entries.length > 0 && !force) fail(`La carpeta ${dataDir} no está vacía; usa otra carpeta o --force para reemplazar su contenido.`);
  process.umask(PRIVATE_UMASK);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = lockDataFolder(dataDir);
  try {
    for (const entry of readdirSync(dataDir)) if (entry !== 'goc-server.lock') rmSync(join(dataDir, entry), { recursive: true, force: true });
    const tar = gunzipSync(await readFile(file));
    const database = await openPglite({ dataDir, loadDataDir: new Blob([tar]) });
    makePrivate(dataDir);
    try {
      await report(database.db);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
  process.stdout.write(`Restaurado en ${dataDir}\n`);
}

async function restorePostgres(file: string, databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) fail('Indica la base de datos PostgreSQL con --database-url o DATABASE_URL.');
  const pgRestore = await findPgTool('pg_restore');
  if (!pgRestore) fail('pg_restore no está instalado.');
  await run(pgRestore, ['--clean', '--if-exists', '--no-owner', `--dbname=${databaseUrl}`, file], { maxBuffer: 16 * 1024 * 1024 });
  const { openDatabase } = await import('./db/client');
  const database = await openDatabase({ databaseUrl, pgliteDir: null });
  try {
    await report(database.db);
  } finally {
    await database.close();
  }
  process.stdout.write('Restaurado en PostgreSQL\n');
}

async function report(db: Awaited<ReturnType<typeof openPglite>>['db']): Promise<void> {
  const [migrations] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows;
  process.stdout.write(`Migraciones aplicadas: ${migrations?.n ?? 0}\n`);
  for (const table of COUNTED) {
    const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows;
    process.stdout.write(`  ${table}: ${row?.n ?? 0}\n`);
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const [given] = positionals;
  if (!given) fail('Uso: npm run restore -- <archivo> [--data-dir <carpeta>] [--force] [--database-url <url>]');
  const root = projectRoot();
  // npm runs scripts from the repository root; INIT_CWD is where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const file = resolve(cwd, given);
  if (!existsSync(file)) fail(`No existe el archivo ${file}`);
  await verify(file);
  process.stdout.write(`Suma de verificación correcta: ${basename(file)}\n`);
  if (file.endsWith('.pgdump')) return restorePostgres(file, values['database-url'] ?? process.env.DATABASE_URL);
  // --data-dir is read from where the command runs; GOC_DATA_DIR as the server reads it (repository root).
  const dirOption = values['data-dir'];
  const dataDir = dirOption ? resolve(cwd, dirOption) : resolve(root, process.env.GOC_DATA_DIR ?? './data');
  return restorePglite(file, dataDir, values.force ?? false);
}

main().catch((error: unknown) => fail(`No se pudo restaurar: ${error instanceof Error ? error.message : String(error)}`));
