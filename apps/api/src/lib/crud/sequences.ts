import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { counters } from '../../db/schema';

/**
 * The next number of a named counter, inside the caller's transaction. The upsert locks the counter
 * row until the transaction ends, so concurrent writers queue on it (PostgreSQL) or run one at a
 * time (PGlite): numbers are distinct, consecutive, and a rolled-back write gives its number back.
 */
export async function nextInSequence(tx: Tx, counter: string): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name: counter, value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  if (!row) throw new Error(`counter ${counter}: upsert returned no row`);
  return Number(row.value);
}
