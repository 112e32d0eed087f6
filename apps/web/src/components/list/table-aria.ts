import type { ColumnPassThroughOptions } from 'primereact/column';
import type { DataTablePassThroughOptions } from 'primereact/datatable';

/*
 * PrimeReact 10.9 bundles its own English copy of the ARIA labels into the DataTable's column
 * filter and the paginator's rows-per-page dropdown, ignoring the registered Spanish locale. These
 * pass-through options put the Spanish labels back on exactly those elements.
 */

export const filterAria = {
  menuButton: (column: string) => `Filtrar «${column}»`,
  operator: 'Operador del filtro',
  constraint: 'Condición del filtro',
  rowsPerPage: 'Filas por página',
} as const;

export function columnFilterPassThrough(column: string): ColumnPassThroughOptions {
  return {
    filterMenuButton: { 'aria-label': filterAria.menuButton(column) },
    filterOperatorDropdown: { input: { 'aria-label': filterAria.operator } } as ColumnPassThroughOptions['filterOperatorDropdown'],
    filterMatchModeDropdown: { input: { 'aria-label': filterAria.constraint } } as ColumnPassThroughOptions['filterMatchModeDropdown'],
  };
}

/**
 * «Aplicar» and «Limpiar» close a column's filter menu with the focus in it, which would leave the
 * focus on the page: it goes back to the column's filter button, where a keyboard user opened it.
 */
export function focusFilterButton(table: HTMLElement | null | undefined, column: string) {
  if (document.activeElement?.closest('.p-column-filter-overlay')) table?.querySelector<HTMLElement>(`[aria-label="${filterAria.menuButton(column)}"]`)?.focus();
}

export const TABLE_PASS_THROUGH: DataTablePassThroughOptions = {
  paginator: { RPPDropdown: { input: { 'aria-label': filterAria.rowsPerPage } } },
};

/**
 * A read-only table that may scroll sideways on a phone: its scrolling box takes the keyboard focus,
 * so arrows scroll it (WCAG 2.1.1; axe: scrollable-region-focusable). Lists with row buttons need
 * nothing: their buttons already reach every column.
 */
export const SCROLLABLE_TABLE: DataTablePassThroughOptions = {
  wrapper: { tabIndex: 0 },
};
