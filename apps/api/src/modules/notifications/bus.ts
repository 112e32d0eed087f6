import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { notificationItemSchema, type NotificationItem } from '@goc/contracts';
import type { Database, Executor } from '../../db/client';
import type { DatabaseListeners } from '../../lib/db-listener';

/*
 * How a new notification reaches the streams of every API process. On PostgreSQL the insert's
 * transaction calls pg_notify, so the message leaves only if the notification committed, and each
 * process hears it on its listening connection (lib/db-listener). The embedded database has one
 * process: the message is handed over in memory after the commit, to every app on that database.
 */

export const NOTIFY_CHANNEL = 'goc_notifications';

export interface Delivered {
  userId: number;
  item: NotificationItem;
}

export interface NotificationBus {
  /** Inside the insert's transaction. */
  announce(tx: Executor, delivered: readonly Delivered[]): Promise<void>;
  /** After the commit. */
  committed(delivered: readonly Delivered[]): void;
  onMessage(listener: (delivered: Delivered) => void): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** What announce() sends over the channel: who is told, and the item. */
const busMessageSchema = z.object({ userId: z.number().int(), item: notificationItemSchema });

/** Listeners per embedded database: every app of this process on it hears every notification. */
const embeddedChannels = new WeakMap<Database, Set<(d: Delivered) => void>>();

function inProcessBus(database: Database): NotificationBus {
  let channel = embeddedChannels.get(database);
  if (!channel) embeddedChannels.set(database, (channel = new Set()));
  const shared = channel;
  const own: ((d: Delivered) => void)[] = [];
  return {
    async announce() {},
    committed(delivered) {
      for (const d of delivered) for (const listener of shared) listener(d);
    },
    onMessage: (listener) => void own.push(listener),
    async start() {
      for (const listener of own) shared.add(listener);
    },
    async close() {
      for (const listener of own) shared.delete(listener);
    },
  };
}

function postgresBus(listeners: DatabaseListeners, log: FastifyBaseLogger): NotificationBus {
  const handlers: ((d: Delivered) => void)[] = [];
  // A lost connection reconnects; streams miss nothing they cannot recover with Last-Event-ID.
  const listener = listeners.listen(NOTIFY_CHANNEL, {
    onMessage(payload) {
      try {
        const delivered = busMessageSchema.parse(JSON.parse(payload));
        for (const l of handlers) l(delivered);
      } catch (error) {
        log.warn({ err: error }, 'aviso de notificación ilegible');
      }
    },
  });
  return {
    async announce(tx, delivered) {
      if (delivered.length === 0) return;
      // One statement for all the recipients (an order tells several): each round trip costs the API's thread a socket write.
      const payloads = JSON.stringify(delivered.map((d) => JSON.stringify(d)));
      await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, payload) from json_array_elements_text(${payloads}::json) as payload`);
    },
    committed() {},
    onMessage: (l) => void handlers.push(l),
    start: () => listener.start(),
    close: () => listener.close(),
  };
}

export function createNotificationBus(database: Database, listeners: DatabaseListeners, log: FastifyBaseLogger): NotificationBus {
  return database.driver.kind === 'postgres' ? postgresBus(listeners, log) : inProcessBus(database);
}
