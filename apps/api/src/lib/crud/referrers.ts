import { getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { BUSINESS_RESOURCES, IN_USE_NAMED, inUseMessage, type AnyResource, type Nouns } from '@goc/contracts';
import type { Executor } from '../../db/client';
import type { ResourceRegistry } from './tables';

/** Rows of `table` whose `column` points at the record: they keep it from being deleted. */
export interface Referrer {
  table: PgTable;
  column: AnyPgColumn;
  /** What the referring rows are called: 'La unidad se usa en 12 materiales'. */
  nouns: Nouns;
  /** For child lines: the parent column, so three lines of one order count as one order. */
  owner?: AnyPgColumn;
  /** The referring rows' own name (an order's folio), when their label is one stored text field. */
  name?: AnyPgColumn;
}

type Use = { nouns: Nouns; count: number; names?: string[] };

const columnOf = (table: PgTable, name: string) => (getTableColumns(table) as Record<string, AnyPgColumn>)[name];

/** A business record named by one text field (an order's folio) is worth naming in a refusal; a catalogue row is counted. */
function nameColumn(resource: AnyResource, table: PgTable): AnyPgColumn | undefined {
  const [only, ...more] = resource.label.fields;
  const field = resource.fields.find((f) => f.name === only);
  if (more.length > 0 || field?.type !== 'text' || !(resource.key in BUSINESS_RESOURCES)) return undefined;
  return columnOf(table, field.name);
}

/** Every declared reference to `resource`: fields of catalogues and business resources, their link tables and their lines. */
export function resourceReferrers(registry: ResourceRegistry, resource: AnyResource): Referrer[] {
  const referrers: Referrer[] = [];
  for (const { declaration: other, table, links, lines } of registry.all()) {
    for (const field of other.fields) {
      if (field.lines) {
        const lineTable = lines?.[field.name];
        for (const lineField of field.lines.fields) {
          if (lineField.reference?.target !== resource.key || !lineTable) continue;
          const column = columnOf(lineTable.table, lineField.name);
          if (column) referrers.push({ table: lineTable.table, column, nouns: other.nouns, owner: lineTable.owner });
        }
        continue;
      }
      if (field.reference?.target !== resource.key) continue;
      if (field.type === 'multiReference') {
        const link = links?.[field.name];
        if (link) referrers.push({ table: link.table, column: link.target, nouns: other.nouns });
        continue;
      }
      const column = columnOf(table, field.name);
      const name = nameColumn(other, table);
      if (column) referrers.push({ table, column, nouns: other.nouns, ...(name ? { name } : {}) });
    }
  }
  return referrers;
}

/**
 * How many rows of each referrer use the record (only the non-zero ones) and, for named referrers,
 * the first names in their order — all in one statement.
 */
export async function countUses(executor: Executor, referrers: readonly Referrer[], id: number): Promise<Use[]> {
  if (referrers.length === 0) return [];
  const columns = referrers.flatMap((r, i) => {
    const counted = r.owner ? sql`count(distinct ${r.owner})` : sql`count(*)`;
    const count = sql`(select ${counted} from ${r.table} where ${r.column} = ${id})::int as ${sql.identifier(`n${i}`)}`;
    if (!r.name) return [count];
    const first = sql`select ${r.name} as name from ${r.table} where ${r.column} = ${id} order by ${r.name} limit ${IN_USE_NAMED}`;
    return [count, sql`(select array_agg(f.name) from (${first}) f) as ${sql.identifier(`names${i}`)}`];
  });
  const result = await executor.execute<Record<string, unknown>>(sql`select ${sql.join(columns, sql`, `)}`);
  const row = result.rows[0] ?? {};
  return referrers.flatMap((r, i) => {
    const n = Number(row[`n${i}`] ?? 0);
    const names = row[`names${i}`];
    if (n === 0) return [];
    return [{ nouns: r.nouns, count: n, ...(Array.isArray(names) ? { names: names.map(String) } : {}) }];
  });
}

/** 'La unidad se usa en 12 materiales. Puedes desactivarla en su lugar.' (the hint only where rows can be deactivated). */
export function inUseRefusal(resource: AnyResource, uses: readonly Use[], canDeactivate: boolean): string {
  const message = inUseMessage(resource.nouns, uses);
  if (!canDeactivate) return message;
  return `${message}. Puedes desactivar${resource.nouns.article === 'la' ? 'la' : 'lo'} en su lugar.`;
}
