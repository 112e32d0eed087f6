import { Dialog, type DialogProps } from 'primereact/dialog';

/** SPEC §9: dialogs open and close in 150 ms. */
export const DIALOG_TRANSITION_MS = 150;

/**
 * Every dialog of the app: maximizable and restorable (SPEC §4), centred, at most 90 % high and
 * animated in 150 ms (SPEC §9), full width on a phone. Any prop can still be overridden.
 */
export function AppDialog({ style, breakpoints, ...props }: DialogProps) {
  return (
    <Dialog
      maximizable
      position="center"
      draggable={false}
      blockScroll
      transitionOptions={{ timeout: DIALOG_TRANSITION_MS }}
      style={{ width: '32rem', maxHeight: '90%', ...style }}
      breakpoints={{ '768px': 'calc(100vw - 1.5rem)', ...breakpoints }}
      // PrimeReact 10.9 leaves the maximize button without an accessible name.
      pt={{ maximizableButton: (options) => ({ 'aria-label': options?.state.maximized ? 'Restaurar' : 'Maximizar' }) }}
      {...props}
    />
  );
}
