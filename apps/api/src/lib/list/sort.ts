import { and, Column, is, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SortEntry } from '@goc/contracts';
import { folded, SCALAR_SQL_TYPES, type ListField } from './fields';

/*
 * ORDER BY from the list's sort entries, always ending with the row id so equal values keep a stable
 * order (pages neither repeat nor skip rows). Empty values sort last in both directions.
 *
 * The same keys drive keyset pagination for exports: a batch starts after the last row of the previous
 * one, compared key by key, so streaming 100 k rows never uses OFFSET nor holds a transaction open.
 */

export interface SortKey {
  expr: SQL;
  order: 'asc' | 'desc';
  /** SQL type the key's text form is cast back to when comparing (keyset). */
  sqlType: string;
  nullable: boolean;
}

/** Whether a field's value can be empty: a column declared NOT NULL cannot (nor its folded form); anything else may. */
const mayBeNull = (expr: SQLWrapper): boolean => !(is(expr, Column) && expr.notNull);

/** What a field sorts by: folded text, a label, an enum's position, or the value itself. */
function keyOf(field: ListField): Omit<SortKey, 'order'> {
  switch (field.kind) {
    case 'reference':
      return { expr: sql`${field.labelFolded}`, sqlType: 'text', nullable: true };
    case 'multiReference':
      throw new Error(`multi-reference field ${field.name} is not sortable`);
    case 'text':
      return { expr: sql`${folded(field.expr)}`, sqlType: 'text', nullable: mayBeNull(field.expr) };
    case 'enum': {
      const values = field.enumValues ?? [];
      const cases = values.map((v, i) => sql`when ${v}::text then ${i}::int`);
      const expr = values.length > 0 ? sql`(case ${field.expr} ${sql.join(cases, sql` `)} end)` : sql`${field.expr}`;
      // A value missing from the list has no position: the CASE gives null.
      return { expr, sqlType: values.length > 0 ? 'int' : 'text', nullable: values.length > 0 || mayBeNull(field.expr) };
    }
    default:
      return { expr: sql`${field.expr}`, sqlType: SCALAR_SQL_TYPES[field.kind], nullable: mayBeNull(field.expr) };
  }
}

/** Sort entries (already validated) → keys, the id last. */
export function sortKeys(sort: readonly SortEntry[], fields: ReadonlyMap<string, ListField>, idExpr: SQLWrapper): SortKey[] {
  const keys = sort.map(({ field, order }) => {
    const spec = fields.get(field);
    if (!spec) throw new Error(`unvalidated sort field ${field}`);
    return { ...keyOf(spec), order };
  });
  keys.push({ expr: sql`${idExpr}`, order: 'asc', sqlType: 'int', nullable: false });
  return keys;
}

export function orderByClause(keys: readonly SortKey[]): SQL[] {
  return keys.map((k) => sql`${k.expr} ${sql.raw(k.order === 'asc' ? 'asc' : 'desc')} nulls last`);
}

/** Selected beside each row so the last row of a batch tells where the next one starts. */
export function keysetSelection(keys: readonly SortKey[]): Record<string, SQL<string | null>> {
  return Object.fromEntries(keys.map((k, i) => [`__k${i}`, sql<string | null>`(${k.expr})::text`]));
}

export function keysetValues(keys: readonly SortKey[], row: Readonly<Record<string, unknown>>): (string | null)[] {
  return keys.map((_k, i) => {
    const value = row[`__k${i}`];
    return value === null || value === undefined ? null : String(value);
  });
}

/**
 * Rows strictly after the given key values in the order of `keys` (nulls last):
 * k1 after v1, or k1 = v1 and k2 after v2, … down to the id. When the first key cannot be empty, the
 * same rows are also bounded by `k1 >= v1` (`<=` descending), redundant but a range an index on k1
 * can start from: the seek reads from the start on, not every row before it.
 */
export function keysetAfter(keys: readonly SortKey[], values: readonly (string | null)[]): SQL | undefined {
  const typed = (raw: string, key: SortKey) => sql`${raw}::${sql.raw(key.sqlType)}`;
  const branches: SQL[] = [];
  const equalSoFar: SQL[] = [];
  keys.forEach((key, i) => {
    const raw = values[i] ?? null;
    // After a null only other nulls follow (nulls last), and they are not "after" on this key.
    if (raw === null) {
      equalSoFar.push(sql`${key.expr} is null`);
      return;
    }
    const value = typed(raw, key);
    const beyond = sql`${key.expr} ${sql.raw(key.order === 'asc' ? '>' : '<')} ${value}`;
    const after = key.nullable ? sql`(${beyond} or ${key.expr} is null)` : beyond;
    branches.push(and(...equalSoFar, after) as SQL);
    equalSoFar.push(sql`${key.expr} = ${value}`);
  });
  const [first] = keys;
  const from = values[0] ?? null;
  const range = first && !first.nullable && from !== null ? sql`${first.expr} ${sql.raw(first.order === 'asc' ? '>=' : '<=')} ${typed(from, first)}` : undefined;
  return and(range, or(...branches));
}
