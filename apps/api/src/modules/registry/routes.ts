import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkMovementStatusSchema,
  captureCutSchema,
  closeCutInputSchema,
  employeeMovementDefaultsSchema,
  cutExportQuerySchema,
  idseFileSchema,
  idseQuerySchema,
  listQuerySchema,
  movementStatusInputSchema,
  registryCutsResource,
  registryMovementsResource,
} from '@goc/contracts';
import { errorResponses } from '../../lib/openapi';
import { resourceExportColumns } from '../../lib/crud/export-columns';
import { actorOf } from '../../lib/crud/actor';
import { resourceSchemas } from '../../lib/crud/documented';
import { idParamsSchema, registerResourceRoutes } from '../../lib/crud/routes';
import { XLSX_MIME } from '../../lib/export/respond';
import { fileSlug } from '../../lib/export/format';
import { assertCutExists, closeCut, cutsBinding, cutWorkbook, weekOf, withinCut } from './cuts';
import { idseFile } from './idse';
import { anyScope, captureCut, changeMovementStatus, employeeMovementDefaults, movementsBinding } from './movements';
import { changeCutMovementStatuses } from './bulk-status';
import { wageParametersBinding } from './wages';
import type { ModuleServices } from '../../lib/modules';

const MOVEMENTS_TAG = ['Altas y bajas'];
const CUTS_TAG = [registryCutsResource.title];

/**
 * /registry/movements (list, export, get, history, create, update; never deleted) with
 * PATCH /:id/status; /registry/cuts (list, export, get, history) with close, movements, xlsx and IDSE;
 * /registry/wage-parameters.
 */
export default async function registryRoutes(instance: FastifyInstance, { employees }: Pick<ModuleServices, 'employees'>): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const movements = registerResourceRoutes(instance, movementsBinding(employees));
  const movementStatus = changeMovementStatus(employees);
  const cuts = registerResourceRoutes(instance, cutsBinding);
  registerResourceRoutes(instance, wageParametersBinding);
  const movementColumns = resourceExportColumns(registryMovementsResource);

  app.get('/registry/employees/:id/defaults', {
    // Whoever may capture or correct a movement (a form opened for editing may change its employee).
    config: { permission: anyScope('create', 'edit') },
    schema: {
      operationId: 'getEmployeeMovementDefaults',
      tags: MOVEMENTS_TAG,
      summary: 'Lo que un movimiento nuevo toma del empleado: empresa, tipo de trabajador de su último movimiento y salario vigente',
      params: idParamsSchema,
      response: { 200: employeeMovementDefaultsSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => employeeMovementDefaults(app.db, request.params.id),
  });

  app.patch('/registry/movements/:id/status', {
    config: { permission: anyScope('edit') },
    schema: {
      operationId: 'updateMovementStatus',
      tags: MOVEMENTS_TAG,
      summary: 'Cambiar los estatus de un movimiento (también en cortes cerrados); «aplicado» aplica el movimiento al empleado',
      params: idParamsSchema,
      body: movementStatusInputSchema,
      response: { 200: registryMovementsResource.schemas.entity, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => movements.changeStatus(app.db, await actorOf(request), request.params.id, movementStatus, request.body),
  });

  app.get('/registry/cuts/capture', {
    config: { permission: anyScope('create') },
    schema: {
      operationId: 'getCaptureCut',
      tags: MOVEMENTS_TAG,
      summary: 'El corte al que va un movimiento capturado ahora (el de la semana siguiente si el de esta semana se cerró antes)',
      response: { 200: captureCutSchema, ...errorResponses(401, 403) },
    },
    handler: async () => captureCut(app.db, new Date()),
  });

  app.post('/registry/cuts/:id/movements/status', {
    config: { permission: anyScope('edit') },
    schema: {
      operationId: 'updateCutMovementStatuses',
      tags: CUTS_TAG,
      summary: 'Marcar varios movimientos del corte a la vez (enviados, aplicados, timbrados); todos o ninguno',
      params: idParamsSchema,
      body: bulkMovementStatusSchema,
      response: { 200: z.object({ updated: z.number().int() }), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      await assertCutExists(app.db, request.params.id);
      return changeCutMovementStatuses(app.db, await actorOf(request), request.params.id, request.body, (tx, actor, id, input) =>
        movements.changeStatus(tx, actor, id, movementStatus, input),
      );
    },
  });

  app.post('/registry/cuts/:id/close', {
    config: { permission: { module: 'registry_history', action: 'edit' } },
    schema: {
      operationId: 'closeCut',
      tags: CUTS_TAG,
      summary: 'Cerrar un corte semanal (sus movimientos quedan fijos salvo sus estatus)',
      params: idParamsSchema,
      body: closeCutInputSchema,
      response: { 200: registryCutsResource.schemas.entity, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => cuts.changeStatus(app.db, await actorOf(request), request.params.id, closeCut, request.body),
  });

  app.get('/registry/cuts/:id/movements', {
    config: { permission: { module: 'registry_history', action: 'view' } },
    schema: {
      operationId: 'listCutMovements',
      tags: CUTS_TAG,
      summary: 'Movimientos de un corte (protocolo de listas)',
      params: idParamsSchema,
      querystring: listQuerySchema,
      response: { 200: resourceSchemas(registryMovementsResource).page, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const actor = await actorOf(request);
      await assertCutExists(app.db, request.params.id);
      return movements.list(app.db, actor, { ...request.query, scope: 'historico' }, withinCut(request.params.id));
    },
  });

  instance.get<{ Params: z.output<typeof idParamsSchema> }>('/registry/cuts/:id/export', {
    config: { permission: { module: 'registry_history', action: 'view' } },
    schema: {
      operationId: 'exportCut',
      tags: CUTS_TAG,
      summary: 'Libro de Excel del corte: resumen y movimientos',
      params: idParamsSchema,
      querystring: cutExportQuerySchema,
      response: { 200: { description: 'Libro de Excel', content: { [XLSX_MIME]: { schema: z.string() } } }, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const { id } = request.params;
      const cut = await cuts.get(app.db, actor, id);
      const batches = movements.exportBatches(app.db, actor, { filters: {}, sort: [], q: '', scope: 'historico' }, withinCut(id));
      const buffer = await cutWorkbook(cut, movementColumns, batches);
      return reply
        .header('content-disposition', `attachment; filename="corte-${fileSlug(weekOf(cut).label)}.xlsx"`)
        .header('cache-control', 'no-store')
        .type(XLSX_MIME)
        .send(buffer);
    },
  });

  app.get('/registry/cuts/:id/idse', {
    config: { permission: { module: 'registry_history', action: 'view' } },
    schema: {
      operationId: 'getCutIdse',
      tags: CUTS_TAG,
      summary: 'Archivo IDSE de una empresa y un tipo de movimiento del corte (text/plain); con format=json, el archivo y los movimientos rechazados',
      params: idParamsSchema,
      querystring: idseQuerySchema,
      response: { 200: idseFileSchema.or(z.string().describe('El archivo IDSE (text/plain)')), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const cut = await cuts.get(app.db, await actorOf(request), request.params.id);
      const file = await idseFile(app.db, weekOf(cut), request.query.companyId, request.query.type);
      if (request.query.format === 'json') return file;
      // The records are ASCII after the accent folding, which windows-1252 (what IDSE reads) contains.
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=windows-1252')
        .send(file.content);
    },
  });
}
