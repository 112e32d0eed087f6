import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

/*
 * LISTEN on channels of the database. PostgreSQL delivers a NOTIFY to every listening session at
 * the commit of the transaction that sent it (never for a rollback), so every API process hears what
 * any of them committed. On PostgreSQL an app holds ONE listening connection (not one of the pool's)
 * whatever the number of channels: each channel's subscription is multiplexed on it, and it
 * reconnects after a loss. While it is down, `listening` is false and the messages of that time are
 * lost — callers must not trust anything that depended on hearing them. The embedded database
 * delivers its own notifications in process, as the statement that committed them returns.
 */

export interface ListenerHandlers {
  onMessage(payload: string): void;
  /** Called when listening starts or stops (a lost or restored PostgreSQL connection). */
  onState?(listening: boolean): void;
}

/** One channel's subscription. */
export interface DatabaseListener {
  readonly listening: boolean;
  /**
   * NOTIFY on the channel. PostgreSQL: through the listening connection itself, so it never waits
   * for a pool slot; rejects while not listening.
   */
  send(payload: string): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The app's listening connection (`app.listener`). */
export interface DatabaseListeners {
  /** A subscription to one channel; nothing is heard before its start(). */
  listen(channel: string, handlers: ListenerHandlers): DatabaseListener;
  /**
   * PostgreSQL: the listening connection's application_name (`goc-listen <id>`), so the server's
   * pg_stat_activity names it; null on the embedded database.
   */
  readonly connectionName: string | null;
}

/** Names the listening connection in the server's pg_stat_activity. */
export const LISTENER_NAME_PREFIX = 'goc-listen ';

const RECONNECT_MS = 1_000;

interface Subscription {
  channel: string;
  handlers: ListenerHandlers;
  /** What onState last said. */
  told: boolean;
}

function postgresListeners(pool: pg.Pool, log: FastifyBaseLogger): DatabaseListeners {
  const name = `${LISTENER_NAME_PREFIX}${randomBytes(6).toString('hex')}`;
  const subscriptions = new Set<Subscription>();
  /** Channels LISTENed on the current connection. */
  const listened = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const channelsWanted = () => new Set([...subscriptions].map((s) => s.channel));
  const isListening = (s: Subscription) => client !== null && listened.has(s.channel) && subscriptions.has(s);

  /** Tells each subscription whose state changed. */
  const refresh = () => {
    for (const s of subscriptions) {
      const now = isListening(s);
      if (now !== s.told) {
        s.told = now;
        s.handlers.onState?.(now);
      }
    }
  };

  const receive = (message: pg.Notification) => {
    if (message.payload === undefined) return;
    for (const s of [...subscriptions]) if (s.channel === message.channel && s.told) s.handlers.onMessage(message.payload);
  };

  const scheduleReconnect = (broken: pg.Client) => {
    if (client === broken) {
      client = null;
      listened.clear();
      refresh();
    }
    broken.removeAllListeners('end');
    broken.end().catch(() => undefined);
    if (subscriptions.size === 0 || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
  };

  const open = async (): Promise<void> => {
    const next = new pg.Client({ ...pool.options, application_name: name });
    next.on('error', (error) => {
      log.warn({ err: error }, 'se perdió la conexión LISTEN; reconectando');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    next.on('notification', receive);
    try {
      await next.connect();
      listened.clear();
      // Channels subscribed while this ran are taken too.
      for (let missing = [...channelsWanted()]; missing.length > 0; missing = [...channelsWanted()].filter((c) => !listened.has(c))) {
        for (const channel of missing) {
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          listened.add(channel);
        }
      }
      if (subscriptions.size === 0) {
        listened.clear();
        next.removeAllListeners('end');
        await next.end();
        return;
      }
      client = next;
      refresh();
    } catch (error) {
      log.warn({ err: error }, 'no se pudo escuchar los canales de la base de datos; reintentando');
      listened.clear();
      scheduleReconnect(next);
    }
  };

  const connect = (): Promise<void> => {
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const disconnect = async () => {
    if (retry) clearTimeout(retry);
    retry = null;
    await connecting;
    const current = client;
    client = null;
    listened.clear();
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => undefined);
    }
  };

  return {
    connectionName: name,
    listen(channel, handlers) {
      const subscription: Subscription = { channel, handlers, told: false };
      return {
        get listening() {
          return isListening(subscription);
        },
        async send(payload) {
          if (!client || !isListening(subscription)) throw new Error(`no se escucha el canal ${channel}`);
          await client.query('select pg_notify($1, $2)', [channel, payload]);
        },
        async start() {
          subscriptions.add(subscription);
          if (connecting) await connecting;
          if (client) {
            if (!listened.has(channel)) {
              const current = client;
              try {
                await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
                if (client === current) listened.add(channel);
              } catch (error) {
                log.warn({ err: error, channel }, 'no se pudo escuchar el canal; reconectando');
                scheduleReconnect(current);
              }
            }
            refresh();
          } else if (!retry) {
            await connect();
          }
        },
        async close() {
          if (!subscriptions.delete(subscription)) return;
          if (subscription.told) {
            subscription.told = false;
            handlers.onState?.(false);
          }
          if (subscriptions.size === 0) {
            await disconnect();
            return;
          }
          if (client && listened.has(channel) && !channelsWanted().has(channel)) {
            listened.delete(channel);
            await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
          }
        },
      };
    },
  };
}

function embeddedListeners(database: Database & { driver: { kind: 'pglite' } }): DatabaseListeners {
  return {
    connectionName: null,
    listen(channel, handlers) {
      let stop: (() => Promise<void>) | null = null;
      return {
        get listening() {
          return stop !== null;
        },
        async send(payload) {
          await database.driver.client.query('select pg_notify($1, $2)', [channel, payload]);
        },
        async start() {
          stop = await database.driver.client.listen(channel, handlers.onMessage);
          handlers.onState?.(true);
        },
        async close() {
          const current = stop;
          stop = null;
          if (current) {
            handlers.onState?.(false);
            await current().catch(() => undefined);
          }
        },
      };
    },
  };
}

/** The app's listeners: on PostgreSQL one connection, opened with the first subscription that starts and closed with the last. */
export function createDatabaseListeners(database: Database, log: FastifyBaseLogger): DatabaseListeners {
  return database.driver.kind === 'postgres'
    ? postgresListeners(database.driver.client, log)
    : embeddedListeners(database as Database & { driver: { kind: 'pglite' } });
}
