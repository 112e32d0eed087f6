import { useSyncExternalStore } from 'react';

/** Who holds something for now (a form with unsaved input, a page waiting for its chunks), watched from React. */
export interface Holds {
  /** Takes a hold; the returned function lets it go. */
  hold(): () => void;
  /** Whether anyone holds it. */
  held(): boolean;
  /** The same, re-rendering when it changes. */
  useHeld(): boolean;
}

export function createHolds(): Holds {
  const holders = new Set<symbol>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const held = () => holders.size > 0;
  return {
    hold() {
      const holder = Symbol('hold');
      holders.add(holder);
      notify();
      return () => {
        holders.delete(holder);
        notify();
      };
    },
    held,
    useHeld: () => useSyncExternalStore(subscribe, held),
  };
}
