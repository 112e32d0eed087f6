import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  businessToday,
  historyListSchema,
  optionPageSchema,
  optionsQuerySchema,
  resourceExportQuerySchema,
  resourceListQuerySchema,
  withFlagFilters,
  type AnyCatalog,
  type AnyResource,
  type ResourceField,
  type ExportQuery,
} from '@goc/contracts';
import { actorOf } from './actor';
import { errorResponses } from '../openapi';
import { optionReadersOf } from '../option-readers';
import { registerImportRoutes } from '../import/routes';
import { fileSlug } from '../export/format';
import { sendExport, XLSX_MIME } from '../export/respond';
import { operationIds, resourceSchemas } from './documented';
import { exportedLinesField, lineExportColumns, lineRows, resourceExportColumns, type LineExportRow } from './export-columns';
import { createResourceService, readPermission, type ResourceService, type SavedRecord, type ScopedListQuery } from './service';
import type { Entity } from './source';
import type { TransitionInput } from './transitions';
import type { CatalogBinding, Input, ResourceBinding } from './types';
import type { ResourceRegistry } from './tables';

export const ID_MESSAGE = 'El identificador debe ser un número entero positivo';

export const idParamsSchema = z.object({
  id: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
});

/** A saved record as the API answers it: the entity, with `warnings` only when there are some. */
export const savedBody = ({ entity, warnings }: SavedRecord) => (Object.keys(warnings).length > 0 ? { ...entity, warnings } : entity);

/** The export's batches of records as batches of line rows (`lines=1`). */
async function* byLine(linesField: ResourceField, batches: AsyncIterable<Entity[]>): AsyncGenerator<LineExportRow[]> {
  for await (const records of batches) yield lineRows(linesField, records);
}

/**
 * GET <resource> (list), GET <resource>/export and, when declared, GET <resource>/options. A resource
 * with views takes `scope=<view>`; the service refuses a view the caller may not open (403) and
 * limits every row to it.
 */
