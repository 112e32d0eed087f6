import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { ResourceRow } from './resource-types';

/** A button of a row's action column. */
export interface RowAction {
  key: string;
  icon: string;
  label: string | ((row: ResourceRow) => string);
  onClick: (row: ResourceRow) => void;
  /** Hides the action for some rows (e.g. "Activar" on an active user). */
  visible?: (row: ResourceRow) => boolean;
  severity?: 'secondary' | 'success' | 'info' | 'warning' | 'danger' | 'help' | 'contrast';
}

const labelOf = (action: RowAction, row: ResourceRow) => (typeof action.label === 'function' ? action.label(row) : action.label);
const shownFor = (actions: readonly RowAction[], row: ResourceRow) => actions.filter((action) => action.visible?.(row) ?? true);

/** Wide screens: one icon button per action. */
export function RowActions({ row, actions }: { row: ResourceRow; actions: readonly RowAction[] }) {
  return (
    <div className="flex flex-nowrap items-center justify-end gap-1">
      {shownFor(actions, row).map((action) => {
        const label = labelOf(action, row);
        return (
          <Button
            key={action.key}
            type="button"
            icon={action.icon}
            rounded
            text
            severity={action.severity ?? 'secondary'}
            aria-label={label}
            tooltip={label}
            tooltipOptions={{ position: 'top', showDelay: 400 }}
            onClick={() => action.onClick(row)}
            className="h-9 w-9"
          />
        );
      })}
    </div>
  );
}

export const ROW_MENU_LABEL = 'Acciones del registro';

/**
 * Phones: one "⋮" button per row and a single shared popup menu, so the action column stays narrow
 * enough to remain pinned beside the data.
 */
export function useRowActionsMenu(actions: readonly RowAction[]) {
  const menu = useRef<Menu>(null);
  const [row, setRow] = useState<ResourceRow | null>(null);
  const items = row
    ? shownFor(actions, row).map((action) => ({ label: labelOf(action, row), icon: action.icon, command: () => action.onClick(row) }))
    : [];

  const button = (target: ResourceRow) => (
    <Button
      type="button"
      icon="pi pi-ellipsis-v"
      rounded
      text
      severity="secondary"
      aria-label={ROW_MENU_LABEL}
      aria-haspopup="menu"
      onClick={(event) => {
        setRow(target);
        menu.current?.toggle(event);
      }}
      className="h-9 w-9"
    />
  );
  const popup = <Menu ref={menu} model={items} popup popupAlignment="right" onHide={() => setRow(null)} />;
  return { button, popup };
}
