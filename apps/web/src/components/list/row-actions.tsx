import { Button } from 'primereact/button';
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

export function RowActions({ row, actions }: { row: ResourceRow; actions: readonly RowAction[] }) {
  return (
    <div className="flex flex-nowrap items-center justify-end gap-1">
      {actions
        .filter((action) => action.visible?.(row) ?? true)
        .map((action) => {
          const label = typeof action.label === 'function' ? action.label(row) : action.label;
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
