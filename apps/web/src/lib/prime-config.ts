import type { KeyboardEvent } from 'react';
import { FilterMatchMode, type APIOptions } from 'primereact/api';

/** SPEC §9 table filter match modes, offered by every DataTable filter menu. */
export const FILTER_MATCH_MODES = {
  text: [FilterMatchMode.STARTS_WITH, FilterMatchMode.CONTAINS, FilterMatchMode.NOT_CONTAINS, FilterMatchMode.ENDS_WITH, FilterMatchMode.EQUALS, FilterMatchMode.NOT_EQUALS],
  numeric: [FilterMatchMode.EQUALS, FilterMatchMode.NOT_EQUALS, FilterMatchMode.LESS_THAN, FilterMatchMode.LESS_THAN_OR_EQUAL_TO, FilterMatchMode.GREATER_THAN, FilterMatchMode.GREATER_THAN_OR_EQUAL_TO],
  date: [FilterMatchMode.DATE_IS, FilterMatchMode.DATE_IS_NOT, FilterMatchMode.DATE_BEFORE, FilterMatchMode.DATE_AFTER],
};

/**
 * The Escape that closes a dropdown's list or a date field's calendar ends there. PrimeReact lets
 * it bubble (through the panel's portal) to what is around: a column filter menu then closed too,
 * the value chosen unapplied, and a form dialog asked to discard the changes. The widget still
 * reads as expanded while its own Escape bubbles (its state changes after the event). A dropdown
 * closed from its search box leaves the focus nowhere: it goes back to the field.
 */
function keepEscapeInOpenWidget(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Escape' || event.currentTarget.querySelector('[aria-expanded="true"]') === null) return;
  event.stopPropagation();
  const field = event.currentTarget.querySelector<HTMLElement>('input:not([type="hidden"])');
  if (field && event.target !== field) field.focus();
}

/**
 * Pass-through options for every instance (merged with a component's own): PrimeReact widgets that
 * repeat for assistive technology what their focusable part already says.
 * - Dropdown: a hidden native select mirrors the value for forms, and the arrow is a named "button"
 *   that is not focusable; the focusable combobox input carries the name and the keyboard, so both
 *   are hidden from the accessibility tree (axe: select-name, aria-command-name). Its wrapper, a
 *   plain div, is given aria-activedescendant while focused, pointing at no element even when the
 *   list is closed (axe: aria-allowed-attr, aria-valid-attr-value): dropped.
 * - Dropdown and Calendar: an Escape that closes their panel stops there (keepEscapeInOpenWidget).
 * - InputSwitch: its wrapper is a role="checkbox" around the real role="switch" input, a control
 *   inside a control (axe: nested-interactive); the wrapper becomes a plain container.
 */
const ACCESSIBLE_PASS_THROUGH = {
  dropdown: {
    root: { 'aria-activedescendant': undefined, onKeyDown: keepEscapeInOpenWidget },
    select: { 'aria-hidden': true },
    trigger: { 'aria-hidden': true, role: undefined },
  },
  calendar: { root: { onKeyDown: keepEscapeInOpenWidget } },
  inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
} as APIOptions['pt'];

/**
 * PrimeReactProvider value: Spanish, the layer order of SPEC §9 (toast above all), and no ripple: each
 * ripple measures its host when it mounts and resizes its ink, one forced layout per button, so a phone
 * list of 20 rows spent about 200 ms more of its 4×-slowed main thread blocked with it on.
 */
export const PRIME_CONFIG: Partial<APIOptions> = {
  locale: 'es',
  pt: ACCESSIBLE_PASS_THROUGH,
  ripple: false,
  zIndex: { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 1200 },
  filterMatchModeOptions: FILTER_MATCH_MODES,
};
