import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { offlineTexts } from '../../lib/offline/offline-texts';
import { useOnline } from '../../lib/use-online';
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
  /** One of the steps that fit the row's state (Enviar, Autorizar, Editar): a labelled button beside the row; the others wait in its menu. */
  prominent?: boolean;
  /** Cancels, rejects or deletes: set apart at the end of the menu, in red; the action itself asks before acting. */
  destructive?: boolean;
  /** Needs the server: while the browser is offline it runs `offline` instead, or is disabled saying why. */
  needsConnection?: boolean;
  /** What the action does without signal (keeps it in the outbox to send later). */
  offline?: (row: ResourceRow) => void;
}

/** At most this many labelled buttons per row: the rest go in the menu. */
export const MAX_PROMINENT = 3;

export const ROW_MENU_LABEL = 'Acciones del registro';
export const MORE_ACTIONS_LABEL = 'Más acciones';

const labelOf = (action: RowAction, row: ResourceRow) => (typeof action.label === 'function' ? action.label(row) : action.label);

/** How an action is offered as the connection stands: blocked (with the words saying why) or run its online or offline way. */
function useOffer() {
  const online = useOnline();
  return (action: RowAction, row: ResourceRow) => {
    const label = labelOf(action, row);
    if (online || !action.needsConnection) return { label, blocked: false, run: () => action.onClick(row) };
    const { offline } = action;
    if (offline) return { label, blocked: false, run: () => offline(row) };
    return { label, blocked: true, run: () => undefined, named: `${label} (${offlineTexts.needsConnection})` };
  };
}
const shownFor = (actions: readonly RowAction[], row: ResourceRow) => actions.filter((action) => action.visible?.(row) ?? true);

/** A row's actions in three groups: the labelled ones, the rest, and the destructive ones last. */
export function groupActions(actions: readonly RowAction[], row: ResourceRow) {
  const shown = shownFor(actions, row);
  const prominent = shown.filter((a) => a.prominent && !a.destructive).slice(0, MAX_PROMINENT);
  return {
    prominent,
    rest: shown.filter((a) => !a.destructive && !prominent.includes(a)),
    destructive: shown.filter((a) => a.destructive),
  };
}

/** Wide screens, lists without a workflow: one icon button per action. */
export function RowActions({ row, actions }: { row: ResourceRow; actions: readonly RowAction[] }) {
  const offer = useOffer();
  return (
    <div className="flex flex-nowrap items-center justify-end gap-1">
      {shownFor(actions, row).map((action) => {
        const offered = offer(action, row);
        // The tooltip shown on a disabled button moves it into a wrapper of PrimeReact's own: React adds and removes this span instead.
        return (
          <span key={action.key} className="inline-flex">
            <Button
              type="button"
              icon={action.icon}
              rounded
              text
              severity={action.severity ?? 'secondary'}
              aria-label={offered.named ?? offered.label}
              tooltip={offered.blocked ? `${offered.label}: ${offlineTexts.onlineOnly}` : offered.label}
              tooltipOptions={{ position: 'top', showDelay: 400, showOnDisabled: true }}
              disabled={offered.blocked}
              onClick={offered.run}
              className="h-9 w-9"
            />
          </span>
        );
      })}
    </div>
  );
}

/**
 * One popup menu shared by many "⋮" buttons (one per row): the row's actions, the destructive ones
 * after a separator and in red. `overflow` leaves out the labelled ones shown beside the button.
 */
export function useRowActionsMenu(actions: readonly RowAction[], { overflow = false }: { overflow?: boolean } = {}) {
  const menu = useRef<Menu>(null);
  const [row, setRow] = useState<ResourceRow | null>(null);
  const offer = useOffer();
  const item = (action: RowAction, target: ResourceRow): MenuItem => {
    const offered = offer(action, target);
    return {
      label: offered.named ?? offered.label,
      icon: action.icon,
      command: offered.run,
      disabled: offered.blocked,
      ...(action.destructive ? { className: 'goc-menu-danger' } : {}),
    };
  };
  let items: MenuItem[] = [];
  if (row) {
    const groups = groupActions(actions, row);
    const safe = [...(overflow ? [] : groups.prominent), ...groups.rest].map((a) => item(a, row));
    const destructive = groups.destructive.map((a) => item(a, row));
    items = [...safe, ...(safe.length > 0 && destructive.length > 0 ? [{ separator: true }] : []), ...destructive];
  }

  /** The "⋮" button of one row; nothing when the menu would be empty. */
  const button = (target: ResourceRow, label = ROW_MENU_LABEL) => {
    const groups = groupActions(actions, target);
    if ((overflow ? 0 : groups.prominent.length) + groups.rest.length + groups.destructive.length === 0) return null;
    return (
      <Button
        type="button"
        icon="pi pi-ellipsis-v"
        rounded
        text
        severity="secondary"
        aria-label={label}
        aria-haspopup="menu"
        onClick={(event) => {
          setRow(target);
          menu.current?.toggle(event);
        }}
        // 44 px on a phone: a touch target (WCAG 2.5.5).
        className="h-9 w-9 shrink-0 max-md:h-[44px] max-md:w-[44px]"
      />
    );
  };
  const popup = <Menu ref={menu} model={items} popup popupAlignment="right" onHide={() => setRow(null)} />;
  return { button, popup };
}

export type RowActionsMenu = ReturnType<typeof useRowActionsMenu>;

/**
 * The steps that fit the row's state as labelled buttons, everything else behind "Más acciones"
 * (`menu` from `useRowActionsMenu(actions, { overflow: true })`): a list row of a workflow, or a
 * record's own view.
 */
export function LabelledRowActions({ row, actions, menu, wrap = false }: { row: ResourceRow; actions: readonly RowAction[]; menu: RowActionsMenu; wrap?: boolean }) {
  const { prominent } = groupActions(actions, row);
  const offer = useOffer();
  return (
    <div className={`flex items-center justify-end gap-1 ${wrap ? 'flex-wrap' : 'flex-nowrap'}`}>
      {prominent.map((action) => {
        const offered = offer(action, row);
        return (
          <span key={action.key} className="inline-flex">
            <Button
              type="button"
              icon={action.icon}
              label={offered.label}
              size="small"
              outlined
              severity={action.severity ?? 'secondary'}
              disabled={offered.blocked}
              {...(offered.blocked
                ? { 'aria-label': offered.named, tooltip: offlineTexts.onlineOnly, tooltipOptions: { position: 'top' as const, showOnDisabled: true } }
                : {})}
              onClick={offered.run}
              className="whitespace-nowrap"
            />
          </span>
        );
      })}
      {menu.button(row, MORE_ACTIONS_LABEL)}
    </div>
  );
}
