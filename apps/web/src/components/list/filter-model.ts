import type { DataTableFilterMeta, DataTableFilterMetaData, DataTableOperatorFilterMetaData } from 'primereact/datatable';
import type { ColumnFilterMatchModeOptions } from 'primereact/column';
import { localeOption } from 'primereact/api';
import {
  fromIsoDay,
  MATCH_MODES_BY_TYPE,
  toIsoDay,
  validateListQuery,
  type FieldFilter,
  type FilterConstraint,
  type FilterFieldType,
  type Filters,
  type ListFieldSpec,
  type MatchMode,
} from '@goc/contracts';

/*
 * The DataTable's filter model ⇄ the list protocol's `filters`. The table holds one entry per
 * filterable column ({ operator, constraints: [{ matchMode, value }] }, empty values as null, dates
 * as Date); the protocol holds only what filters something, with days as 'YYYY-MM-DD'.
 */

/** The first mode of a type is the one a fresh filter menu starts with. */
export function defaultMatchMode(type: FilterFieldType): MatchMode {
  return MATCH_MODES_BY_TYPE[type][0] ?? 'equals';
}

/** The SPEC's match modes allowed for a field type, labelled in Spanish by the PrimeReact locale. */
export function matchModeOptions(type: FilterFieldType): ColumnFilterMatchModeOptions[] {
  return MATCH_MODES_BY_TYPE[type].map((mode) => ({ value: mode, label: localeOption(mode, 'es') as string }));
}

function toTableValue(spec: ListFieldSpec, constraint: FilterConstraint): unknown {
  return spec.type === 'date' && typeof constraint.value === 'string' ? fromIsoDay(constraint.value) : constraint.value;
}

function emptyModel(spec: ListFieldSpec): DataTableOperatorFilterMetaData {
  return { operator: 'and', constraints: [{ matchMode: defaultMatchMode(spec.type), value: null }] };
}

/** The table's model for every filterable field, filled from the protocol's filters. */
export function toTableFilters(specs: readonly ListFieldSpec[], filters: Filters): DataTableFilterMeta {
  const model: DataTableFilterMeta = {};
  for (const spec of specs) {
    if (!spec.filterable) continue;
    const current = filters[spec.name];
    model[spec.name] = current
      ? {
          operator: current.operator,
          constraints: current.constraints.map(
            (c) => ({ matchMode: c.matchMode, value: toTableValue(spec, c) }) as DataTableFilterMetaData,
          ),
        }
      : emptyModel(spec);
  }
  return model;
}

/** A constraint value from a filter input → the protocol's value, or null when it filters nothing. */
function toProtocolValue(value: unknown): FilterConstraint['value'] | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : toIsoDay(value);
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  return null;
}

function isOperatorModel(meta: DataTableFilterMeta[string]): meta is DataTableOperatorFilterMetaData {
  return 'constraints' in meta && Array.isArray(meta.constraints);
}

/**
 * The table's model → the protocol's filters: empty constraints are dropped, and so is a constraint
 * whose value does not fit its mode (a reference id left in a text mode after switching modes).
 */
export function fromTableFilters(specs: readonly ListFieldSpec[], model: DataTableFilterMeta): Filters {
  const filters: Filters = {};
  for (const spec of specs) {
    const meta = model[spec.name];
    if (!spec.filterable || !meta) continue;
    const rows = isOperatorModel(meta) ? meta.constraints : [meta];
    const constraints: FilterConstraint[] = [];
    for (const row of rows) {
      const value = toProtocolValue(row.value);
      if (value === null || !row.matchMode) continue;
      const constraint = { matchMode: row.matchMode as MatchMode, value };
      const candidate: FieldFilter = { operator: 'and', constraints: [constraint] };
      if (validateListQuery({ filters: { [spec.name]: candidate }, sort: [] }, specs).length === 0) constraints.push(constraint);
    }
    if (constraints.length > 0) {
      const operator = isOperatorModel(meta) && meta.operator === 'or' ? 'or' : 'and';
      filters[spec.name] = { operator, constraints };
    }
  }
  return filters;
}

/** Number of filtered fields, for the "Limpiar filtros" button. */
export function activeFilterCount(filters: Filters): number {
  return Object.keys(filters).length;
}
