import { getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { BUSINESS_RESOURCES, CATALOG_LIST, inUseMessage, type AnyResource, type Nouns, type ResourceKey } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { LINE_TABLES, LINK_TABLES, resourceTable } from './tables';

/** Rows of `table` whose `column` points at the record: they keep it from being deleted. */
export interface Referrer {
  table: PgTable;
  column: AnyPgColumn;
  /** What the referring rows are called: 'La unidad se usa en 12 materiales'. */
  nouns: Nouns;
  /** For child lines: the parent column, so three lines of one order count as one order. */
  owner?: AnyPgColumn;
}

const columnOf = (table: PgTable, name: string) => (getTableColumns(table) as Record<string, AnyPgColumn>)[name];

/** Every declared reference to `resource`: fields of catalogues and business resources, their link tables and their lines. */
export function resourceReferrers(resource: AnyResource): Referrer[] {
  const referrers: Referrer[] = [];
  const all: AnyResource[] = [...CATALOG_LIST, ...Object.values(BUSINESS_RESOURCES)];
  for (const other of all) {
    const key = other.key as ResourceKey;
    for (const field of other.fields) {
      if (field.lines) {
        const lineTable = LINE_TABLES[key]?.[field.name];
        for (const lineField of field.lines.fields) {
          if (lineField.reference?.target !== resource.key || !lineTable) continue;
          const column = columnOf(lineTable.table, lineField.name);
          if (column) referrers.push({ table: lineTable.table, column, nouns: other.nouns, owner: lineTable.owner });
        }
        continue;
      }
      if (field.reference?.target !== resource.key) continue;
      if (field.type === 'multiReference') {
        const link = LINK_TABLES[key]?.[field.name];
        if (link) referrers.push({ table: link.table, column: link.target, nouns: other.nouns });
        continue;
      }
      const column = columnOf(resourceTable(key), field.name);
      if (column) referrers.push({ table: resourceTable(key), column, nouns: other.nouns });
    }
  }
  return referrers;
}

/** How many rows of each referrer use the record (only the non-zero ones), counted in one statement. */
export async function countUses(executor: Executor, referrers: readonly Referrer[], id: number): Promise<{ nouns: Nouns; count: number }[]> {
  if (referrers.length === 0) return [];
  const counts = referrers.map((r, i) => {
    const counted = r.owner ? sql`count(distinct ${r.owner})` : sql`count(*)`;
    return sql`(select ${counted} from ${r.table} where ${r.column} = ${id})::int as ${sql.identifier(`n${i}`)}`;
  });
  const result = await executor.execute<Record<string, number>>(sql`select ${sql.join(counts, sql`, `)}`);
  const row = result.rows[0] ?? {};
  return referrers.flatMap((r, i) => {
    const n = Number(row[`n${i}`] ?? 0);
    return n > 0 ? [{ nouns: r.nouns, count: n }] : [];
  });
}

/** 'La unidad se usa en 12 materiales. Puedes desactivarla en su lugar.' (the hint only where rows can be deactivated). */
export function inUseRefusal(resource: AnyResource, uses: readonly { nouns: Nouns; count: number }[], canDeactivate: boolean): string {
  const message = inUseMessage(resource.nouns, uses);
  if (!canDeactivate) return message;
  return `${message}. Puedes desactivar${resource.nouns.article === 'la' ? 'la' : 'lo'} en su lugar.`;
}
