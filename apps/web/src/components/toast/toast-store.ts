import type { ToastApi, ToastMessage, ToastMessageOptions } from './toast-types';

/** SPEC §9: enter and leave transitions last 500 ms; a closed toast leaves the list when its transition ends. */
export const TOAST_TRANSITION_MS = 500;

export type ToastEntry = ToastMessage & { leaving: boolean };

export interface ToastStore extends ToastApi {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly ToastEntry[];
  /** Starts the leave transition of one message. */
  close(id: string): void;
  dispose(): void;
}

export function createToastStore(transitionMs: number = TOAST_TRANSITION_MS): ToastStore {
  let entries: readonly ToastEntry[] = [];
  let sequence = 0;
  const listeners = new Set<() => void>();
  const dropTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const set = (next: readonly ToastEntry[]) => {
    entries = next;
    for (const listener of listeners) listener();
  };

  const close = (id: string) => {
    if (dropTimers.has(id) || !entries.some((e) => e.id === id)) return;
    set(entries.map((e) => (e.id === id ? { ...e, leaving: true } : e)));
    dropTimers.set(
      id,
      setTimeout(() => {
        dropTimers.delete(id);
        set(entries.filter((e) => e.id !== id));
      }, transitionMs),
    );
  };

  return {
    add(options: ToastMessageOptions) {
      sequence += 1;
      const id = options.id ?? `toast-${sequence}`;
      const timer = dropTimers.get(id);
      if (timer) clearTimeout(timer);
      dropTimers.delete(id);
      const entry: ToastEntry = { ...options, id, severity: options.severity ?? 'info', closable: options.closable ?? true, leaving: false };
      set([...entries.filter((e) => e.id !== id), entry]);
      return id;
    },
    remove: close,
    close,
    removeGroup(group: string) {
      for (const entry of entries) if (entry.group === group) close(entry.id);
    },
    removeAllGroups() {
      for (const entry of entries) close(entry.id);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => entries,
    dispose() {
      for (const timer of dropTimers.values()) clearTimeout(timer);
      dropTimers.clear();
    },
  };
}
