import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { can } from '@goc/contracts';
import type { WebhookSettings } from '../../config';
import type { Db } from '../../db/client';
import { keptSelect } from '../../db/kept-select';
import { users, webhookDeliveries, webhooks } from '../../db/schema';
import { personNames } from '../../lib/crud/people';
import type { ResourceService } from '../../lib/crud/service';
import type { Actor } from '../../lib/crud/types';
import { writeEvent } from '../../lib/events/outbox';
import type { DomainEvent, EventSubscriber } from '../../lib/events/types';
import { loadRolePermissions } from '../../lib/permissions';
import { webhookEventName } from './event-names';
import { send, type AttemptResult } from './sender';

/*
 * Webhook deliveries (docs/integrations.md). A domain-event subscriber turns each committed event
 * into one delivery row per active webhook listening to it, carrying what the webhook's creator may
 * read — nothing for a record they may not open. A worker then POSTs due rows: each process claims
 * rows with FOR UPDATE SKIP LOCKED and a lease, only the earliest pending row of each record and
 * webhook (per-record order), so several processes never send one event twice while it succeeds.
 */

export const DEFAULT_WEBHOOK_SETTINGS: Omit<WebhookSettings, 'resolve' | 'now'> = {
  allowPrivate: false,
  // 8 attempts over about 22 h: 1 min, 5 min, 30 min, 1 h, 3 h, 6 h, 12 h after each failure.
  retryDelaysMs: [60_000, 300_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000],
  timeoutMs: 10_000,
  deactivateAfterMs: 3 * 24 * 3_600_000,
  pollMs: 5_000,
  leaseMs: 120_000,
};

/** The event of a test delivery (POST /webhooks/:id/test). */
export const TEST_EVENT = 'webhooks.test';
/** The outbox event written when a failing webhook is deactivated (the notifications module tells its creator). */
export const DEACTIVATED_EVENT = 'webhooks.deactivated';

const CLAIM_BATCH = 50;

/** The webhook's creator as an actor with their role's permissions now; null when inactive or gone. */
async function creatorActor(db: Db, userId: number): Promise<Actor | null> {
  const [row] = await db.select({ roleId: users.roleId, active: users.active }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.active) return null;
  return { userId, ip: '', permissions: await loadRolePermissions(db, row.roleId) };
}

/** The active webhooks subscribed to an event (its name as a one-item JSON array): read for every event committed, so built once. */
const webhooksListening = keptSelect('goc_listening_webhooks', (executor) =>
  executor
    .select({ id: webhooks.id, createdById: webhooks.createdById })
    .from(webhooks)
    .where(and(eq(webhooks.active, true), sql`${webhooks.events} @> ${sql.placeholder('events')}::jsonb`)),
);

/** The subscriber that queues deliveries for a committed event (idempotent: one row per event and webhook). */
export function deliveryQueue(resources: ReadonlyMap<string, ResourceService>, settings: WebhookSettings, nudge: () => void): EventSubscriber {
  return {
    name: 'integrations.webhooks',
    async handle(event: DomainEvent, { db }) {
      const named = webhookEventName(event, resources);
      const service = resources.get(event.resource);
      if (!named || !service) return;
      const listening = await webhooksListening(db, { events: JSON.stringify([named.name]) });
      if (listening.length === 0) return;
      const actorName = event.actorId === null ? null : ((await personNames(db, [event.actorId])).get(event.actorId) ?? null);
      const rows = [];
      for (const hook of listening) {
        const creator = await creatorActor(db, hook.createdById);
        if (!creator) continue;
        let record: Record<string, unknown> | null = null;
        if (event.type === 'record.deleted') {
          // The record is gone: its creator must at least read the resource's module.
          if (!can(creator.permissions, service.resource.module, 'view')) continue;
        } else {
          record = await service.readable(db, creator, event.recordId);
          if (!record) continue;
        }
        const payload = {
          id: String(event.id),
          event: named.name,
          occurredAt: event.occurredAt.toISOString(),
          resource: named.resource,
          recordId: event.recordId,
          actor: event.actorId === null ? null : { id: event.actorId, name: actorName },
          data: { record, changes: event.changes ?? null, fromStatus: event.fromStatus, toStatus: event.toStatus, metadata: event.metadata ?? null },
        };
        rows.push({
          webhookId: hook.id,
          eventId: event.id,
          deliveryKey: String(event.id),
          event: named.name,
          resource: named.resource,
          recordId: event.recordId,
          payload,
          nextAttemptAt: new Date(settings.now()),
        });
      }
      if (rows.length === 0) return;
      await db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
      nudge();
    },
  };
}

type Claimed = {
  id: number;
  webhook_id: number;
  delivery_key: string;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
};

export interface Deliverer {
  start(): void;
  stop(): Promise<void>;
  /** Look for due deliveries now. */
  nudge(): void;
  /** Sends everything due now, round after round, until nothing is (tests; the test button). */
  drain(): Promise<void>;
  /** Sends these deliveries now if they are due (the test button waits for its answer). */
  sendNow(ids: readonly number[]): Promise<void>;
}

