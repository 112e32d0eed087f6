import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { moveAttachments, type Destination } from './modules/attachments/move';
import { objectStore } from './modules/attachments/s3-store';

/*
 * npm run attachments:move -- --to s3|db [--limit N]
 * Moves the stored documents from the database to the S3-compatible object store (--to s3) or back
 * (--to db), each one verified by its sha256 before the old copy is deleted (modules/attachments/
 * move.ts). Reads the server's own settings: DATABASE_URL or GOC_DATA_DIR, and GOC_S3_*. Safe to
 * stop and run again. Exit code 0 when every file moved, 1 when some did not, 2 when nothing ran.
 */

const USAGE = 'Uso: npm run attachments:move -- --to s3|db [--limit N]';
/** One move at a time on a PostgreSQL database (the embedded one has its folder lock). */
const MOVE_LOCK_KEY = 4_710_016;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function options(): { to: Destination; limit: number } {
  let values: { to?: string | undefined; limit?: string | undefined };
  try {
    values = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string' } } }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.to !== 's3' && values.to !== 'db') {
    fail(`Indica el destino: --to s3 (de la base de datos al almacenamiento S3) o --to db (del almacenamiento S3 a la base de datos).\n${USAGE}`);
  }
  const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit);
  if (!(Number.isInteger(limit) || limit === Number.POSITIVE_INFINITY) || limit < 1) fail(`--limit debe ser un número entero mayor que 0.\n${USAGE}`);
  return { to: values.to, limit };
}

/** Runs `work` holding the move lock on PostgreSQL; refuses when another move holds it. */
async function exclusively<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.driver.kind !== 'postgres') return work();
  const connection = await database.driver.client.connect();
  try {
    const { rows } = await connection.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [MOVE_LOCK_KEY]);
    if (!rows[0]?.ok) fail('Ya hay otro movimiento de documentos en curso en esta base de datos; espera a que termine.');
    try {
      return await work();
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MOVE_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

async function main(): Promise<void> {
  const { to, limit } = options();
  const config = loadConfig();
  const s3 = config.attachments.s3;
  if (!s3) {
    fail(
      'Falta el almacenamiento S3: define GOC_S3_ENDPOINT, GOC_S3_BUCKET, GOC_S3_ACCESS_KEY_ID y GOC_S3_SECRET_ACCESS_KEY ' +
        '(y GOC_S3_REGION si no es us-east-1), los mismos que usará el servidor.',
    );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.dataDir });
  const objects = objectStore(s3);
  try {
    await migrateDatabase(database);
    const summary = await exclusively(database, () => moveAttachments(database.db, objects, to, (line) => process.stdout.write(`${line}\n`), limit));
    if (summary.failed.length > 0 || summary.leftObjects.length > 0) process.exitCode = 1;
  } finally {
    objects.destroy();
    await database.close();
  }
}

main().catch((error: unknown) => fail(`No se pudieron mover los documentos: ${error instanceof Error ? error.message : String(error)}`));
