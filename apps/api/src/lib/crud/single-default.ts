import { sql } from 'drizzle-orm';
import { getTableName, type Table } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Writes that move a catalogue's single default (statuses' isDefault) are serialised per table: two
 * concurrent "this one is the default" would otherwise each clear the old default and then collide
 * on the partial unique index — a 409 that blamed an unrelated field (the name). Serialised, the
 * last writer simply wins. Held until the transaction ends.
 */
export async function lockSingleDefault(tx: Tx, table: Table): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`goc.single-default.${getTableName(table)}`}))`);
}
