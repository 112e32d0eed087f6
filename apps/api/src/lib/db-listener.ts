import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

/*
 * LISTEN on one channel of the database. PostgreSQL delivers a NOTIFY to every listening session at
 * the commit of the transaction that sent it (never for a rollback), so every API process hears what
 * any of them committed. On PostgreSQL the listener has its own connection (not one of the pool's)
 * and reconnects after a loss; while it is down, `listening` is false and the messages of that time
 * are lost — callers must not trust anything that depended on hearing them. The embedded database
 * delivers its own notifications in process, as the statement that committed them returns.
 */

export interface ListenerHandlers {
  onMessage(payload: string): void;
  /** Called when listening starts or stops (a lost or restored PostgreSQL connection). */
  onState?(listening: boolean): void;
}

export interface ListenerOptions {
  /**
   * PostgreSQL: the listening connection's application_name, set once LISTEN took effect, so the
   * server's pg_stat_activity names exactly the connections that hear the channel.
   */
  applicationName?: string;
}

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

const RECONNECT_MS = 1_000;

function postgresListener(pool: pg.Pool, channel: string, handlers: ListenerHandlers, log: FastifyBaseLogger, options: ListenerOptions): DatabaseListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const setClient = (next: pg.Client | null) => {
    const was = client !== null;
    client = next;
    if (was !== (next !== null)) handlers.onState?.(next !== null);
  };

  const receive = (message: pg.Notification) => {
    if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ ...pool.options });
    next.on('error', (error) => {
      log.warn({ err: error, channel }, 'se perdió la conexión LISTEN; reconectando');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    next.on('notification', receive);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (options.applicationName) await next.query(`select set_config('application_name', $1, false)`, [options.applicationName]);
      if (closed) {
        await next.end();
        return;
      }
      setClient(next);
    } catch (error) {
      log.warn({ err: error, channel }, 'no se pudo escuchar el canal; reintentando');
      scheduleReconnect(next);
    }
  };

  const scheduleReconnect = (broken: pg.Client) => {
    if (client === broken) setClient(null);
    broken.removeAllListeners('end');
    broken.end().catch(() => undefined);
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
  };

  return {
    get listening() {
      return client !== null;
    },
    async send(payload) {
      if (!client) throw new Error(`no se escucha el canal ${channel}`);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    start: connect,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      setClient(null);
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}

function embeddedListener(database: Database & { driver: { kind: 'pglite' } }, channel: string, handlers: ListenerHandlers): DatabaseListener {
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
}

export function listenTo(database: Database, channel: string, handlers: ListenerHandlers, log: FastifyBaseLogger, options: ListenerOptions = {}): DatabaseListener {
  return database.driver.kind === 'postgres'
    ? postgresListener(database.driver.client, channel, handlers, log, options)
    : embeddedListener(database as Database & { driver: { kind: 'pglite' } }, channel, handlers);
}
