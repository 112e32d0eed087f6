import { useEffect, useState, useSyncExternalStore } from 'react';
import type { OutboxCommand } from './offline-db';
import { requestPersistentStorage } from './offline-db';
import { flushOutbox, listCommands, onOutboxChange } from './outbox';

/** How often an open GOC tries the queue again while online (Background Sync is not in Safari). */
export const OUTBOX_RETRY_MS = 60_000;

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's word on the connection: false is sure (no network); true may still fail, which the outbox handles. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** The signed-in user's queue as it stands, re-read on every change. */
export function useOutboxCommands(userId: number | null): OutboxCommand[] {
  const [commands, setCommands] = useState<OutboxCommand[]>([]);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const read = () =>
      void listCommands(userId).then(
        (list) => live && setCommands(list),
        () => undefined,
      );
    read();
    const stop = onOutboxChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return userId === null ? [] : commands;
}

/**
 * Sends the queue when GOC opens, when the connection returns and every minute while online; and
 * asks once that the browser keep the phone's data under storage pressure.
 */
export function useOutboxSender(userId: number | null): void {
  useEffect(() => {
    if (userId === null) return;
    const send = () => {
      if (navigator.onLine) void flushOutbox(userId).catch(() => undefined);
    };
    void requestPersistentStorage().catch(() => false);
    send();
    window.addEventListener('online', send);
    const timer = window.setInterval(send, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', send);
      window.clearInterval(timer);
    };
  }, [userId]);
}
