import { useEffect, useState } from 'react';
import type { OutboxCommand } from './offline-db';
import { requestPersistentStorage } from './offline-db';
import { flushOutbox, watchCommands } from './outbox';
import { refreshMyOrders } from './my-orders';
import { siteDataSyncedAt, syncOrderPickers } from './site-data';

/** How often an open GOC tries the queue again while online (Background Sync is not in Safari). */
export const OUTBOX_RETRY_MS = 60_000;

/** The signed-in user's queue as it stands, re-read on every change. */
export function useOutboxCommands(userId: number | null): OutboxCommand[] {
  const [commands, setCommands] = useState<OutboxCommand[]>([]);
  useEffect(() => (userId === null ? undefined : watchCommands(userId, setCommands)), [userId]);
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

/** How often an open GOC refreshes the site data while online. */
export const SITE_DATA_REFRESH_MS = 30 * 60_000;

/**
 * Keeps the order form's pickers and the user's own orders on the phone for someone who makes orders: refreshed when GOC
 * opens, when the connection returns and every half hour; answers when it was last refreshed.
 */
export function useSiteData(userId: number | null, makesOrders: boolean): number | null {
  const [syncedAt, setSyncedAt] = useState<number | null>(null);
  useEffect(() => {
    if (userId === null || !makesOrders) return;
    let live = true;
    const readAge = () => void siteDataSyncedAt(userId).then((at) => live && setSyncedAt(at), () => undefined);
    const refresh = () => {
      if (navigator.onLine)
        void syncOrderPickers(userId)
          .then(() => refreshMyOrders(userId).catch(() => undefined))
          .then(readAge, () => undefined);
    };
    readAge();
    refresh();
    window.addEventListener('online', refresh);
    window.addEventListener('offline', readAge);
    const timer = window.setInterval(refresh, SITE_DATA_REFRESH_MS);
    return () => {
      live = false;
      window.removeEventListener('online', refresh);
      window.removeEventListener('offline', readAge);
      window.clearInterval(timer);
    };
  }, [userId, makesOrders]);
  return syncedAt;
}
