import { useSyncExternalStore } from 'react';

/**
 * The open forms that hold unsaved input, whatever screen they are on: what a page reload would
 * lose. A form holds its place while dirty (components/form/unsaved-changes); the update notice
 * (app/pwa) asks before reloading the page for a new version of GOC.
 */
const holders = new Set<symbol>();
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

/** Marks one form as holding unsaved input; the returned function lets go (saved, discarded, closed). */
export function holdUnsavedInput(): () => void {
  const holder = Symbol('unsaved input');
  holders.add(holder);
  notify();
  return () => {
    holders.delete(holder);
    notify();
  };
}

export function hasUnsavedInput(): boolean {
  return holders.size > 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether some open form holds unsaved input, re-rendering when that changes. */
export function useHasUnsavedInput(): boolean {
  return useSyncExternalStore(subscribe, hasUnsavedInput);
}
