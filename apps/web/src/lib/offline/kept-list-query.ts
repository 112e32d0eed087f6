import { BASE_FIELDS, businessDayOf, listMatchers, NEGATED_TEXT_MODES, type TextMode, type FilterConstraint, type ListQuery, type ResourceDeclaration, type ResourceField, type SortEntry } from '@goc/contracts';
import { fold } from './site-store';

/*
 * A list query (search, column filters, sort: the list protocol of contracts/list-query.ts) applied
 * on the phone to rows kept from the server, so a list answered without signal (Mis Pedidos) searches
 * and filters like the API does: every word of the search in some searchable field or reference label,
 * text modes accent- and case-insensitive, a timestamp's day in Mexico City, an empty value matched
 * only by the negative modes, empty values last in either order, then the id.
 */

type Row = Readonly<Record<string, unknown>>;
type Kind = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'enum' | 'reference' | 'multiReference';

const KINDS: Partial<Record<ResourceField['type'], Kind>> = {
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
  enum: 'enum',
  severity: 'enum',
  reference: 'reference',
  status: 'reference',
  multiReference: 'multiReference',
};

interface KeptField {
  kind: Kind;
  field: ResourceField;
  /** A filter through a lines field (orders holding a material): a row matches when one of its lines does. */
  lines?: string;
}

export type KeptListResource = Pick<ResourceDeclaration, 'fields' | 'defaultSort'>;

const kindOf = (field: ResourceField): Kind | null => (field.type === 'password' || field.type === 'lines' ? null : (KINDS[field.type] ?? 'text'));

/** The field a filter or sort names: the row's own, or one of its lines' (the API's filters through lines). */
function keptField(resource: KeptListResource, name: string): KeptField | null {
  const own = [...resource.fields, ...BASE_FIELDS].find((f) => f.name === name);
  const ownKind = own && kindOf(own);
  if (own && ownKind) return { kind: ownKind, field: own };
  for (const lines of resource.fields) {
    const inLine = lines.lines?.fields.find((f) => f.name === name);
    const kind = inLine && kindOf(inLine);
    if (inLine && kind) return { kind, field: inLine, lines: lines.name };
  }
  return null;
}

/** A reference's shown label: `{ label }`, or a status's `{ name }`. */
function labelOf(display: unknown): string | null {
  if (!display || typeof display !== 'object') return null;
  const { label, name } = display as { label?: unknown; name?: unknown };
  return typeof label === 'string' ? label : typeof name === 'string' ? name : null;
}

const { textPositive, textMatches, compare } = listMatchers(fold);

const numberOf = (raw: unknown) => (raw === null || raw === undefined || raw === '' ? null : Number(raw));
const stringOf = (raw: unknown) => (raw === null || raw === undefined ? null : String(raw));
const displayOf = (row: Row, field: ResourceField) => row[field.reference?.displayKey ?? ''];

function constraintMatches({ kind, field }: KeptField, row: Row, { matchMode, value }: FilterConstraint): boolean {
  const raw = row[field.name];
  switch (kind) {
    case 'text':
      return textMatches(stringOf(raw), matchMode, String(value));
    case 'number':
      return compare(numberOf(raw), matchMode, Number(value));
    case 'date':
      return compare(stringOf(raw), matchMode, String(value));
    case 'datetime':
      return compare(raw ? businessDayOf(Date.parse(String(raw))) : null, matchMode, String(value));
    case 'boolean':
      return compare(typeof raw === 'boolean' ? raw : null, matchMode, Boolean(value));
    case 'enum':
      return compare(stringOf(raw), matchMode, String(value));
    case 'reference':
      if (matchMode === 'equals' || matchMode === 'notEquals') return compare(numberOf(raw), matchMode, Number(value));
      return textMatches(labelOf(displayOf(row, field)), matchMode, String(value));
    case 'multiReference': {
      const ids = Array.isArray(raw) ? raw.map(Number) : [];
      const labels = (Array.isArray(displayOf(row, field)) ? (displayOf(row, field) as unknown[]) : []).map(labelOf);
      if (matchMode === 'equals' || matchMode === 'notEquals') return ids.includes(Number(value)) === (matchMode === 'equals');
      const negated = NEGATED_TEXT_MODES[matchMode];
      return negated ? !labels.some((l) => textPositive(l, negated, String(value))) : labels.some((l) => textPositive(l, matchMode as TextMode, String(value)));
    }
  }
}

