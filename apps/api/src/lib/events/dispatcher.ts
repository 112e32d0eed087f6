import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../db/client';
import { nameStatement } from '../../db/named-statements';
import type { DomainEvent, DomainEventType, EventSubscriber } from './types';

/** Serialises the outbox fan-out across API processes (migrate.ts holds 4_710_001). */
export const FAN_OUT_LOCK_KEY = 4_710_002;
/** The channel the outbox's statement trigger notifies (migration 0011). */
export const EVENTS_CHANNEL = 'goc_events';

export interface DispatcherSettings {
  /** Delivered events older than this are purged. */
  retentionDays: number;
  /** Fallback when no notification arrives (another process on PGlite cannot exist; on PostgreSQL a lost LISTEN). */
  pollMs: number;
  /** How long a claimed delivery is reserved for its handler; a process that dies leaves it to others after this. */
  leaseMs: number;
  /** Back-off after a failed delivery: retryBaseMs × 2^(attempts − 1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Events queued or deliveries claimed per statement. */
  batchSize: number;
  /** How often delivered events past the retention are purged. */
  purgeEveryMs: number;
  /**
   * Rounds started by nudges are at least this far apart: a lone write is delivered at once, a stream
   * of them in batches (a round's statements cost the same for one event as for two hundred).
   */
  roundGapMs: number;
}

export const DEFAULT_DISPATCHER_SETTINGS: Omit<DispatcherSettings, 'retentionDays'> = {
  pollMs: 3_000,
  leaseMs: 120_000,
  retryBaseMs: 1_000,
  retryMaxMs: 300_000,
  batchSize: 200,
  purgeEveryMs: 3_600_000,
  roundGapMs: 500,
};

export interface DispatcherLog {
  error(details: object, message: string): void;
}

export interface Dispatcher {
  /** Listens for notifications, polls and delivers what is pending. */
  start(): Promise<void>;
  /** Stops listening and polling and waits for the delivery in progress. */
  stop(): Promise<void>;
  /** Asks for a delivery round soon (after a commit in this process, a notification, the poll). */
  nudge(): void;
  /** Runs delivery rounds until none leaves work due now (deliveries in back-off wait). */
  drain(): Promise<void>;
}

interface EventRow extends Record<string, unknown> {
  id: string | number;
  type: string;
  resource: string;
  record_id: number;
  actor_id: number | null;
  from_status: string | null;
  to_status: string | null;
  changes: DomainEvent['changes'];
  metadata: DomainEvent['metadata'];
  occurred_at: string | Date;
}

interface ClaimedRow extends EventRow {
  subscriber: string;
  has_next: boolean;
}

function toEvent(row: EventRow): DomainEvent {
  return {
    id: Number(row.id),
    type: row.type as DomainEventType,
    resource: row.resource,
    recordId: row.record_id,
    actorId: row.actor_id,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    changes: row.changes,
    metadata: row.metadata,
    occurredAt: new Date(row.occurred_at),
  };
}

const dialect = new PgDialect();
const namedStatements = new Set<string>();

/**
 * One of the dispatcher's statements, whose text never changes (its values are parameters): named the
 * first time, so that PGlite runs it by name — a round after every write, otherwise parsed each time.
 */
function named(name: string, statement: SQL): SQL {
  if (!namedStatements.has(name)) {
    nameStatement(dialect.sqlToQuery(statement).sql, name);
    namedStatements.add(name);
  }
  return statement;
}

/**
 * Delivers the outbox's events to subscribers, at least once and in order per record, safely from
 * several API processes on one database. A round has two steps:
 *
 * 1. Fan-out (one process at a time, under an advisory lock): every committed, undispatched event
 *    gets a pending delivery per subscriber and is marked dispatched. Scanning by flag, not by a
 *    cursor, means an event whose transaction commits late is never skipped.
 * 2. Delivery, per subscriber: claim (FOR UPDATE SKIP LOCKED, plus a lease in `available_at`) the
 *    pending deliveries that are the earliest of their record, call the handler, delete the
 *    delivery on success or push it back with a bounded back-off on failure. A later event of a
 *    record waits until the earlier one is delivered, so per record the order holds.
 */
