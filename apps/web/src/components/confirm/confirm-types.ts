import type { ReactNode } from 'react';

/** A confirmation request (the PrimeVue useConfirm().require options the app uses). */
export interface ConfirmOptions {
  header?: string;
  message: ReactNode;
  /** PrimeIcons class, e.g. 'pi pi-exclamation-triangle'. */
  icon?: string;
  acceptLabel?: string;
  rejectLabel?: string;
  acceptClassName?: string;
  rejectClassName?: string;
  defaultFocus?: 'accept' | 'reject';
  accept?: () => void;
  reject?: () => void;
  /** Called whenever the dialog closes: accept, reject, Escape or the close icon. */
  onHide?: () => void;
}

export interface ConfirmApi {
  /** Opens the confirmation dialog (SPEC §4: it opens on a confirm request). */
  require(options: ConfirmOptions): void;
  /** Closes it without calling accept or reject. */
  close(): void;
}
