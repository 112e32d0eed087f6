import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  INTEGRATION_MESSAGES,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookUpdate,
} from '@goc/contracts';
import type { WebhookSettings } from './settings';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhooks } from '../../db/schema';
import { detailChange, recordAudit } from '../../lib/audit';
import { personNames } from '../../lib/crud/people';
import type { Actor } from '../../lib/crud/types';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import { checkUrl, resolveTarget, TargetRefused } from './address-guard';
import { requeueWebhook, TEST_EVENT } from './deliveries';

const AUDIT_ENTITY = 'webhooks';

type WebhookRow = typeof webhooks.$inferSelect;

/** The URL refused with 422 and a Spanish reason, as the delivery would refuse it (resolved now). */
async function assertDestination(url: string, settings: WebhookSettings): Promise<void> {
  try {
    await resolveTarget(checkUrl(url, settings.allowPrivate), settings.allowPrivate, settings.resolve);
  } catch (error) {
    if (error instanceof TargetRefused) throw new AppError(422, error.message, { fields: { url: error.message } });
    throw error;
  }
}

function assertEvents(events: readonly string[], known: ReadonlySet<string>): string[] {
  const unknown = events.find((e) => !known.has(e));
  if (unknown !== undefined) {
    const message = INTEGRATION_MESSAGES.webhookEventUnknown(unknown);
    throw new AppError(422, message, { fields: { events: message } });
  }
  return [...new Set(events)];
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

async function toWebhooks(db: Db, rows: WebhookRow[]): Promise<Webhook[]> {
  const names = await personNames(
    db,
    rows.map((r) => r.createdById),
  );
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: r.events,
    description: r.description,
    active: r.active,
    failingSince: r.failingSince?.toISOString() ?? null,
    createdBy: names.get(r.createdById) ?? null,
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  }));
}

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  return toWebhooks(db, await db.select().from(webhooks).orderBy(asc(webhooks.id)));
}

async function findRow(db: Db, id: number): Promise<WebhookRow> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!row) throw new NotFoundError(INTEGRATION_MESSAGES.webhookNotFound);
  return row;
}

export async function getWebhook(db: Db, id: number): Promise<Webhook> {
  return (await toWebhooks(db, [await findRow(db, id)]))[0]!;
}

export async function createWebhook(db: Db, actor: Actor, input: WebhookCreate, known: ReadonlySet<string>, settings: WebhookSettings): Promise<WebhookCreated> {
  const events = assertEvents(input.events, known);
  await assertDestination(input.url, settings);
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhooks)
      .values({ url: input.url, events, description: input.description ?? null, secret, createdById: actor.userId })
      .returning();
    await recordAudit(tx, {
      userId: actor.userId,
      action: 'create',
      entity: AUDIT_ENTITY,
      entityId: created!.id,
      ip: actor.ip,
      changes: { ...detailChange('url', null, input.url), ...detailChange('events', null, events) },
    });
    return created!;
  });
  return { ...(await toWebhooks(db, [row]))[0]!, secret };
}

export async function updateWebhook(db: Db, actor: Actor, id: number, input: WebhookUpdate, known: ReadonlySet<string>, settings: WebhookSettings): Promise<Webhook> {
  const events = input.events === undefined ? undefined : assertEvents(input.events, known);
  if (input.url !== undefined) await assertDestination(input.url, settings);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhooks).where(eq(webhooks.id, id)).for('update');
    if (!before) throw new NotFoundError(INTEGRATION_MESSAGES.webhookNotFound);
    if (before.version !== input.version) throw new ConflictError(INTEGRATION_MESSAGES.webhookChanged);
    const set: Partial<typeof webhooks.$inferInsert> = { version: before.version + 1 };
    if (input.url !== undefined) set.url = input.url;
    if (events !== undefined) set.events = events;
    if (input.description !== undefined) set.description = input.description;
    if (input.active !== undefined) {
      set.active = input.active;
      // Switched back on: the three days of failures start over.
      if (input.active && !before.active) set.failingSince = null;
    }
    const [after] = await tx.update(webhooks).set(set).where(eq(webhooks.id, id)).returning();
    // What waited while it was off goes out now, in order.
    if (after!.active && !before.active) await requeueWebhook(tx, id);
    const differs = (key: 'url' | 'events' | 'description' | 'active') => JSON.stringify(before[key]) !== JSON.stringify(after![key]);
    const changes = {
      ...(differs('url') ? detailChange('url', before.url, after!.url) : {}),
      ...(differs('events') ? detailChange('events', before.events, after!.events) : {}),
      ...(differs('description') ? detailChange('description', before.description, after!.description) : {}),
      ...(differs('active') ? detailChange('active', before.active, after!.active) : {}),
    };
    await recordAudit(tx, { userId: actor.userId, action: 'update', entity: AUDIT_ENTITY, entityId: id, ip: actor.ip, changes });
    return after!;
  });
  return (await toWebhooks(db, [row]))[0]!;
}

/**
 * A new signing secret, in force from the next attempt (deliveries read it as they sign); the old
 * one stops verifying at once. Audited without either secret; the new one is shown this once.
 */
export async function rotateSecret(db: Db, actor: Actor, id: number, version: number): Promise<WebhookCreated> {
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select({ version: webhooks.version }).from(webhooks).where(eq(webhooks.id, id)).for('update');
    if (!before) throw new NotFoundError(INTEGRATION_MESSAGES.webhookNotFound);
    if (before.version !== version) throw new ConflictError(INTEGRATION_MESSAGES.webhookChanged);
    const [after] = await tx.update(webhooks).set({ secret, version: before.version + 1 }).where(eq(webhooks.id, id)).returning();
    await recordAudit(tx, { userId: actor.userId, action: 'secret.rotated', entity: AUDIT_ENTITY, entityId: id, ip: actor.ip });
    return after!;
  });
  return { ...(await toWebhooks(db, [row]))[0]!, secret };
}

export async function deleteWebhook(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning({ url: webhooks.url });
    if (!gone) throw new NotFoundError(INTEGRATION_MESSAGES.webhookNotFound);
    await recordAudit(tx, { userId: actor.userId, action: 'delete', entity: AUDIT_ENTITY, entityId: id, ip: actor.ip, changes: detailChange('url', gone.url, null) });
  });
}

/** A test delivery, due now: `{ id: "test-…", event: "webhooks.test" }` with the usual headers. */
export async function queueTest(db: Db, id: number, nowMs: number): Promise<number> {
  const row = await findRow(db, id);
  if (!row.active) throw new ConflictError(INTEGRATION_MESSAGES.webhookInactive);
  const key = `test-${randomBytes(8).toString('hex')}`;
  const [created] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: id,
      deliveryKey: key,
      event: TEST_EVENT,
      resource: 'webhooks',
      recordId: id,
      payload: { id: key, event: TEST_EVENT, occurredAt: new Date(nowMs).toISOString(), resource: 'webhooks', recordId: id, actor: null, data: { message: 'Prueba de GOC' } },
      nextAttemptAt: new Date(nowMs),
    })
    .returning({ id: webhookDeliveries.id });
  return created!.id;
}

export function toDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    deliveryId: row.deliveryKey,
    event: row.event,
    resource: row.resource,
    recordId: row.recordId,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    durationMs: row.durationMs,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDeliveryDetail(row: typeof webhookDeliveries.$inferSelect): WebhookDeliveryDetail {
  return { ...toDelivery(row), payload: row.payload };
}

export async function findDelivery(db: Db, webhookId: number, deliveryId: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)));
  return row ?? null;
}
