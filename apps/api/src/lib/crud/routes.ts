import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportQuerySchema,
  historyListSchema,
  listQuerySchema,
  listResponseSchema,
  optionListSchema,
  savedRecordSchema,
  type ExportQuery,
  type ListQuery,
} from '@goc/contracts';
import type { PermissionRequirement } from '../../plugins/access';
import { errorResponses } from '../openapi';
import { businessClock, fileSlug } from '../export/format';
import { sendExport, XLSX_MIME } from '../export/respond';
import { assertValidListQuery } from '../list/query';
import { catalogExportColumns } from './export-columns';
import { createCatalogService, type CatalogService, type SavedRecord } from './service';
import type { Actor, CatalogBinding, Input } from './types';

export const ID_MESSAGE = 'El identificador debe ser un número entero positivo';

export const idParamsSchema = z.object({
  id: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
});

export const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user.id, ip: request.ip });

/** A saved record as the API answers it: the entity, with `warnings` only when there are some. */
export const savedBody = ({ entity, warnings }: SavedRecord) => (Object.keys(warnings).length > 0 ? { ...entity, warnings } : entity);

function todayInMexico(): string {
  const c = businessClock(new Date().toISOString());
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/**
 * Registers a catalogue's resource under the current prefix: list, export, options, read, history,
 * create, update (optimistic version), delete. Each route declares its permission and its zod
 * request / response schemas, taken from the contracts declaration, so OpenAPI documents them.
 */
export function registerCatalogRoutes(instance: FastifyInstance, binding: CatalogBinding): CatalogService {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createCatalogService(binding);
  const { declaration: catalog } = binding;
  const { module, resource, nouns } = catalog;
  const { entity, createInput, updateInput } = catalog.schemas;
  const saved = savedRecordSchema(entity);
  const tags = [catalog.title];
  const security = [{ bearerAuth: [] }];
  const can = (action: PermissionRequirement['action']): PermissionRequirement => ({ module, action });
  const exportColumns = catalogExportColumns(catalog);

  app.get(resource, {
    config: { permission: can('view') },
    schema: {
      tags,
      security,
      summary: `Lista de ${nouns.plural}`,
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(entity), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => service.list(app.db, request.query as ListQuery),
  });

  // Registered on the untyped instance: the answer is a stream, which the zod reply typing does not model.
  instance.get(`${resource}/export`, {
    config: { permission: can('view') },
    schema: {
      tags,
      security,
      summary: `Exportar ${nouns.plural} (exactamente lo filtrado y en el mismo orden)`,
      querystring: exportQuerySchema,
      response: {
        200: {
          description: 'CSV (UTF-8 con BOM, separado por comas) o libro de Excel',
          content: { 'text/csv': { schema: z.string() }, [XLSX_MIME]: { schema: z.string() } },
        },
        ...errorResponses(400, 401, 403, 429),
      },
    },
    handler: async (request, reply) => {
      const { format, filters, sort, q } = request.query as ExportQuery;
      const query = { filters, sort, q };
      // Refused before the first byte: once streaming starts the status is already 200.
      assertValidListQuery(query, service.source.list.specs);
      return sendExport(reply, {
        format,
        fileName: `${fileSlug(nouns.plural)}-${todayInMexico()}.${format}`,
        title: catalog.title,
        columns: exportColumns,
        batches: service.exportBatches(app.db, query),
        limiter: app.exportLimiter,
        userId: request.user.id,
      });
    },
  });

  app.get(`${resource}/options`, {
    // Any flag on the catalogue's module, or a form elsewhere that picks from it.
    config: { permission: [can('view'), ...(binding.optionConsumers ?? [])] },
    schema: {
      tags,
      security,
      summary: `Opciones de ${nouns.plural} activ${nouns.article === 'la' ? 'a' : 'o'}s para selectores`,
      response: { 200: optionListSchema, ...errorResponses(401, 403) },
    },
    handler: async () => service.options(app.db),
  });

  app.get(`${resource}/:id`, {
    config: { permission: can('view') },
    schema: {
      tags,
      security,
      summary: `Detalle de ${nouns.article} ${nouns.singular}`,
      params: idParamsSchema,
      response: { 200: entity, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.get(app.db, request.params.id),
  });

  app.get(`${resource}/:id/history`, {
    config: { permission: can('view') },
    schema: {
      tags,
      security,
      summary: `Historial de cambios de ${nouns.article} ${nouns.singular} (más reciente primero)`,
      params: idParamsSchema,
      response: { 200: historyListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => service.history(app.db, request.params.id),
  });

  app.post(resource, {
    config: { permission: can('create') },
    schema: {
      tags,
      security,
      summary: `Crear ${nouns.singular}`,
      body: createInput,
      response: { 201: saved, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const result = await service.create(app.db, actorOf(request), request.body as Input);
      return reply.status(201).send(savedBody(result));
    },
  });

  app.patch(`${resource}/:id`, {
    config: { permission: can('edit') },
    schema: {
      tags,
      security,
      summary: `Modificar ${nouns.singular} (con la versión leída; si cambió, 409)`,
      params: idParamsSchema,
      body: updateInput,
      response: { 200: saved, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => savedBody(await service.update(app.db, actorOf(request), request.params.id, request.body as Input)),
  });

  app.delete(`${resource}/:id`, {
    config: { permission: can('delete') },
    schema: {
      tags,
      security,
      summary: `Eliminar ${nouns.singular} (si otros registros l${nouns.article === 'la' ? 'a' : 'o'} usan, 409)`,
      params: idParamsSchema,
      response: { 204: z.null().describe('Eliminado'), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await service.remove(app.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  return service;
}
