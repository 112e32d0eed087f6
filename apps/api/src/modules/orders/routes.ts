import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessToday, ORDER_MESSAGES, orderBudgetQuerySchema, orderBudgetSchema, ordersResource, type OrderEntity } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { companies, works } from '../../db/schema';
import { actorOf } from '../../lib/crud/actor';
import { resourceSchemas } from '../../lib/crud/documented';
import { idParamsSchema, registerResourceRoutes, savedBody } from '../../lib/crud/routes';
import type { ResourceService } from '../../lib/crud/service';
import { ConflictError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { ordersBinding } from './binding';
import { registerApprovalRoutes } from './approval-request';
import { registerInvoiceRoutes } from './invoice-routes';
import { closedWork, finishedProject } from './orderable';
import { renderOrderPdf, type PdfCompany } from './pdf';
import { budgetOf } from './purchasing';

const tags = [ordersResource.title];
/** Either list opens an order's reads (the service still limits it to the caller's views). */
const read = [
  { module: 'my_orders', action: 'view' },
  { module: 'history', action: 'view' },
] as const;

async function companyOfWork(executor: Executor, workId: number): Promise<PdfCompany | null> {
  const [row] = await executor
    .select({ name: companies.name, rfc: companies.rfc, address: companies.address })
    .from(works)
    .innerJoin(companies, eq(companies.id, works.companyId))
    .where(eq(works.id, workId))
    .limit(1);
  return row ?? null;
}

/**
 * A new draft of the caller with the order's work, project, notes and lines, needed on the old date
 * when it is still ahead, else today. A work that takes no more orders is refused (409 on workId: the
 * SPA then asks for another work); a finished project is left out.
 */
async function duplicateInput(executor: Executor, order: OrderEntity) {
  const work = await closedWork(executor, order.workId);
  if (work) throw new ConflictError(ORDER_MESSAGES.duplicateNeedsWork(work.name), { workId: ORDER_MESSAGES.duplicateNeedsWork(work.name) });
  const keepProject = order.projectId !== null && (await finishedProject(executor, order.projectId)) === null;
  const today = businessToday();
  return ordersResource.schemas.createInput.parse({
    workId: order.workId,
    projectId: keepProject ? order.projectId : null,
    requiredDate: order.requiredDate >= today ? order.requiredDate : today,
    notes: order.notes,
    lines: order.lines.map((l) => ({ materialId: l.materialId, quantity: l.quantity, unitPrice: l.unitPrice, notes: l.notes })),
  });
}

function registerDocumentRoutes(instance: FastifyInstance, service: ResourceService<typeof ordersResource>) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/orders/budget', {
    config: { permission: read },
    schema: {
      operationId: 'getOrderBudget',
      tags,
      summary: 'Presupuesto, comprometido y disponible del proyecto (o, sin proyecto, de la obra) de un pedido',
      querystring: orderBudgetQuerySchema,
      response: { 200: orderBudgetSchema.nullable(), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => budgetOf(app.db, { workId: request.query.workId, projectId: request.query.projectId ?? null }),
  });

  app.post('/orders/:id/duplicate', {
    config: { permission: ordersResource.permissions.create },
    schema: {
      operationId: 'duplicateOrder',
      tags,
      summary: 'Duplicar un pedido como borrador nuevo de quien lo pide (misma obra, proyecto y partidas)',
      params: idParamsSchema,
      response: { 201: resourceSchemas(ordersResource).saved, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const original = await service.get(app.db, actor, request.params.id);
      const created = await service.create(app.db, actor, await duplicateInput(app.db, original));
      return reply.status(201).send(savedBody(created));
    },
  });

  // Registered on the untyped instance: the answer is a PDF, which the zod reply typing does not model.
  instance.get('/orders/:id/pdf', {
    config: { permission: read },
    schema: {
      operationId: 'getOrderPdf',
      tags,
      summary: 'El pedido en PDF para enviarlo al proveedor',
      params: idParamsSchema,
      response: {
        200: { description: 'Documento PDF', content: { 'application/pdf': { schema: z.string() } } },
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request, reply) => {
      const { id } = idParamsSchema.parse(request.params);
      const order = await service.get(app.db, await actorOf(request), id);
      const authorized = (await service.timeline(app.db, id)).findLast((entry) => entry.to.code === 'autorizado');
      const authorizedBy = authorized?.user ? (authorized.user.name ?? authorized.user.username) : null;
      const pdf = await renderOrderPdf({ company: await companyOfWork(app.db, order.workId), order, authorizedBy, printedAt: new Date().toISOString() });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${order.folio ?? `pedido-${id}`}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });
}

/** /orders: list, export, read, history, create, edit, delete and transitions on the mechanism, plus duplicate, PDF, supplier invoices and approval requests. */
export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  const service = registerResourceRoutes(app, ordersBinding);
  registerDocumentRoutes(app, service);
  registerInvoiceRoutes(app, service);
  registerApprovalRoutes(app, service);
}
