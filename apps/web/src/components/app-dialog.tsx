import { useEffect, useRef } from 'react';
import { Dialog, type DialogProps } from 'primereact/dialog';

/** SPEC §9: dialogs open and close in 150 ms. */
export const DIALOG_TRANSITION_MS = 150;

/**
 * Panels that close on Escape themselves but do not take part in PrimeReact's Escape priorities,
 * so the dialog under them would close too: a dropdown, multiselect or autocomplete list, a
 * DataTable filter menu.
 */
const OPEN_PANELS = '.p-dropdown-panel, .p-multiselect-panel, .p-autocomplete-panel, .p-column-filter-overlay';

/** Where the focus goes when a dialog opens, in this order: its first field or button, else the header's close button. */
const FIRST_FOCUS = [
  '.p-dialog-content :is(input:not([type="hidden"]), textarea, button):not([disabled])',
  '.p-dialog-header-close',
];

/**
 * Escape belongs to the innermost overlay: while a panel is open, the Escape that closes it is
 * remembered (capture phase, before any handler runs) and the dialog's own Escape ignores it.
 */
function useEscapeForInnermost() {
  const panelEscape = useRef(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector(OPEN_PANELS) === null) return;
      panelEscape.current = true;
      setTimeout(() => {
        panelEscape.current = false;
      });
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
  return panelEscape;
}

/**
 * Every dialog of the app: maximizable and restorable (SPEC §4), centred, at most 90 % high and
 * animated in 150 ms (SPEC §9), full width on a phone; Escape in an open dropdown closes only the
 * dropdown. Any prop can still be overridden.
 */
export function AppDialog({ style, breakpoints, onHide, onShow, ...props }: DialogProps) {
  const panelEscape = useEscapeForInnermost();
  const dialog = useRef<Dialog>(null);
  return (
    <Dialog
      ref={dialog}
      // PrimeReact's own focus on show takes the focus to the close button when it is outside the
      // dialog — also when a fast user already opened a dropdown of the form, whose panel lives
      // outside it: the panel then no longer hears Escape. Move the focus in only when it is nowhere
      // inside the dialog or its open panels.
      focusOnShow={false}
      onShow={() => {
        const element = dialog.current?.getElement();
        const active = document.activeElement;
        const inside = element?.contains(active) || (active instanceof Element && active.closest(OPEN_PANELS) !== null);
        if (element && !inside) FIRST_FOCUS.map((selector) => element.querySelector<HTMLElement>(selector)).find(Boolean)?.focus();
        onShow?.();
      }}
      maximizable
      position="center"
      draggable={false}
      blockScroll
      transitionOptions={{ timeout: DIALOG_TRANSITION_MS }}
      style={{ width: '32rem', maxHeight: '90%', ...style }}
      breakpoints={{ '768px': 'calc(100vw - 1.5rem)', ...breakpoints }}
      // PrimeReact 10.9 leaves the maximize button without an accessible name.
      pt={{ maximizableButton: (options) => ({ 'aria-label': options?.state.maximized ? 'Restaurar' : 'Maximizar' }) }}
      onHide={() => {
        if (!panelEscape.current) onHide();
      }}
      {...props}
    />
  );
}
