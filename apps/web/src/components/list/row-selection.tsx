import { useId, useState, type ReactNode } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { formatNumber } from '../../lib/format';
import type { ResourceRow } from './resource-types';

/** A list whose rows can be chosen to act on several at once (ResourceList `selection`). */
export interface RowSelection {
  /** Rows that may be chosen (the user may change them, their state allows it); the others show no checkbox. */
  selectable?: (row: ResourceRow) => boolean;
  /** How a row's checkbox names it to a screen reader (default: the resource's row label). */
  label?: (row: ResourceRow) => string;
  /** What the page does with the chosen rows, drawn once at least one is chosen; `clear` empties the choice (after acting). */
  actions: (rows: readonly ResourceRow[], clear: () => void) => ReactNode;
}

export const selectionTexts = {
  column: 'Seleccionar',
  selectAll: 'Seleccionar todos',
  selectRow: (label: string) => `Seleccionar ${label}`,
  count: (n: number) => `${formatNumber(n)} ${n === 1 ? 'seleccionado' : 'seleccionados'}`,
  bar: 'Selección de filas',
} as const;

const NONE: ReadonlySet<number> = new Set();

/**
 * The chosen rows of a list, by id, among the rows it shows: a new page, sort, filter or search (a
 * new `viewKey`) starts an empty choice, so what is acted on is always on screen; the rows handed to
 * the page are the list's current ones (their latest version), and only those still selectable.
 */
export function useRowSelection(selection: RowSelection | undefined, rows: readonly ResourceRow[], viewKey: string) {
  const [chosen, setChosen] = useState<{ viewKey: string; ids: ReadonlySet<number> }>({ viewKey, ids: new Set() });
  const ids = chosen.viewKey === viewKey ? chosen.ids : NONE;
  const selectable = rows.filter((row) => row.id > 0 && (selection?.selectable?.(row) ?? true));
  const selected = selectable.filter((row) => ids.has(row.id));
  const allSelected = selectable.length > 0 && selected.length === selectable.length;

  // Functional updates: a table cell may hold an older render's closure.
  const toggle = (row: ResourceRow, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current.viewKey === viewKey ? current.ids : []);
      if (on) next.add(row.id);
      else next.delete(row.id);
      return { viewKey, ids: next };
    });
  const toggleAll = (on: boolean) => setChosen({ viewKey, ids: new Set(on ? selectable.map((row) => row.id) : []) });
  const clear = () => setChosen({ viewKey, ids: new Set() });
  const isSelectable = (row: ResourceRow) => selectable.some((r) => r.id === row.id);

  return { ids, selected, allSelected, selectableCount: selectable.length, toggle, toggleAll, clear, isSelectable, isSelected: (row: ResourceRow) => ids.has(row.id) };
}

type SelectionState = ReturnType<typeof useRowSelection>;

/** Above the table: «Seleccionar todos» (the rows shown), how many are chosen (announced), and the page's actions on them. */
export function SelectionBar({ selection, state }: { selection: RowSelection; state: SelectionState }) {
  const allId = useId();
  return (
    <div role="group" aria-label={selectionTexts.bar} className="flex flex-wrap items-center gap-x-4 gap-y-2 border-0 border-b border-solid border-(--surface-border) px-3 py-2">
      <div className="flex min-h-11 items-center gap-2">
        <Checkbox inputId={allId} checked={state.allSelected} disabled={state.selectableCount === 0} onChange={(event) => state.toggleAll(event.checked === true)} />
        <label htmlFor={allId} className="cursor-pointer text-sm">
          {selectionTexts.selectAll}
        </label>
      </div>
      <span role="status" className="text-sm font-medium">
        {state.selected.length > 0 ? selectionTexts.count(state.selected.length) : ''}
      </span>
      {state.selected.length > 0 && <div className="flex flex-wrap items-center gap-2 sm:ml-auto">{selection.actions(state.selected, state.clear)}</div>}
    </div>
  );
}

/** One row's checkbox, named by the row; a click on it never opens the row. */
export function RowCheckbox({ row, checked, label, state }: { row: ResourceRow; checked: boolean; label: string; state: SelectionState }) {
  if (!state.isSelectable(row)) return null;
  return (
    <span className="inline-flex min-h-11 min-w-11 items-center justify-center" onClick={(event) => event.stopPropagation()}>
      <Checkbox checked={checked} onChange={(event) => state.toggle(row, event.checked === true)} aria-label={selectionTexts.selectRow(label)} />
    </span>
  );
}