export function createDispatcher(
  database: Database,
  subscribers: readonly EventSubscriber[],
  settings: DispatcherSettings,
  log: DispatcherLog,
): Dispatcher {
  const { db } = database;
  let started = false;
  let active: Promise<void> | null = null;
  let again = false;
  let listener: pg.Client | null = null;
  let poll: NodeJS.Timeout | null = null;
  let nextPurgeAt = 0;
  let lastRoundAt = Number.NEGATIVE_INFINITY;
  /** Ends the wait for the gap between rounds early (stop()). */
  let wake: (() => void) | null = null;
  // Rounds run one at a time in this process (other processes are kept apart by the database).
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = tail.then(work);
    tail = result.catch(() => undefined);
    return result;
  }

  /** The subscribers' names as one parameter, so that a statement's text does not depend on how many there are. */
  const subscriberNames = () => JSON.stringify(subscribers.map((s) => s.name));

  /**
   * The fan-out, and which subscribers have a delivery due: one statement, its own transaction, so
   * that a round that finds nothing (the poll's, mostly) costs no more than it. The advisory lock
   * comes first (the picked rows join it), so fan-outs of several processes run one after another.
   * The statement's snapshot may predate the lock; `for update` re-reads each picked row once it is
   * locked, so an event another process dispatched meanwhile is left out rather than queued again.
   * `due` is read in the same snapshot, before this fan-out's deliveries exist: a fan-out claims
   * anyway. Something committed after the statement comes with its own nudge.
   */
  async function fanOut(): Promise<{ fannedOut: number; due: Set<string> }> {
    const result = await db.execute<{ fanned_out: number; due: string[] }>(
      named(
        'goc_events_fan_out',
        sql`
      with names as (select s.name from jsonb_array_elements_text(${subscriberNames()}::jsonb) as s(name)),
      fan_out_lock as materialized (select pg_advisory_xact_lock(${FAN_OUT_LOCK_KEY})),
      picked as (
        select e.id, e.resource, e.record_id from domain_events e cross join fan_out_lock
        where e.dispatched_at is null order by e.id limit ${settings.batchSize}
        for update of e),
      queued as (
        insert into event_deliveries (subscriber, event_id, resource, record_id)
        select s.name, p.id, p.resource, p.record_id from picked p cross join names s
        on conflict do nothing),
      dispatched as (update domain_events e set dispatched_at = now() from picked where e.id = picked.id returning e.id)
      select (select count(*) from dispatched)::int as fanned_out,
        array(select s.name from names s
          where exists (select 1 from event_deliveries d where d.subscriber = s.name and d.available_at <= now())) as due`,
      ),
    );
    const row = result.rows[0];
    return { fannedOut: Number(row?.fanned_out ?? 0), due: new Set(row?.due ?? []) };
  }

  /**
   * The deliveries due now, for every subscriber at once (one statement): per subscriber, the earliest
   * pending delivery of each record, at most a batch, locked (FOR UPDATE SKIP LOCKED) and leased.
   * `has_next` tells whether a later delivery of the same record waits behind the claimed one.
   */
  function claimStatement(): SQL {
    return named(
      'goc_events_claim',
      sql`
      with head as (
        select c.subscriber, c.event_id from jsonb_array_elements_text(${subscriberNames()}::jsonb) as s(name)
        cross join lateral (
          select d.subscriber, d.event_id from event_deliveries d
          where d.subscriber = s.name and d.available_at <= now()
            and not exists (
              select 1 from event_deliveries p
              where p.subscriber = d.subscriber and p.resource = d.resource and p.record_id = d.record_id and p.event_id < d.event_id)
          order by d.event_id
          limit ${settings.batchSize}
          for update of d skip locked) c)
      update event_deliveries d
      set available_at = now() + make_interval(secs => ${settings.leaseMs / 1000}), attempts = d.attempts + 1
      from head join domain_events e on e.id = head.event_id
      where d.subscriber = head.subscriber and d.event_id = head.event_id
      returning d.subscriber, e.id, e.type, e.resource, e.record_id, e.actor_id, e.from_status, e.to_status, e.changes, e.metadata, e.occurred_at,
        exists (
          select 1 from event_deliveries n
          where n.subscriber = d.subscriber and n.resource = d.resource and n.record_id = d.record_id and n.event_id > d.event_id) as has_next`,
    );
  }

  /** Claimed events by subscriber, in order; `more`: a batch was full or a record has a later event waiting. */
  async function claim(): Promise<{ bySubscriber: Map<string, DomainEvent[]>; more: boolean; nextOf: Set<number> }> {
    const bySubscriber = new Map<string, DomainEvent[]>();
    const nextOf = new Set<number>();
    if (subscribers.length === 0) return { bySubscriber, more: false, nextOf };
    const result = await db.execute<ClaimedRow>(claimStatement());
    for (const row of result.rows) {
      const event = toEvent(row);
      const events = bySubscriber.get(row.subscriber);
      if (events) events.push(event);
      else bySubscriber.set(row.subscriber, [event]);
      if (row.has_next) nextOf.add(event.id);
    }
    let more = false;
    for (const events of bySubscriber.values()) {
      events.sort((a, b) => a.id - b.id);
      if (events.length >= settings.batchSize) more = true;
    }
    return { bySubscriber, more, nextOf };
  }

  /** Hands each event to its subscriber, in order; returns the deliveries that succeeded (a failed one is pushed back). */
  async function deliverTo(subscriber: EventSubscriber, events: readonly DomainEvent[]): Promise<number[]> {
    const delivered: number[] = [];
    for (const event of events) {
      try {
        await subscriber.handle(event, { db });
        delivered.push(event.id);
      } catch (error) {
        log.error({ err: error, subscriber: subscriber.name, eventId: event.id }, 'un suscriptor de eventos falló; se reintentará');
        const message = error instanceof Error ? error.message : String(error);
        await db.execute(sql`
          update event_deliveries
          set available_at = now() + make_interval(secs => least(
                ${settings.retryBaseMs / 1000}::float8 * power(2, greatest(attempts - 1, 0)), ${settings.retryMaxMs / 1000}::float8)),
              last_error = ${message.slice(0, 2000)}
          where subscriber = ${subscriber.name} and event_id = ${event.id}`);
      }
    }
    return delivered;
  }

  /** The delivered events of every subscriber gone in one statement (its text does not depend on how many). */
  async function forget(delivered: readonly { subscriber: string; eventId: number }[]): Promise<void> {
    if (delivered.length === 0) return;
    await db.execute(
      named(
        'goc_events_forget',
        sql`
      delete from event_deliveries d
      using jsonb_to_recordset(${JSON.stringify(delivered)}::jsonb) as x("subscriber" text, "eventId" bigint)
      where d.subscriber = x."subscriber" and d.event_id = x."eventId"`,
      ),
    );
  }

  /** Delivered events past the retention; deliveries left by subscribers no process registers any more go with them. */
  async function purge(): Promise<void> {
    for (;;) {
      const result = await db.execute<{ id: string }>(sql`
        delete from domain_events where id in (
          select id from domain_events
          where dispatched_at is not null and occurred_at < now() - make_interval(days => ${settings.retentionDays})
            and not exists (
              select 1 from event_deliveries d
              where d.event_id = domain_events.id and d.subscriber in (select jsonb_array_elements_text(${subscriberNames()}::jsonb)))
          limit 5000)
        returning id`);
      if (result.rows.length < 5000) return;
    }
  }

  /**
   * One round; returns whether another may find work now: a batch was full, or a delivered event's
   * record has a later one waiting. What commits after the round's first statement comes with its own
   * nudge (this process's answer, another's notification, the poll).
   */
  async function round(): Promise<boolean> {
    const { fannedOut, due } = await fanOut();
    let more = fannedOut >= settings.batchSize;
    // A fan-out queues a delivery for every subscriber; without one, a claim only when some are due.
    if (fannedOut > 0 || due.size > 0) {
      const claimed = await claim();
      more ||= claimed.more;
      const delivered = await Promise.all(
        subscribers.map(async (subscriber) => {
          const ids = await deliverTo(subscriber, claimed.bySubscriber.get(subscriber.name) ?? []);
          return ids.map((eventId) => ({ subscriber: subscriber.name, eventId }));
        }),
      );
      const all = delivered.flat();
      await forget(all);
      more ||= all.some(({ eventId }) => claimed.nextOf.has(eventId));
    }
    if (Date.now() >= nextPurgeAt) {
      nextPurgeAt = Date.now() + settings.purgeEveryMs;
      await purge();
    }
    return more;
  }

  /** Until the gap since the last round has passed, or the dispatcher stops. */
  async function spaced(): Promise<void> {
    const wait = lastRoundAt + settings.roundGapMs - Date.now();
    if (wait <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake?.(), wait);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  }

  /**
   * Rounds until none leaves work due, and again if nudged meanwhile; one such loop at a time. A nudge
   * that came before a round started is that round's business: the round sees what it announced.
   * A round asked for by a nudge waits for the gap since the last one; work left by a round (a full
   * batch, a record's next event) goes on at once.
   */
  function nudge(): void {
    if (!started) return;
    if (active) {
      again = true;
      return;
    }
    again = true;
    active = (async () => {
      try {
        let more = false;
        while (started && (more || again)) {
          if (!more) await spaced();
          if (!started) break;
          again = false;
          lastRoundAt = Date.now();
          more = await exclusive(round);
        }
      } catch (error) {
        log.error({ err: error }, 'la entrega de eventos falló; se reintentará');
      } finally {
        active = null;
      }
    })();
  }

  /** A connection of its own, outside the pool, so listening never takes a slot from requests. */
  async function listen(): Promise<void> {
    if (database.driver.kind !== 'postgres' || !started) return;
    const client = new pg.Client(database.driver.client.options);
    client.on('notification', nudge);
    client.on('error', () => {
      // Polling covers the gap until the next poll listens again.
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
    });
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (!started) {
      await client.end();
      return;
    }
    listener = client;
  }

  return {
    async start() {
      started = true;
      nextPurgeAt = 0;
      await listen();
      poll = setInterval(() => {
        if (!listener) listen().catch((error: unknown) => log.error({ err: error }, 'no se pudo escuchar los eventos'));
        nudge();
      }, settings.pollMs);
      poll.unref();
      nudge();
    },
    async stop() {
      started = false;
      wake?.();
      if (poll) clearInterval(poll);
      poll = null;
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      }
      await active;
      await tail;
    },
    nudge,
    async drain() {
      while (await exclusive(round));
    },
  };
}
