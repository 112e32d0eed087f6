/**
 * When the person last did something in any tab: typed, clicked, pressed a key or moved to another
 * page. Background work (polls, refetches, the notifications stream) never counts. Kept in memory
 * and, at most every few seconds, in localStorage so every tab ends (or keeps) the session together.
 */
const STORAGE_KEY = 'goc.session.lastActivity';
/** Continuous typing writes localStorage (and wakes the other tabs) at most this often. */
const WRITE_EVERY_MS = 5_000;

/** The DOM events that mean the person is there. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input'] as const;

let remembered = 0;
const listeners = new Set<() => void>();

function stored(): number {
  const value = Number(localStorage.getItem(STORAGE_KEY));
  return Number.isFinite(value) ? value : 0;
}

/** Epoch ms of the last activity in this browser, or null when none was ever recorded. */
export function lastActivity(): number | null {
  const latest = Math.max(remembered, stored());
  return latest > 0 ? latest : null;
}

export function markActivity(now: number = Date.now()): void {
  remembered = Math.max(remembered, now);
  if (now - stored() >= WRITE_EVERY_MS) localStorage.setItem(STORAGE_KEY, String(now));
  for (const listener of listeners) listener();
}

/** Forgets this tab's memory of the last session's activity (a new sign-in starts afresh). */
export function resetActivity(now: number = Date.now()): void {
  remembered = now;
  localStorage.setItem(STORAGE_KEY, String(now));
}

export function subscribeActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listens for the person's own input on `target` (capture phase: a handler that stops propagation still counts). */
export function watchActivity(target: EventTarget = document): () => void {
  const onEvent = () => markActivity();
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onEvent, { capture: true, passive: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onEvent, { capture: true });
  };
}
