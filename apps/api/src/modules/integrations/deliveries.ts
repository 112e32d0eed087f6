import { and, eq, inArray, sql } from 'drizzle-orm';
import { can } from '@goc/contracts';
import type { WebhookSettings } from './settings';
import type { Db, Executor } from '../../db/client';
import { keptSelect } from '../../db/kept-select';
import { jobs, users, webhookDeliveries, webhooks } from '../../db/schema';
import { personNames } from '../../lib/crud/people';
import type { ResourceService } from '../../lib/crud/service';
import type { Actor } from '../../lib/crud/types';
import { writeEvent } from '../../lib/events/outbox';
import type { DomainEvent, EventSubscriber } from '../../lib/events/types';
import { retryDelayMs } from '../../lib/jobs/backoff';
import { insertJobs } from '../../lib/jobs/store';
import type { NewJob, QueueDefinition } from '../../lib/jobs/types';
import { loadRolePermissions } from '../../lib/permissions';
import { webhookEventName } from './event-names';
import { send, type AttemptResult } from './sender';

/*
 * Webhook deliveries (docs/integrations.md). A domain-event subscriber turns each committed event
 * into one delivery row per active webhook listening to it, carrying what the webhook's creator may
 * read — nothing for a record they may not open — and queues each row's sending on lib/jobs in the
 * same transaction. Items of one webhook and record run in order; a lease keeps several processes from
 * sending one delivery at once while it succeeds.
 */

export const DEFAULT_WEBHOOK_SETTINGS: Omit<WebhookSettings, 'resolve' | 'now'> = {
  allowPrivate: false,
  // 8 attempts over about 22 h: 1 min, 5 min, 30 min, 1 h, 3 h, 6 h, 12 h after each failure.
  retryDelaysMs: [60_000, 300_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000],
  timeoutMs: 10_000,
  deactivateAfterMs: 3 * 24 * 3_600_000,
};

/** The event of a test delivery (POST /webhooks/:id/test). */
export const TEST_EVENT = 'webhooks.test';
/** The outbox event written when a failing webhook is deactivated (the notifications module tells its creator). */
export const DEACTIVATED_EVENT = 'webhooks.deactivated';

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
export function deliveryQueue(resources: ReadonlyMap<string, ResourceService>, settings: WebhookSettings): EventSubscriber {
  return {
    name: 'integrations.webhooks',
    async handle(event: DomainEvent, { db }) {
      const named = webhookEventName(event, resources);
      const service = resources.get(event.resource);
      if (!named || !service) return;
      const listening = await webhooksListening(db, { events: JSON.stringify([named.name]) });
      if (listening.length === 0) return;
      const actorName = event.actorId === null ? null : ((await personNames(db, [event.actorId])).get(event.actorId) ?? null);
      const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
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
      // A subscriber's retry finds its rows written: only the new ones are queued.
      await db.transaction(async (tx) => {
        const written = await tx
          .insert(webhookDeliveries)
          .values(rows)
          .onConflictDoNothing()
          .returning({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId, resource: webhookDeliveries.resource, recordId: webhookDeliveries.recordId });
        await queueDeliveries(tx, written);
      });
    },
  };
}

/** The queue of webhook deliveries (lib/jobs): one item per delivery row. */
export const WEBHOOK_QUEUE = 'integrations.webhook-deliveries';

/**
 * Items of one webhook and record share a key: they run one after another in the order queued, and
 * a delivery whose attempts are spent (dead) no longer holds back the later ones.
 */
const deliveryJob = (row: { id: number; webhookId: number; resource: string; recordId: number }): NewJob => ({
  key: `${String(row.webhookId)}:${row.resource}:${String(row.recordId)}`,
  payload: { deliveryId: row.id },
});

/** Queues the sending of these delivery rows (with the executor that wrote them). */
export async function queueDeliveries(executor: Executor, rows: readonly { id: number; webhookId: number; resource: string; recordId: number }[]): Promise<void> {
  await insertJobs(executor, WEBHOOK_QUEUE, rows.map(deliveryJob));
}

type Due = {
  id: number;
  webhookId: number;
  deliveryKey: string;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
};

/**
 * Sends one delivery and writes what happened on its row: attempts, status, the receiver's answer,
 * when the next attempt is due; a webhook failing for `deactivateAfterMs` is deactivated (its
 * creator is told through the outbox). `final`: no attempt follows a failure (a test, or the last).
 */
