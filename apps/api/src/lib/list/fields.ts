import { Column, getTableColumns, is, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * How a resource's list fields map onto SQL. The list protocol (contracts list-query.ts) names fields;
 * a ListField says which expression filters, sorts and searches each of them. Catalogues derive
 * theirs from their declarations (lib/crud/source.ts); business modules can declare their own.
 */

/** Scalar kinds and the SQL type their values are compared as (keyset pagination casts to it). */
export const SCALAR_SQL_TYPES = {
  text: 'text',
  number: 'numeric',
  money: 'numeric',
  date: 'date',
  datetime: 'timestamptz',
  boolean: 'boolean',
  enum: 'text',
} as const;
export type ScalarKind = keyof typeof SCALAR_SQL_TYPES;

interface FieldBase {
  name: string;
  /** Spanish label (export headers). */
  label: string;
  filterable: boolean;
  sortable: boolean;
  /** Matched by the global search `q`. */
  searchable: boolean;
}

/** A column (or expression) of the row itself. */
export interface ScalarListField extends FieldBase {
  kind: ScalarKind;
  expr: SQLWrapper;
  /** enum values in display order: enums sort by it (planeación before terminada), not alphabetically. */
  enumValues?: readonly string[];
}

/** A foreign key: equals / notEquals by id, text modes / sort / search by the referenced row's label. */
export interface ReferenceListField extends FieldBase {
  kind: 'reference';
  idExpr: SQLWrapper;
  /** Label of the referenced row (null when there is none), from a joined table. */
  labelExpr: SQLWrapper;
  /** goc_fold(labelExpr), built from the stored folded columns where the label's columns have them. */
  labelFolded: SQLWrapper;
  /**
   * `idExpr in (select id from <target> where <predicate(folded label)>)`: the referenced table is
   * searched first (a few hundred rows, its folded columns indexed) instead of folding the joined
   * label on every listed row. The global search uses it when given.
   */
  matching?: (predicate: (labelFolded: SQLWrapper) => SQL) => SQL;
}

/** Several referenced rows through a link table (a supplier's material categories); not sortable. */
export interface MultiReferenceListField extends FieldBase {
  kind: 'multiReference';
  /** `exists (select 1 from links join target … where <owner matches> and <predicate(targetId, goc_fold(targetLabel))>)` */
  exists: (predicate: (targetId: SQL, targetLabelFolded: SQLWrapper) => SQL) => SQL;
}

export type ListField = ScalarListField | ReferenceListField | MultiReferenceListField;

/** Accent- and case-insensitive form of a text (migration 0000's IMMUTABLE goc_fold, also used by indexes). */
export const fold = (value: SQLWrapper | string): SQL => sql`goc_fold(${value})`;

/** The stored generated column `<column>_folded` (db/schema foldedColumn) beside a column, when it has one. */
export function storedFold(expr: SQLWrapper): Column | undefined {
  if (!is(expr, Column)) return undefined;
  const twin = `${expr.name}_folded`;
  return Object.values(getTableColumns(expr.table)).find((c) => c.name === twin);
}

/**
 * goc_fold(expr) as lists filter and sort on it: read from the row when expr is a column with a stored
 * folded twin (the indexes are on it, and nothing is folded per row at query time), folded here otherwise.
 */
export const folded = (expr: SQLWrapper): SQLWrapper => storedFold(expr) ?? fold(expr);

