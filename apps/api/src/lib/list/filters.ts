import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { businessDayEnd, businessDayStart, type FieldFilter, type FilterConstraint, type Filters, type MatchMode } from '@goc/contracts';
import { fold, folded, type ListField, type MultiReferenceListField, type ScalarListField } from './fields';

/*
 * filters JSON → a parameterised WHERE condition. Values always travel as parameters; only constant
 * SQL (operators, casts) is written into the text.
 *
 * Null semantics, mirrored by the in-memory model of the property test: positive modes never match an
 * empty value; the negative ones (notContains, notEquals, dateIsNot) do — a row without a description
 * "does not contain" any word.
 */

/** LIKE's wildcards and escape character, escaped, so a user's '%' or '_' matches itself. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type TextMode = 'startsWith' | 'contains' | 'endsWith' | 'equals';

/** A positive accent/case-insensitive text match of an already folded expression (fields.ts folded). */
export function textMatch(foldedExpr: SQLWrapper, mode: TextMode, value: string): SQL {
  if (mode === 'equals') return sql`${foldedExpr} = ${fold(value)}`;
  const needle = fold(escapeLike(value));
  const pattern =
    mode === 'startsWith' ? sql`${needle} || '%'` : mode === 'endsWith' ? sql`'%' || ${needle}` : sql`'%' || ${needle} || '%'`;
  return sql`${foldedExpr} like (${pattern}) escape '\\'`;
}

const NEGATED_TEXT: Partial<Record<MatchMode, TextMode>> = { notContains: 'contains', notEquals: 'equals' };

/** Text modes on a nullable text expression, matched through its folded form. */
function textCondition(expr: SQLWrapper, foldedExpr: SQLWrapper, mode: MatchMode, value: string): SQL {
  const negated = NEGATED_TEXT[mode];
  if (negated) return sql`(${expr} is null or not (${textMatch(foldedExpr, negated, value)}))`;
  return textMatch(foldedExpr, mode as TextMode, value);
}

const COMPARISONS: Partial<Record<MatchMode, string>> = { equals: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** `expr <op> value` with the value cast to `type`; notEquals also matches nulls. */
function compare(expr: SQLWrapper, mode: MatchMode, value: SQL): SQL {
  if (mode === 'notEquals') return sql`(${expr} is null or ${expr} <> ${value})`;
  const op = COMPARISONS[mode];
  if (!op) throw new Error(`match mode ${mode} is not a comparison`);
  return sql`${expr} ${sql.raw(op)} ${value}`;
}

/** An instant as a timestamptz parameter. */
const timestamp = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

function dateCondition(field: ScalarListField, mode: MatchMode, day: string): SQL {
  const { expr } = field;
  if (field.kind === 'date') {
    const value = sql`${day}::date`;
    switch (mode) {
      case 'dateIs':
        return sql`${expr} = ${value}`;
      case 'dateIsNot':
        return sql`(${expr} is null or ${expr} <> ${value})`;
      case 'dateBefore':
        return sql`${expr} < ${value}`;
      case 'dateAfter':
        return sql`${expr} > ${value}`;
    }
  } else {
    // A timestamp is "on" a day when it falls within that day in Mexico City (the contracts' date
    // module decides the day's bounds); ranges keep indexes usable.
    const start = timestamp(businessDayStart(day));
    const end = timestamp(businessDayEnd(day));
    const onDay = sql`(${expr} >= ${start} and ${expr} < ${end})`;
    switch (mode) {
      case 'dateIs':
        return onDay;
      case 'dateIsNot':
        return sql`(${expr} is null or not ${onDay})`;
      case 'dateBefore':
        return sql`${expr} < ${start}`;
      case 'dateAfter':
        return sql`${expr} >= ${end}`;
    }
  }
  throw new Error(`match mode ${mode} does not apply to dates`);
}

function scalarCondition(field: ScalarListField, { matchMode, value }: FilterConstraint): SQL {
  switch (field.kind) {
    case 'text':
      return textCondition(field.expr, folded(field.expr), matchMode, String(value));
    case 'number':
    case 'money':
      // numeric, so 2.5 compares with an integer column instead of failing to cast.
      return compare(field.expr, matchMode, sql`${Number(value)}::numeric`);
    case 'date':
    case 'datetime':
      return dateCondition(field, matchMode, String(value));
    case 'boolean':
      return compare(field.expr, matchMode, sql`${Boolean(value)}::boolean`);
    case 'enum':
      return compare(field.expr, matchMode, sql`${String(value)}::text`);
  }
}

function multiReferenceCondition(field: MultiReferenceListField, { matchMode, value }: FilterConstraint): SQL {
  if (matchMode === 'equals') return field.exists((id) => sql`${id} = ${Number(value)}::int`);
  if (matchMode === 'notEquals') return sql`not ${field.exists((id) => sql`${id} = ${Number(value)}::int`)}`;
  // Text modes look at the linked rows' labels: "contains" = some label contains, "notContains" = none does.
  const negated = NEGATED_TEXT[matchMode];
  if (negated) return sql`not ${field.exists((_id, labelFolded) => textMatch(labelFolded, negated, String(value)))}`;
  return field.exists((_id, labelFolded) => textMatch(labelFolded, matchMode as TextMode, String(value)));
}

/** One constraint on one field. The query must have passed validateListQuery (mode fits the field). */
export function constraintCondition(field: ListField, constraint: FilterConstraint): SQL {
  switch (field.kind) {
    case 'reference':
      if (constraint.matchMode === 'equals' || constraint.matchMode === 'notEquals') {
        return compare(field.idExpr, constraint.matchMode, sql`${Number(constraint.value)}::int`);
      }
      return textCondition(field.labelExpr, field.labelFolded, constraint.matchMode, String(constraint.value));
    case 'multiReference':
      return multiReferenceCondition(field, constraint);
    default:
      return scalarCondition(field, constraint);
  }
}

function fieldCondition(field: ListField, filter: FieldFilter): SQL | undefined {
  const conditions = filter.constraints.map((c) => constraintCondition(field, c));
  return filter.operator === 'or' ? or(...conditions) : and(...conditions);
}

/** Every field's filter, combined with AND (docs/architecture.md "API conventions"). Unknown fields must have been refused already. */
export function filtersCondition(filters: Filters, fields: ReadonlyMap<string, ListField>): SQL | undefined {
  const conditions = Object.entries(filters).map(([name, filter]) => {
    const field = fields.get(name);
    if (!field) throw new Error(`unvalidated filter field ${name}`);
    return fieldCondition(field, filter);
  });
  return and(...conditions);
}

/**
 * Global search: every word of `q` must appear (accent/case-insensitive) in some searchable field —
 * "juan perez" finds Juan in the first name and Pérez in the last name.
 */
export function searchCondition(q: string | undefined, fields: readonly ListField[]): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return undefined;
  const searchable = fields.filter((f) => f.searchable);
  if (searchable.length === 0) return sql`false`;
  return and(
    ...words.map((word) =>
      or(
        ...searchable.map((field) => {
          switch (field.kind) {
            case 'reference':
              return field.matching ? field.matching((label) => textMatch(label, 'contains', word)) : textMatch(field.labelFolded, 'contains', word);
            case 'multiReference':
              return field.exists((_id, labelFolded) => textMatch(labelFolded, 'contains', word));
            default:
              return textMatch(folded(field.expr), 'contains', word);
          }
        }),
      ),
    ),
  );
}
