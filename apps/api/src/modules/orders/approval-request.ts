import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allows, APPROVAL_MESSAGES, APPROVAL_PERMISSION, approvalRequestInputSchema, orderApprovalSchema, ordersResource, type PermissionRequirement } from '@goc/contracts';
import type { Db } from '../../db/client';
import { orderStatuses, orders } from '../../db/schema';
import { detailChange } from '../../lib/audit';
import { actorOf } from '../../lib/crud/actor';
import { idParamsSchema } from '../../lib/crud/routes';
import type { ResourceService } from '../../lib/crud/service';
import { statusByCode } from '../../lib/crud/statuses';
import type { Actor } from '../../lib/crud/types';
import { ConflictError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { recordChange } from '../../lib/record-change';
import { approvalReasonsOf } from './purchasing';

/*
 * Approval requests (docs/orders.md): what a sent order needs from Dirección, read before anyone clicks
 * Autorizar, and purchasing's request to Dirección with a comment — audited on the order, a timeline
 * entry (the status stays «Enviado») and a domain event the notifications turn into a message to
 * whoever holds Aprobación de pedidos.
 */

const tags = [ordersResource.title];
/** Asking Dirección is purchasing's step before authorising: Histórico edit. */
const purchasing: PermissionRequirement = { module: 'history', action: 'edit' };
const read = [
  { module: 'my_orders', action: 'view' },
  { module: 'history', action: 'view' },
] as const;

/** The audit action (and domain event type) of a request. */
export const APPROVAL_REQUESTED = 'approval.requested';

/** Records the request inside one transaction, the order row locked: a sent order that needs Dirección, else 409. */
async function requestApproval(db: Db, service: ResourceService<typeof ordersResource>, actor: Actor, id: number, comment: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
    const order = await service.get(tx, actor, id);
    if (order.status.code !== 'enviado') throw new ConflictError(APPROVAL_MESSAGES.notSent(order.status.name));
    const reasons = (await approvalReasonsOf(tx, order)).map((r) => r.message);
    if (reasons.length === 0) throw new ConflictError(APPROVAL_MESSAGES.nothingNeeded);
    const sent = await statusByCode(tx, orderStatuses, 'enviado');
    await recordChange(
      tx,
      { userId: actor.userId, action: APPROVAL_REQUESTED, entity: 'orders', entityId: id, changes: detailChange('approvalRequest', null, { reasons, comment }), ip: actor.ip },
      { type: 'orders.approval_requested', metadata: { reasons, comment } },
      { fromStatusId: sent.id, toStatusId: sent.id, comment: APPROVAL_MESSAGES.requestNote(reasons, comment) },
    );
  });
}

/** GET /orders/:id/approval and POST /orders/:id/approval-request. */
export function registerApprovalRoutes(instance: FastifyInstance, service: ResourceService<typeof ordersResource>): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/orders/:id/approval', {
    config: { permission: read },
    schema: {
      operationId: 'getOrderApproval',
      tags,
      summary: 'Lo que un pedido enviado necesita de Dirección para autorizarse (límite de aprobación, presupuesto)',
      params: idParamsSchema,
      response: { 200: orderApprovalSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const actor = await actorOf(request);
      const order = await service.get(app.db, actor, request.params.id);
      return { reasons: await approvalReasonsOf(app.db, order), canApprove: allows(actor, APPROVAL_PERMISSION) };
    },
  });

  app.post('/orders/:id/approval-request', {
    config: { permission: purchasing },
    schema: {
      operationId: 'requestOrderApproval',
      tags,
      summary: 'Solicitar a Dirección la aprobación de un pedido enviado que la requiere, con un comentario',
      params: idParamsSchema,
      body: approvalRequestInputSchema,
      response: { 204: z.null().describe('Solicitud registrada'), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await requestApproval(app.db, service, await actorOf(request), request.params.id, request.body.comment);
      return reply.status(204).send(null);
    },
  });
}
