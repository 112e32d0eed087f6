import { listMatchers, NEGATED_TEXT_MODES, type AnyCatalog, type ResourceField, type FieldFilter, type FilterConstraint, type ListQuery, type SortEntry, type TextMode } from '@goc/contracts';

/*
 * A plain in-memory model of the list semantics (lib/list), evaluated on entities as the API returns
 * them. Tests compare what the SQL returns with what this says — it shares no code with the server; its
 * match modes are the contracts' (list-match.ts), the ones the phone filters its kept rows with.
 */

type Row = Record<string, unknown>;

const FROM = 'ÁÉÍÓÚÜÑáéíóúüñÀÈÌÒÙàèìòù';
const TO = 'AEIOUUNaeiouunAEIOUaeiou';

/** JS twin of the SQL goc_fold(): those accented letters to plain ones, then lower case. */
export function fold(text: string): string {
  return [...text].map((c) => (FROM.includes(c) ? TO[FROM.indexOf(c)] : c)).join('').toLowerCase();
}

/** The calendar day of an instant in Mexico City. */
export function mexicoDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

type Kind = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'enum' | 'reference' | 'multiReference';

export interface OracleField {
  name: string;
  kind: Kind;
  searchable: boolean;
  enumValues?: readonly string[];
  /** Entity key of a reference's `{ id, label }` (or array of them). */
  displayKey?: string;
}

const KINDS: Partial<Record<ResourceField['type'], Kind>> = {
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
  enum: 'enum',
  severity: 'enum',
  reference: 'reference',
  multiReference: 'multiReference',
  password: undefined,
};

/** The catalogue's fields as the oracle sees them (plus createdAt / updatedAt). */
export function oracleFields(catalog: AnyCatalog): Map<string, OracleField> {
  const fields = new Map<string, OracleField>();
  for (const f of catalog.fields) {
    if (f.type === 'password') continue;
    const kind = KINDS[f.type] ?? 'text';
    const isRef = kind === 'reference' || kind === 'multiReference';
    fields.set(f.name, {
      name: f.name,
      kind,
      // The server's rule: searchable text, and references by label when searchable or shown as a column.
      searchable: isRef ? f.list.searchable || f.list.column : f.list.searchable,
      ...(f.options ? { enumValues: f.options.map((o) => o.value) } : {}),
      ...(f.reference ? { displayKey: f.reference.displayKey } : {}),
    });
  }
  fields.set('createdAt', { name: 'createdAt', kind: 'datetime', searchable: false });
  fields.set('updatedAt', { name: 'updatedAt', kind: 'datetime', searchable: false });
  return fields;
}

const { textPositive, textMatches, compare } = listMatchers(fold);

const labelOf = (display: unknown) => (display && typeof display === 'object' ? String((display as { label: string }).label) : null);

export function constraintMatches(field: OracleField, row: Row, { matchMode, value }: FilterConstraint): boolean {
  const raw = row[field.name] as unknown;
  switch (field.kind) {
    case 'text':
      return textMatches((raw as string | null) ?? null, matchMode, String(value));
    case 'number':
      return compare((raw as number | null) ?? null, matchMode, Number(value));
    case 'date':
      return compare((raw as string | null) ?? null, matchMode, String(value));
    case 'datetime':
      return compare(raw ? mexicoDay(String(raw)) : null, matchMode, String(value));
    case 'boolean':
      return compare((raw as boolean | null) ?? null, matchMode, Boolean(value));
    case 'enum':
      return compare((raw as string | null) ?? null, matchMode, String(value));
    case 'reference':
      if (matchMode === 'equals' || matchMode === 'notEquals') return compare((raw as number | null) ?? null, matchMode, Number(value));
      return textMatches(labelOf(row[field.displayKey ?? '']), matchMode, String(value));
    case 'multiReference': {
      const ids = (raw as number[]) ?? [];
      const labels = ((row[field.displayKey ?? ''] as unknown[]) ?? []).map(labelOf).filter((l): l is string => l !== null);
      if (matchMode === 'equals') return ids.includes(Number(value));
      if (matchMode === 'notEquals') return !ids.includes(Number(value));
      const negated = NEGATED_TEXT_MODES[matchMode];
      if (negated) return !labels.some((l) => textPositive(l, negated, String(value)));
      return labels.some((l) => textPositive(l, matchMode as TextMode, String(value)));
    }
  }
}

function fieldMatches(field: OracleField, row: Row, filter: FieldFilter): boolean {
  const results = filter.constraints.map((c) => constraintMatches(field, row, c));
  return filter.operator === 'or' ? results.some(Boolean) : results.every(Boolean);
}

function searchMatches(fields: Map<string, OracleField>, row: Row, q: string | undefined): boolean {
  const words = (q ?? '').split(/\s+/).filter((w) => w !== '');
  const searchable = [...fields.values()].filter((f) => f.searchable);
  return words.every((word) =>
    searchable.some((f) => {
      if (f.kind === 'reference') return textPositive(labelOf(row[f.displayKey ?? '']), 'contains', word);
      if (f.kind === 'multiReference') {
        return ((row[f.displayKey ?? ''] as unknown[]) ?? []).some((d) => textPositive(labelOf(d), 'contains', word));
      }
      return textPositive((row[f.name] as string | null) ?? null, 'contains', word);
    }),
  );
}

/** The rows the list query selects (before sorting / paging). */
export function oracleFilter(fields: Map<string, OracleField>, rows: readonly Row[], query: Pick<ListQuery, 'filters' | 'q'>): Row[] {
  return rows.filter(
    (row) =>
      Object.entries(query.filters).every(([name, filter]) => {
        const field = fields.get(name);
        if (!field) throw new Error(`oracle: unknown field ${name}`);
        return fieldMatches(field, row, filter);
      }) && searchMatches(fields, row, query.q),
  );
}

type SortValue = string | number | boolean | null;

function sortValue(field: OracleField, row: Row): SortValue {
  const raw = row[field.name] as SortValue;
  switch (field.kind) {
    case 'text':
      return raw === null || raw === undefined ? null : fold(String(raw));
    case 'reference': {
      const label = labelOf(row[field.displayKey ?? '']);
      return label === null ? null : fold(label);
    }
    case 'enum': {
      const index = (field.enumValues ?? []).indexOf(String(raw));
      return index < 0 ? null : index;
    }
    default:
      return raw ?? null;
  }
}

/** The list order: each key with empty values last (both directions), then the id ascending. C collation (code units). */
export function oracleSort(fields: Map<string, OracleField>, rows: readonly Row[], sort: readonly SortEntry[]): Row[] {
  return [...rows].sort((a, b) => {
    for (const { field: name, order } of sort) {
      const field = fields.get(name);
      if (!field) throw new Error(`oracle: unknown sort field ${name}`);
      const va = sortValue(field, a);
      const vb = sortValue(field, b);
      if (va === vb) continue;
      if (va === null) return 1;
      if (vb === null) return -1;
      const cmp = va < vb ? -1 : 1;
      return order === 'asc' ? cmp : -cmp;
    }
    return (a.id as number) - (b.id as number);
  });
}
