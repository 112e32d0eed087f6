import { useCallback, useMemo, useState } from 'react';
import { useSessionUser } from '../../lib/session/session-user';

/** A column the user may show or hide. */
export interface ColumnChoice {
  name: string;
  shownByDefault: boolean;
}

/** What the user changed from the defaults; columns added later still follow their default. */
interface ColumnPrefs {
  shown: string[];
  hidden: string[];
}

/** localStorage key of a list's column choice: per user, so people sharing a browser keep their own. */
export function columnStorageKey(userId: number | string, listKey: string): string {
  return `goc.columns.${userId}.${listKey}`;
}

const isNameList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function readPrefs(key: string): ColumnPrefs {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (parsed && typeof parsed === 'object' && 'shown' in parsed && 'hidden' in parsed && isNameList(parsed.shown) && isNameList(parsed.hidden)) {
      return { shown: parsed.shown, hidden: parsed.hidden };
    }
  } catch {
    // A damaged entry falls back to the defaults.
  }
  return { shown: [], hidden: [] };
}

export interface ColumnVisibility {
  /** Names of the visible columns, in declaration order. */
  visible: string[];
  setVisible: (names: readonly string[]) => void;
}

/** Which columns a list shows, remembered in localStorage for the signed-in user. */
export function useColumnVisibility(listKey: string, columns: readonly ColumnChoice[]): ColumnVisibility {
  const user = useSessionUser();
  const key = columnStorageKey(user?.id ?? 'anonimo', listKey);
  const [saved, setSaved] = useState(() => ({ key, prefs: readPrefs(key) }));
  // Another user signed in on this browser: read their choice.
  if (saved.key !== key) setSaved({ key, prefs: readPrefs(key) });
  const prefs = saved.key === key ? saved.prefs : readPrefs(key);

  const visible = useMemo(
    () => columns.filter((c) => prefs.shown.includes(c.name) || (c.shownByDefault && !prefs.hidden.includes(c.name))).map((c) => c.name),
    [columns, prefs],
  );

  const setVisible = useCallback(
    (names: readonly string[]) => {
      const next: ColumnPrefs = {
        shown: columns.filter((c) => !c.shownByDefault && names.includes(c.name)).map((c) => c.name),
        hidden: columns.filter((c) => c.shownByDefault && !names.includes(c.name)).map((c) => c.name),
      };
      localStorage.setItem(key, JSON.stringify(next));
      setSaved({ key, prefs: next });
    },
    [columns, key],
  );

  return { visible, setVisible };
}
