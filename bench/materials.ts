import type { Database } from '../apps/api/src/db/client';
import { ANALYZE_STATEMENTS, seedStatements } from './dataset';

/*
 * The materials table of `npm run bench` on an opened database: seeded in bulk, counted, and the
 * record case (c) reads. Shared by the benchmarks that load case (c).
 */

export async function sqlRows<T>(database: Database, text: string): Promise<T[]> {
  const { driver } = database;
  const result = driver.kind === 'postgres' ? await driver.client.query(text) : await driver.client.query(text);
  return result.rows as T[];
}

/**
 * The materials' secondary indexes (those not backing a constraint), as the migrations made them.
 * Bulk loading without them and building them afterwards is several times faster than maintaining
 * them row by row (the trigram GIN indexes above all); the end state is the same.
 */
async function secondaryIndexes(database: Database): Promise<{ indexname: string; indexdef: string }[]> {
  return sqlRows(
    database,
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = 'materials'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
  );
}

/** Seeds `rows` materials; returns the seconds it took. */
export async function seedMaterials(database: Database, rows: number): Promise<number> {
  const started = performance.now();
  const indexes = await secondaryIndexes(database);
  const statements = [
    ...indexes.map(({ indexname }) => `DROP INDEX "${indexname.replaceAll('"', '""')}"`),
    ...seedStatements(rows),
    ...indexes.map(({ indexdef }) => indexdef),
    ...ANALYZE_STATEMENTS,
  ];
  for (const statement of statements) await sqlRows(database, statement);
  return (performance.now() - started) / 1000;
}

export async function countMaterials(database: Database): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(database, 'SELECT count(*)::int AS n FROM materials');
  return row?.n ?? 0;
}

/** The record of case (c): the middle of the table, the same id on every fresh database. */
export async function middleId(database: Database, rows: number): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(database, `SELECT id FROM materials ORDER BY id OFFSET ${Math.floor(rows / 2)} LIMIT 1`);
  if (!row) throw new Error('no material to read by id');
  return Number(row.id);
}
