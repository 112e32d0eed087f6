import { count, eq } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CATALOG_LIST, inUseMessage, type AnyCatalog, type Nouns } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { CATALOG_LINKS, CATALOG_TABLES } from './catalog-tables';

/** Rows of `table` whose `column` points at the record: they keep it from being deleted. */
export interface Referrer {
  table: PgTable;
  column: AnyPgColumn;
  /** What the referring rows are called: 'La unidad se usa en 12 materiales'. */
  nouns: Nouns;
}

/** Every catalogue field referencing `catalog` (including multi-references through their link table). */
export function catalogReferrers(catalog: AnyCatalog): Referrer[] {
  const referrers: Referrer[] = [];
  for (const other of CATALOG_LIST) {
    for (const field of other.fields) {
      if (field.reference?.catalog !== catalog.key) continue;
      if (field.type === 'multiReference') {
        const link = CATALOG_LINKS[other.key]?.[field.name];
        if (link) referrers.push({ table: link.table, column: link.target, nouns: other.nouns });
        continue;
      }
      const table = CATALOG_TABLES[other.key];
      const column = (getTableColumns(table) as Record<string, AnyPgColumn>)[field.name];
      if (column) referrers.push({ table, column, nouns: other.nouns });
    }
  }
  return referrers;
}

/** How many rows of each referrer use the record (only the non-zero ones). */
export async function countUses(executor: Executor, referrers: readonly Referrer[], id: number): Promise<{ nouns: Nouns; count: number }[]> {
  const uses: { nouns: Nouns; count: number }[] = [];
  for (const referrer of referrers) {
    const [row] = await executor.select({ n: count() }).from(referrer.table).where(eq(referrer.column, id));
    const n = Number(row?.n ?? 0);
    if (n > 0) uses.push({ nouns: referrer.nouns, count: n });
  }
  return uses;
}

/** 'La unidad se usa en 12 materiales. Puedes desactivarla en su lugar.' (the hint only where rows can be deactivated). */
export function inUseRefusal(catalog: AnyCatalog, uses: readonly { nouns: Nouns; count: number }[], canDeactivate: boolean): string {
  const message = inUseMessage(catalog.nouns, uses);
  if (!canDeactivate) return message;
  return `${message}. Puedes desactivar${catalog.nouns.article === 'la' ? 'la' : 'lo'} en su lugar.`;
}
