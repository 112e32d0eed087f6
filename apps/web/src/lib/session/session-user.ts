import { useMemo, useSyncExternalStore } from 'react';
import { sessionUserSchema, type SessionUser } from '@goc/contracts';
import { STORAGE_KEYS } from './storage-keys';
import { subscribeStorage } from './storage-signal';

/* The stored user is validated with the contracts' schema; kept apart from session-store so the login screen needs no zod. */

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function getStoredUser(): SessionUser | null {
  return parseUser(localStorage.getItem(STORAGE_KEYS.user));
}

export function useSessionUser(): SessionUser | null {
  const raw = useSyncExternalStore(subscribeStorage, () => localStorage.getItem(STORAGE_KEYS.user));
  return useMemo(() => parseUser(raw), [raw]);
}