/** Through lines the API asks whether some line matches, the negative modes as «no line matches the positive one». */
function lineConstraintMatches(kept: KeptField, row: Row, constraint: FilterConstraint): boolean {
  const lines = Array.isArray(row[kept.lines!]) ? (row[kept.lines!] as Row[]) : [];
  const positive = NEGATED_TEXT_MODES[constraint.matchMode];
  if (positive) return !lines.some((line) => constraintMatches(kept, line, { ...constraint, matchMode: positive }));
  return lines.some((line) => constraintMatches(kept, line, constraint));
}

function searchable(resource: KeptListResource): KeptField[] {
  return resource.fields.flatMap((field): KeptField[] => {
    const kind = kindOf(field);
    if (!kind) return [];
    const isReference = kind === 'reference' || kind === 'multiReference';
    // The API's rule: searchable text, and references by their label when searchable or shown as a column.
    return (isReference ? field.list.searchable || field.list.column : field.list.searchable) ? [{ kind, field }] : [];
  });
}

function searchMatches(fields: readonly KeptField[], row: Row, words: readonly string[]): boolean {
  return words.every((word) =>
    fields.some(({ kind, field }) => {
      if (kind === 'reference') return textPositive(labelOf(displayOf(row, field)), 'contains', word);
      if (kind === 'multiReference') return (Array.isArray(displayOf(row, field)) ? (displayOf(row, field) as unknown[]) : []).some((d) => textPositive(labelOf(d), 'contains', word));
      return textPositive(stringOf(row[field.name]), 'contains', word);
    }),
  );
}

type SortValue = string | number | boolean | null;

function sortValue({ kind, field }: KeptField, row: Row): SortValue {
  const raw = row[field.name];
  switch (kind) {
    case 'text':
      return raw === null || raw === undefined ? null : fold(String(raw));
    case 'reference': {
      const label = labelOf(displayOf(row, field));
      return label === null ? null : fold(label);
    }
    case 'enum': {
      const index = (field.options ?? []).findIndex((o) => o.value === raw);
      return index < 0 ? null : index;
    }
    case 'number':
      return numberOf(raw);
    default:
      return raw === null || raw === undefined ? null : (raw as SortValue);
  }
}

function sorted(rows: Row[], keys: readonly { kept: KeptField; order: SortEntry['order'] }[]): Row[] {
  return rows.sort((a, b) => {
    for (const { kept, order } of keys) {
      const va = sortValue(kept, a);
      const vb = sortValue(kept, b);
      if (va === vb) continue;
      if (va === null) return 1;
      if (vb === null) return -1;
      const cmp = va < vb ? -1 : 1;
      return order === 'asc' ? cmp : -cmp;
    }
    return Number(a.id) - Number(b.id);
  });
}

/**
 * The kept rows the query selects, in its order (the resource's default order when it names none).
 * The list page lets through only the fields the resource declares (list-url-state.ts); a name
 * found nowhere selects no row rather than being ignored.
 */
export function queryKeptRows(resource: KeptListResource, rows: readonly Row[], query: Pick<ListQuery, 'q' | 'filters' | 'sort'>): Row[] {
  const filters = Object.entries(query.filters).map(([name, filter]) => {
    const kept = keptField(resource, name);
    if (!kept) return () => false;
    const one = kept.lines ? lineConstraintMatches : constraintMatches;
    return (row: Row) => (filter.operator === 'or' ? filter.constraints.some((c) => one(kept, row, c)) : filter.constraints.every((c) => one(kept, row, c)));
  });
  const words = (query.q ?? '').split(/\s+/).filter((w) => w !== '');
  const fields = searchable(resource);
  const selected = rows.filter((row) => filters.every((matches) => matches(row)) && searchMatches(fields, row, words));
  const keys = (query.sort.length > 0 ? query.sort : resource.defaultSort).flatMap(({ field, order }) => {
    const kept = keptField(resource, field);
    return kept && !kept.lines ? [{ kept, order }] : [];
  });
  return sorted(selected, keys);
}
