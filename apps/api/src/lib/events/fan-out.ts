import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { QueueDefinition } from '../jobs/types';
import type { DomainEvent, DomainEventType, EventSubscriber } from './types';

/** Serialises the fan-out and the subscribers' registration across API processes (migrate.ts holds 4_710_001). */
export const FAN_OUT_LOCK_KEY = 4_710_002;

export interface EventSettings {
  /** Dispatched events older than this are purged. */
  retentionDays: number;
  /** A subscriber's attempts at one event before it is dead (it no longer holds the record's later events). */
  maxAttempts: number;
  /** A handler that runs longer fails its attempt. */
  timeoutMs: number;
  /** Back-off after a failed attempt: retryBaseMs × 2^(attempts − 1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Events queued per fan-out statement. */
  batchSize: number;
  /** How often this process tells the database its subscribers are alive, and purges. */
  registerEveryMs: number;
  /** A subscriber no process has registered for this long gets no more jobs (its code is gone). */
  subscriberExpiryMs: number;
  /**
   * A subscriber the database sees for the first time also gets the events dispatched this recently:
   * those that old processes fanned out while the deploy that brought it was rolling.
   */
  backfillMs: number;
}

export const DEFAULT_EVENT_SETTINGS: Omit<EventSettings, 'retentionDays'> = {
  // 1 s doubling up to 5 min: 15 attempts span about 40 minutes.
  maxAttempts: 15,
  timeoutMs: 30_000,
  retryBaseMs: 1_000,
  retryMaxMs: 300_000,
  batchSize: 200,
  registerEveryMs: 300_000,
  subscriberExpiryMs: 24 * 3_600_000,
  backfillMs: 3_600_000,
};

/** The queue of one subscriber's deliveries. */
export const subscriberQueue = (name: string) => `events:${name}`;

/** The event as the fan-out stores it in a job's payload (the row, without `dispatched_at`). */
interface EventPayload extends Record<string, unknown> {
  id: number;
  type: string;
  resource: string;
  record_id: number;
  actor_id: number | null;
  from_status: string | null;
  to_status: string | null;
  changes: DomainEvent['changes'];
  metadata: DomainEvent['metadata'];
  occurred_at: string;
}

function toEvent(row: EventPayload): DomainEvent {
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

/** A subscriber as a queue: one job per event, keyed by its record so that per record the order holds. */
export function subscriberDefinition(subscriber: EventSubscriber, settings: EventSettings): QueueDefinition<EventPayload> {
  return {
    name: subscriberQueue(subscriber.name),
    handle: (payload, { db }) => subscriber.handle(toEvent(payload), { db }),
    maxAttempts: settings.maxAttempts,
    timeoutMs: settings.timeoutMs,
    backoff: { baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs },
  };
}

/**
 * Turns committed events into jobs, one per live subscriber (those in `event_subscribers` that some
 * process registered lately — not only this process's), and keeps this process's subscribers there.
 * Both run under one advisory lock, in a transaction whose statements start after it, so a
 * registration and a fan-out never miss each other. Scanning by flag, not by a cursor, means an
 * event whose transaction commits late is never skipped.
 */
export function createEventFeed(database: Database, subscribers: readonly EventSubscriber[], settings: EventSettings) {
  const { db } = database;
  let registeredAt = Number.NEGATIVE_INFINITY;
  const names = () => JSON.stringify(subscribers.map((s) => s.name));

  /** This process's subscribers marked alive; one new to the database gets the recent events too. */
  async function register(): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FAN_OUT_LOCK_KEY})`);
      await tx.execute(sql`
        with names as (select s.name from jsonb_array_elements_text(${names()}::jsonb) as s(name)),
        fresh as (
          select n.name from names n left join event_subscribers k on k.name = n.name
          where k.name is null or k.seen_at <= now() - make_interval(secs => ${settings.subscriberExpiryMs / 1000}::float8)),
        backfill as (
          insert into jobs (queue, key, payload)
          select 'events:' || f.name, e.resource || ':' || e.record_id, to_jsonb(e) - 'dispatched_at'
          from domain_events e cross join fresh f
          where e.dispatched_at is not null and e.occurred_at > now() - make_interval(secs => ${settings.backfillMs / 1000}::float8)
          order by e.id)
        insert into event_subscribers (name, seen_at) select name, now() from names
        on conflict (name) do update set seen_at = excluded.seen_at`);
    });
  }

  /** Dispatched events past the retention (their jobs carry the event: those still owed keep it). */
  async function purge(): Promise<void> {
    for (;;) {
      const result = await db.execute<{ id: string }>(sql`
        delete from domain_events where id in (
          select id from domain_events
          where dispatched_at is not null and occurred_at < now() - make_interval(days => ${settings.retentionDays})
          limit 5000)
        returning id`);
      if (result.rows.length < 5000) return;
    }
  }

  /** One batch of undispatched events queued for every live subscriber; resolves to how many. */
  async function fanOutBatch(): Promise<number> {
    // Mostly nothing to do (the poll, a write whose events another process took): no transaction then.
    const waiting = await db.execute<{ any: boolean }>(sql`select exists (select 1 from domain_events where dispatched_at is null) as any`);
    if (!waiting.rows[0]?.any) return 0;
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FAN_OUT_LOCK_KEY})`);
      const result = await tx.execute<{ fanned_out: number }>(sql`
        with live as (
          select name from event_subscribers where seen_at > now() - make_interval(secs => ${settings.subscriberExpiryMs / 1000}::float8)),
        picked as (
          select e.* from domain_events e where e.dispatched_at is null order by e.id limit ${settings.batchSize} for update of e),
        queued as (
          insert into jobs (queue, key, payload)
          select 'events:' || l.name, p.resource || ':' || p.record_id, to_jsonb(p) - 'dispatched_at'
          from picked p cross join live l order by p.id),
        dispatched as (update domain_events e set dispatched_at = now() from picked where e.id = picked.id returning e.id)
        select count(*)::int as fanned_out from dispatched`);
      return Number(result.rows[0]?.fanned_out ?? 0);
    });
  }

  return {
    /** The runner's feeder: registration when due, the fan-out until nothing waits, then the purge when due. */
    async feed(): Promise<boolean> {
      const due = Date.now() - registeredAt >= settings.registerEveryMs;
      if (due) {
        registeredAt = Date.now();
        await register();
      }
      let total = 0;
      for (;;) {
        const n = await fanOutBatch();
        total += n;
        if (n < settings.batchSize) break;
      }
      if (due) await purge();
      return total > 0;
    },
  };
}