export function createDeliverer(db: Db, settings: WebhookSettings, log: FastifyBaseLogger): Deliverer {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  /** Claims due rows (all of them, or these ids), each the earliest pending of its record and webhook. */
  async function claim(ids?: readonly number[]): Promise<Claimed[]> {
    const now = new Date(settings.now());
    const leaseUntil = new Date(settings.now() + settings.leaseMs);
    const only = ids ? sql`and c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
    const result = await db.execute<Claimed>(sql`
      with due as (
        select c.id from webhook_deliveries c
        join webhooks w on w.id = c.webhook_id and w.active
        where c.status = 'pending' and c.next_attempt_at <= ${now} ${only}
          and not exists (
            select 1 from webhook_deliveries e
            where e.webhook_id = c.webhook_id and e.resource = c.resource and e.record_id = c.record_id
              and e.status = 'pending' and e.id < c.id)
        order by c.id
        limit ${CLAIM_BATCH}
        for update of c skip locked
      )
      update webhook_deliveries d set next_attempt_at = ${leaseUntil}
      from due, webhooks w
      where d.id = due.id and w.id = d.webhook_id and d.status = 'pending' and d.next_attempt_at <= ${now}
      returning d.id, d.webhook_id, d.delivery_key, d.event, d.payload, d.attempts, w.url, w.secret`);
    return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async function record(row: Claimed, result: AttemptResult): Promise<void> {
    const now = settings.now();
    const attempts = row.attempts + 1;
    const isTest = row.event === TEST_EVENT;
    const exhausted = isTest || attempts > settings.retryDelaysMs.length;
    await db.transaction(async (tx) => {
      // Only while the claim is still ours (the same attempt count and still pending).
      const [updated] = await tx
        .update(webhookDeliveries)
        .set({
          attempts,
          status: result.ok ? 'succeeded' : exhausted ? 'failed' : 'pending',
          nextAttemptAt: result.ok || exhausted ? null : new Date(now + settings.retryDelaysMs[attempts - 1]!),
          lastStatusCode: result.statusCode,
          lastError: result.error,
          durationMs: result.durationMs,
          lastAttemptAt: new Date(now),
          deliveredAt: result.ok ? new Date(now) : null,
        })
        .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, row.attempts), eq(webhookDeliveries.status, 'pending')))
        .returning({ id: webhookDeliveries.id });
      if (!updated || isTest) return;
      if (result.ok) {
        await tx.update(webhooks).set({ failingSince: null }).where(and(eq(webhooks.id, row.webhook_id), sql`${webhooks.failingSince} is not null`));
        return;
      }
      const [hook] = await tx
        .update(webhooks)
        .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${new Date(now)})` })
        .where(eq(webhooks.id, row.webhook_id))
        .returning({ failingSince: webhooks.failingSince, active: webhooks.active, createdById: webhooks.createdById, url: webhooks.url });
      if (hook?.active && hook.failingSince && now - hook.failingSince.getTime() >= settings.deactivateAfterMs) {
        await tx.update(webhooks).set({ active: false, version: sql`${webhooks.version} + 1` }).where(eq(webhooks.id, row.webhook_id));
        await writeEvent(tx, {
          type: DEACTIVATED_EVENT,
          resource: 'webhooks',
          recordId: row.webhook_id,
          actorId: null,
          metadata: { createdById: hook.createdById, url: hook.url },
        });
      }
    });
  }

  async function deliver(rows: Claimed[]): Promise<void> {
    await Promise.all(
      rows.map(async (row) => {
        const result = await send(
          { url: row.url, secret: row.secret, event: row.event, deliveryKey: row.delivery_key, body: JSON.stringify(row.payload), nowMs: settings.now() },
          settings,
        );
        await record(row, result);
      }),
    );
  }

  async function round(): Promise<void> {
    do {
      again = false;
      let rows: Claimed[];
      do {
        rows = await claim();
        await deliver(rows);
      } while (rows.length === CLAIM_BATCH);
    } while (again);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err: unknown) => log.error({ err }, 'Falló el envío de webhooks; se reintentará'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, settings.pollMs);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    nudge() {
      if (!stopped) void run();
    },
    async drain() {
      await run();
      // A round already under way may have started before the newest rows: run once more.
      await run();
    },
    async sendNow(ids) {
      if (ids.length === 0) return;
      await deliver(await claim(ids));
    },
  };
}

/** Deliveries of a webhook, the newest first. */
export async function listDeliveries(db: Db, webhookId: number, limit = 100) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(sql`${webhookDeliveries.id} desc`)
    .limit(limit);
}

/** Back to pending, due now, its attempts counted afresh: the same GOC-Delivery, sent again. */
export async function requeue(db: Db, webhookId: number, deliveryId: number, nowMs: number) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(nowMs), lastError: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId), inArray(webhookDeliveries.status, ['succeeded', 'failed'])))
    .returning();
  return row ?? null;
}
