import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { notificationItemSchema, type NotificationItem } from '@goc/contracts';
import type { Database, Executor } from '../../db/client';

/*
 * How a new notification reaches the streams of every API process. On PostgreSQL the insert's
 * transaction calls pg_notify, so the message leaves only if the notification committed, and each
 * process LISTENs on its own connection (not one of the pool's). The embedded database has one
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

const RECONNECT_MS = 1_000;

function postgresBus(pool: pg.Pool, log: FastifyBaseLogger): NotificationBus {
  const listeners: ((d: Delivered) => void)[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const receive = (message: pg.Notification) => {
    if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
    try {
      const parsed = JSON.parse(message.payload) as { userId: number; item: unknown };
      const delivered = { userId: parsed.userId, item: notificationItemSchema.parse(parsed.item) };
      for (const listener of listeners) listener(delivered);
    } catch (error) {
      log.warn({ err: error }, 'aviso de notificación ilegible');
    }
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ ...pool.options });
    // A lost connection reconnects; streams miss nothing they cannot recover with Last-Event-ID.
    next.on('error', (error) => {
      log.warn({ err: error }, 'se perdió la conexión LISTEN de notificaciones; reconectando');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    next.on('notification', receive);
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
      client = next;
    } catch (error) {
      log.warn({ err: error }, 'no se pudo escuchar las notificaciones; reintentando');
      scheduleReconnect(next);
    }
  };

  const scheduleReconnect = (broken: pg.Client) => {
    if (client === broken) client = null;
    broken.removeAllListeners('end');
    broken.end().catch(() => undefined);
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
  };

  return {
    async announce(tx, delivered) {
      for (const d of delivered) await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(d)})`);
    },
    committed() {},
    onMessage: (listener) => void listeners.push(listener),
    start: connect,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}

export function createNotificationBus(database: Database, log: FastifyBaseLogger): NotificationBus {
  return database.driver.kind === 'postgres' ? postgresBus(database.driver.client, log) : inProcessBus(database);
}
