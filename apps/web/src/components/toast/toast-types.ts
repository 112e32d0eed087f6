/** SPEC §3 toast message. */
export type ToastSeverity = 'info' | 'success' | 'warn' | 'error' | 'secondary' | 'contrast';

export type ToastPosition = 'top-right' | 'top-left' | 'top-center' | 'bottom-right' | 'bottom-left' | 'bottom-center' | 'center';

export interface ToastMessageOptions {
  /** Default 'info'. */
  severity?: ToastSeverity;
  summary?: string;
  detail?: string;
  /** Milliseconds before it closes by itself; without it the toast stays until closed (as PrimeVue). */
  life?: number;
  /** Default true: a close button that also clears the timer. */
  closable?: boolean;
  /** Shown only by the <ToastRegion group="…"> of that group; without group, by the default region. */
  group?: string;
  id?: string;
}

export interface ToastMessage extends ToastMessageOptions {
  id: string;
  severity: ToastSeverity;
  closable: boolean;
}

export interface ToastApi {
  /** Shows a message; returns its id. */
  add(message: ToastMessageOptions): string;
  remove(id: string): void;
  removeGroup(group: string): void;
  removeAllGroups(): void;
}
