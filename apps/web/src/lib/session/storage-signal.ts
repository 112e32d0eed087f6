/**
 * Change notification for the session keys in localStorage. Writes in this tab call
 * notifyStorageChange(); writes in other tabs arrive as `storage` events, so a logout in one
 * tab reaches every open tab.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function notifyStorageChange(): void {
  for (const listener of listeners) listener();
}

export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', notifyStorageChange);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', notifyStorageChange);
  };
}