export function registerListRoutes(instance: FastifyInstance, service: ResourceService): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { resource: declaration, binding } = service;
  const { resource, nouns } = declaration;
  const tags = [declaration.title];
  const read = readPermission(declaration, binding);
  const exportColumns = resourceExportColumns(declaration);
  const linesField = exportedLinesField(declaration);
  const linesColumns = linesField ? lineExportColumns(declaration, linesField) : null;
  const ids = operationIds(declaration);
  const { page } = resourceSchemas(declaration);

  app.get(resource, {
    config: { permission: read },
    schema: {
      tags,
      operationId: ids.list,
      summary: `Lista de ${nouns.plural}`,
      querystring: resourceListQuerySchema(declaration),
      response: { 200: page, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const query = request.query as ScopedListQuery;
      return service.list(app.db, await actorOf(request), { ...query, filters: withFlagFilters(declaration, query, query.filters) });
    },
  });

  // Registered on the untyped instance: the answer is a stream, which the zod reply typing does not model.
  instance.get(`${resource}/export`, {
    config: { permission: read },
    schema: {
      tags,
      operationId: ids.export,
      summary: `Exportar ${nouns.plural} (exactamente lo filtrado y en el mismo orden)`,
      querystring: resourceExportQuerySchema(declaration),
      response: {
        200: {
          description: 'CSV (UTF-8 con BOM, separado por comas) o libro de Excel',
          content: { 'text/csv': { schema: z.string() }, [XLSX_MIME]: { schema: z.string() } },
        },
        ...errorResponses(400, 401, 403, 429),
      },
    },
    handler: async (request, reply) => {
      const query = request.query as ExportQuery & { scope?: string; lines?: boolean };
      const { format, sort, q, scope, lines } = query;
      const filters = withFlagFilters(declaration, query, query.filters);
      // Refused before the first byte (scope, filters, sort): once streaming starts the status is already 200.
      const batches = service.exportBatches(app.db, await actorOf(request), { filters, sort, q, ...(scope ? { scope } : {}) });
      const common = { format, title: declaration.title, limiter: app.exportLimiter, userId: request.user.id };
      const fileName = (suffix: string) => `${fileSlug(nouns.plural)}${suffix}-${businessToday()}.${format}`;
      if (lines && linesField && linesColumns) {
        return sendExport(reply, { ...common, fileName: fileName(`-${fileSlug(linesField.label)}`), columns: linesColumns, batches: byLine(linesField, batches) });
      }
      return sendExport(reply, { ...common, fileName: fileName(''), columns: exportColumns, batches });
    },
  });

  if (!declaration.options) return;
  app.get(`${resource}/options`, {
    // Any flag on the resource's modules, or a form or filter elsewhere that picks from it: its own
    // binding's, or another module's (its manifest's `options`).
    config: { permission: [...read, ...(binding.optionConsumers ?? []), ...optionReadersOf(instance.modules, declaration.key)] },
    schema: {
      tags,
      operationId: ids.options,
      summary: `Opciones de ${nouns.plural} para selectores (búsqueda por texto, página acotada o por ids)`,
      querystring: optionsQuerySchema,
      response: { 200: optionPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => service.options(app.db, await actorOf(request), request.query),
  });
}

/**
 * GET <resource>/:id (with its `timeline` when the resource has a workflow), GET <resource>/:id/history
 * and, as the binding's `routes` allow, POST, PATCH and DELETE. Every one goes through the caller's
 * scope: a row outside it is a 404.
 */
export function registerRecordRoutes(instance: FastifyInstance, service: ResourceService): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { resource: declaration, binding } = service;
  const { resource, nouns, permissions } = declaration;
  const { detail, saved, createInput, updateInput } = resourceSchemas(declaration);
  const ids = operationIds(declaration);
  const tags = [declaration.title];
  const read = readPermission(declaration, binding);
  const routes = { create: true, update: true, delete: true, ...binding.routes };
  const withTimeline = declaration.workflow !== undefined;

  app.get(`${resource}/:id`, {
    config: { permission: read },
    schema: {
      tags,
      operationId: ids.get,
      summary: `Detalle de ${nouns.article} ${nouns.singular}`,
      params: idParamsSchema,
      response: { 200: detail, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const found = await service.get(app.db, await actorOf(request), request.params.id);
      return withTimeline ? { ...found, timeline: await service.timeline(app.db, request.params.id) } : found;
    },
  });

  app.get(`${resource}/:id/history`, {
    config: { permission: read },
    schema: {
      tags,
      operationId: ids.history,
      summary: `Historial de cambios de ${nouns.article} ${nouns.singular} (más reciente primero)`,
      params: idParamsSchema,
      response: { 200: historyListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.history(app.db, await actorOf(request), request.params.id),
  });

  if (routes.create) {
    app.post(resource, {
      config: { permission: permissions.create },
      schema: {
        tags,
          operationId: ids.create,
        summary: `Crear ${nouns.singular}`,
        body: createInput,
        response: { 201: saved, ...errorResponses(400, 401, 403, 409) },
      },
      handler: async (request, reply) => {
        const result = await service.create(app.db, await actorOf(request), request.body as Input);
        return reply.status(201).send(savedBody(result));
      },
    });
  }

  if (routes.update) {
    app.patch(`${resource}/:id`, {
      config: { permission: permissions.edit },
      schema: {
        tags,
          operationId: ids.update,
        summary: `Modificar ${nouns.singular} (con la versión leída; si cambió, 409)`,
        params: idParamsSchema,
        body: updateInput,
        response: { 200: saved, ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: async (request) => savedBody(await service.update(app.db, await actorOf(request), request.params.id, request.body as Input)),
    });
  }

  if (routes.delete) {
    app.delete(`${resource}/:id`, {
      config: { permission: permissions.delete },
      schema: {
        tags,
          operationId: ids.delete,
        summary: `Eliminar ${nouns.singular} (si otros registros l${nouns.article === 'la' ? 'a' : 'o'} usan, 409)`,
        params: idParamsSchema,
        response: { 204: z.null().describe('Eliminado'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: async (request, reply) => {
        await service.remove(app.db, await actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  }
}

/**
 * POST <resource>/:id/transitions: the declared workflow actions. The route admits anyone holding one
 * of the actions' permissions; the service picks the action for the target and the row's status.
 */
export function registerActionRoutes(instance: FastifyInstance, service: ResourceService): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { resource: declaration } = service;
  const workflow = declaration.workflow;
  if (!workflow) return;
  const { resource, nouns } = declaration;
  const permission = workflow.actions.map((a) => a.permission);
  const { entity, transition } = resourceSchemas(declaration);

  app.post(`${resource}/:id/transitions`, {
    config: { permission },
    schema: {
      tags: [declaration.title],
      operationId: operationIds(declaration).transition,
      summary: `Cambiar el estatus de ${nouns.article} ${nouns.singular} (con la versión leída)`,
      params: idParamsSchema,
      body: transition ?? undefined,
      response: { 200: entity, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => service.transition(app.db, await actorOf(request), request.params.id, request.body as TransitionInput),
  });
}

/** Every route of a resource: list, record and action routes, and the import routes of an importable one. */
export function registerResourceRoutes<R extends AnyResource, T extends PgTable>(instance: FastifyInstance, binding: ResourceBinding<R, T>): ResourceService<R> {
  const service = createResourceService(instance.resourceTables, binding);
  registerServiceRoutes(instance, service);
  return service;
}

/** The same routes over a service its module built already (one it also offers to other modules). */
export function registerServiceRoutes<R extends AnyResource>(instance: FastifyInstance, service: ResourceService<R>): void {
  instance.resources.set(service.resource.key, service);
  instance.schemaNames.add(resourceSchemas(service.resource).names);
  registerListRoutes(instance, service);
  registerRecordRoutes(instance, service);
  registerActionRoutes(instance, service);
  if (service.resource.import) registerImportRoutes(instance, service);
}

/** A catalogue's binding as a resource binding: its table and link tables are the ones its module declares. */
export function catalogResourceBinding<C extends AnyCatalog>(registry: ResourceRegistry, binding: CatalogBinding<C>): ResourceBinding<C> {
  const key = binding.declaration.key;
  return { ...binding, table: registry.table(key), links: registry.links(key) };
}

/** A catalogue's routes (list, export, options, read, history, create, update, delete). */
export function registerCatalogRoutes<C extends AnyCatalog>(instance: FastifyInstance, binding: CatalogBinding<C>): ResourceService<C> {
  return registerResourceRoutes(instance, catalogResourceBinding(instance.resourceTables, binding));
}
