import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** sessionStorage keys (SPEC §3: the sidebar state is kept in session storage, i.e. for the browser session). */
export const SIDEBAR_STORAGE_KEYS = {
  groups: 'goc.sidebar.groups',
  collapsed: 'goc.sidebar.collapsed',
} as const;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function write(key: string, value: string): void {
  sessionStorage.setItem(key, value);
  for (const listener of listeners) listener();
}

/** The groups the user opened (true) or closed (false); a group never touched is absent. */
function parseGroupStates(raw: string | null): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}

export function readGroupStates(): Record<string, boolean> {
  return parseGroupStates(sessionStorage.getItem(SIDEBAR_STORAGE_KEYS.groups));
}

export function writeGroupState(id: string, open: boolean): void {
  write(SIDEBAR_STORAGE_KEYS.groups, JSON.stringify({ ...readGroupStates(), [id]: open }));
}

/**
 * Open/closed state of the menu groups. A group the user never toggled is open while it holds
 * the current page, so the highlighted item is always in sight on arrival.
 */
export function useSidebarGroups() {
  const raw = useSyncExternalStore(subscribe, () => sessionStorage.getItem(SIDEBAR_STORAGE_KEYS.groups));
  const groups = useMemo(() => parseGroupStates(raw), [raw]);
  const isOpen = useCallback((id: string, holdsActive: boolean) => groups[id] ?? holdsActive, [groups]);
  const setOpen = useCallback((id: string, open: boolean) => writeGroupState(id, open), []);
  return { isOpen, setOpen };
}

/** Desktop sidebar collapsed to its icons; remembered for the browser session. */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const collapsed = useSyncExternalStore(subscribe, () => sessionStorage.getItem(SIDEBAR_STORAGE_KEYS.collapsed) === 'true');
  const setCollapsed = useCallback((value: boolean) => write(SIDEBAR_STORAGE_KEYS.collapsed, String(value)), []);
  return [collapsed, setCollapsed];
}
