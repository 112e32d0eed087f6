import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationItemSchema, type NotificationItem } from '@goc/contracts';
import { useComposedModules } from '../../lib/composed-modules';
import { refreshConcerned } from './notification-queries';
import { fetchStreamTicket, notificationKeys, streamUrl } from './notifications-api';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * Keeps a live stream of the user's notifications open while the app is: each connection trades a
 * fresh single-use ticket, resumes after the last event it saw, and reconnects with a growing pause
 * when it drops (a ticket cannot be reused, so the browser's own reconnection is not relied on).
 * Each notification also refreshes the lists and widgets it concerns (what its module declares).
 */
export function useNotificationStream(onNotification: (item: NotificationItem) => void): void {
  const queryClient = useQueryClient();
  const { refreshes } = useComposedModules();
  const handler = useRef(onNotification);
  useEffect(() => {
    handler.current = onNotification;
  }, [onNotification]);

  useEffect(() => {
    // Without EventSource (very old browsers) the bell still shows what the list returns.
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let lastEventId: number | null = null;
    let wait = FIRST_RETRY_MS;

    const retry = () => {
      if (stopped) return;
      timer = setTimeout(connect, wait);
      wait = Math.min(wait * 2, MAX_RETRY_MS);
    };

    async function connect() {
      let ticket: string;
      try {
        ticket = await fetchStreamTicket();
      } catch {
        // Signed out or offline: the session handling takes over; try again later otherwise.
        retry();
        return;
      }
      if (stopped) return;
      source = new EventSource(streamUrl(ticket, lastEventId));
      source.onopen = () => {
        wait = FIRST_RETRY_MS;
        // Anything missed while disconnected is in the list too.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
      };
      source.addEventListener('notification', (event) => {
        const parsed = notificationItemSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (!parsed.success) return;
        lastEventId = parsed.data.id;
        void queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
        void refreshConcerned(queryClient, refreshes, parsed.data);
        handler.current(parsed.data);
      });
      source.onerror = () => {
        source?.close();
        source = null;
        retry();
      };
    }

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [queryClient, refreshes]);
}