export async function attempt(db: Db, row: Due, settings: WebhookSettings, final: boolean, signal?: AbortSignal): Promise<AttemptResult> {
  const result = await send(
    { url: row.url, secret: row.secret, event: row.event, deliveryKey: row.deliveryKey, body: JSON.stringify(row.payload), nowMs: settings.now() },
    settings,
    signal,
  );
  const now = settings.now();
  const attempts = row.attempts + 1;
  const isTest = row.event === TEST_EVENT;
  await db.transaction(async (tx) => {
    // Only while the row is still as read (the same attempt count and still pending).
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        attempts,
        status: result.ok ? 'succeeded' : final ? 'failed' : 'pending',
        nextAttemptAt: result.ok || final ? null : new Date(now + retryDelayMs({ delaysMs: settings.retryDelaysMs }, attempts)),
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
      await tx.update(webhooks).set({ failingSince: null }).where(and(eq(webhooks.id, row.webhookId), sql`${webhooks.failingSince} is not null`));
      return;
    }
    const [hook] = await tx
      .update(webhooks)
      .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${new Date(now)})` })
      .where(eq(webhooks.id, row.webhookId))
      .returning({ failingSince: webhooks.failingSince, active: webhooks.active, createdById: webhooks.createdById, url: webhooks.url });
    if (hook?.active && hook.failingSince && now - hook.failingSince.getTime() >= settings.deactivateAfterMs) {
      await tx.update(webhooks).set({ active: false, version: sql`${webhooks.version} + 1` }).where(eq(webhooks.id, row.webhookId));
      await writeEvent(tx, {
        type: DEACTIVATED_EVENT,
        resource: 'webhooks',
        recordId: row.webhookId,
        actorId: null,
        metadata: { createdById: hook.createdById, url: hook.url },
      });
    }
  });
  return result;
}

/** A pending delivery with its webhook's address and secret; null when sent already, gone or its webhook is off. */
export async function dueDelivery(db: Db, deliveryId: number): Promise<Due | null> {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.webhookId,
      deliveryKey: webhookDeliveries.deliveryKey,
      event: webhookDeliveries.event,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
      url: webhooks.url,
      secret: webhooks.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, and(eq(webhooks.id, webhookDeliveries.webhookId), eq(webhooks.active, true)))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')))
    .limit(1);
  return row ?? null;
}

/**
 * The deliveries queue. A failed send is a failed attempt of its item, retried on the webhook
 * schedule (`retryDelaysMs`); after the last one the row is `failed` and the item dead, with the
 * receiver's answer as its error. A delivery of an inactive webhook stays pending and its item
 * ends: reactivating the webhook queues it again (`requeueWebhook`).
 */
export function deliveryQueueDefinition(settings: WebhookSettings): QueueDefinition<{ deliveryId: number }> {
  const maxAttempts = settings.retryDelaysMs.length + 1;
  return {
    name: WEBHOOK_QUEUE,
    maxAttempts,
    // Beyond the receiver's own timeout: resolving the name and recording the answer.
    timeoutMs: settings.timeoutMs + 15_000,
    backoff: { delaysMs: settings.retryDelaysMs },
    async handle({ deliveryId }, { db, attempt: number, signal }) {
      const row = await dueDelivery(db, deliveryId);
      if (!row) return;
      const result = await attempt(db, row, settings, number >= maxAttempts, signal);
      if (!result.ok) throw new Error(result.error ?? `El receptor respondió ${String(result.statusCode)}`);
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

/**
 * Back to pending, its attempts counted afresh, and queued: the same GOC-Delivery, sent again. A dead
 * item of it (its attempts spent) goes: the new one replaces it.
 */
export async function requeue(db: Db, webhookId: number, deliveryId: number, nowMs: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(nowMs), lastError: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId), inArray(webhookDeliveries.status, ['succeeded', 'failed'])))
      .returning();
    if (!row) return null;
    await tx.delete(jobs).where(and(eq(jobs.queue, WEBHOOK_QUEUE), eq(jobs.state, 'dead'), sql`${jobs.payload}->>'deliveryId' = ${String(deliveryId)}`));
    await queueDeliveries(tx, [row]);
    return row;
  });
}

/** A webhook active again: its deliveries left pending while it was off are queued (those without an item). */
export async function requeueWebhook(executor: Executor, webhookId: number): Promise<void> {
  const waiting = await executor
    .select({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId, resource: webhookDeliveries.resource, recordId: webhookDeliveries.recordId })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.status, 'pending'),
        sql`not exists (select 1 from ${jobs} where ${jobs.queue} = ${WEBHOOK_QUEUE} and ${jobs.state} = 'pending' and ${jobs.payload}->>'deliveryId' = ${webhookDeliveries.id}::text)`,
      ),
    )
    .orderBy(webhookDeliveries.id);
  await queueDeliveries(executor, waiting);
}
