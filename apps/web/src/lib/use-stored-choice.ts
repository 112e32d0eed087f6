import { useCallback, useState } from 'react';

/** One of `choices`, remembered in localStorage under `key` (cards or list of a page). */
export function useStoredChoice<T extends string>(key: string, choices: readonly T[], fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = localStorage.getItem(key);
    return choices.includes(stored as T) ? (stored as T) : fallback;
  });
  const choose = useCallback(
    (next: T) => {
      localStorage.setItem(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, choose];
}
