import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  applyCountInputSchema,
  businessToday,
  countSheetImportQuerySchema,
  countSheetQuerySchema,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importReportSchema,
  conceptQuerySchema,
  conceptSuggestionsSchema,
  consumptionInputSchema,
  consumptionSchema,
  countInputSchema,
  countListSchema,
  countQuerySchema,
  countSchema,
  kardexQuerySchema,
  kardexSchema,
  receiveTransferInputSchema,
  stockBalancesResource,
  stockConsumptionsResource,
  transferInputSchema,
  transferListSchema,
  transferQuerySchema,
  transferSchema,
} from '@goc/contracts';
import { stockBalances, stockConsumptions, works } from '../../db/schema';
import { actorOf } from '../../lib/crud/actor';
import { idParamsSchema, registerResourceRoutes } from '../../lib/crud/routes';
import type { ResourceBinding } from '../../lib/crud/types';
import { AppError, NotFoundError } from '../../lib/errors';
import { fileSlug } from '../../lib/export/format';
import { sendExport, XLSX_MIME } from '../../lib/export/respond';
import { readSheetOffThread } from '../../lib/import/read';
import { uploadedFile } from '../../lib/import/routes';
import { errorResponses } from '../../lib/openapi';
import { COUNT_SHEET_COLUMNS, countSheetRows, readCountSheet } from './count-sheet';
import { openingsBinding } from './openings';
import { applyCount, conceptSuggestions, kardex, listCounts, listTransfers, receiveTransfer, recordConsumption, recordCount, sendTransfer } from './service';

const TAGS = ['Almacén de obra'];
const view = { module: 'stock', action: 'view' } as const;
const create = { module: 'stock', action: 'create' } as const;
const edit = { module: 'stock', action: 'edit' } as const;

/** Existencias on the resource mechanism: list, export, one row and its history; movements write them. */
export const balancesBinding: ResourceBinding<typeof stockBalancesResource, typeof stockBalances> = {
  declaration: stockBalancesResource,
  table: stockBalances,
  routes: { create: false, update: false, delete: false },
};

/** Salidas as records: read (list, one, history) and what their documents hang on; written by POST /stock/consumptions. */
export const consumptionsBinding: ResourceBinding<typeof stockConsumptionsResource, typeof stockConsumptions> = {
  declaration: stockConsumptionsResource,
  table: stockConsumptions,
  routes: { create: false, update: false, delete: false },
};

/**
 * /stock (existencias), /stock/kardex, /stock/consumptions (salidas), /stock/transfers (sent with
 * `stock` create, received with `stock` create), /stock/counts (recorded with create, applied with edit).
 */
export default async function stockRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(instance, balancesBinding);
  registerResourceRoutes(instance, consumptionsBinding);
  registerResourceRoutes(instance, openingsBinding);

  app.get('/stock/kardex', {
    config: { permission: view },
    schema: {
      tags: TAGS,
      operationId: 'getStockKardex',
      summary: 'Kardex: movimientos de un material en una obra con el saldo después de cada uno',
      querystring: kardexQuerySchema,
      response: { 200: kardexSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const answer = await kardex(app.db, request.query);
      if (!answer) throw new NotFoundError('La obra o el material no existen');
      return answer;
    },
  });

  app.get('/stock/concepts', {
    config: { permission: view },
    schema: {
      tags: TAGS,
      operationId: 'listStockConcepts',
      summary: 'Conceptos o frentes ya usados en las salidas de una obra (sugerencias)',
      querystring: conceptQuerySchema,
      response: { 200: conceptSuggestionsSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => conceptSuggestions(app.db, request.query.workId),
  });

  app.post('/stock/consumptions', {
    config: { permission: create },
    schema: {
      tags: TAGS,
      operationId: 'createStockConsumption',
      summary: 'Registrar una salida (consumo) de material de una obra; nunca por debajo de cero',
      body: consumptionInputSchema,
      response: { 201: consumptionSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await recordConsumption(app.db, await actorOf(request), request.body)),
  });

  app.get('/stock/transfers', {
    config: { permission: view },
    schema: {
      tags: TAGS,
      operationId: 'listStockTransfers',
      summary: 'Traspasos que salen de una obra o llegan a ella (los 200 más recientes)',
      querystring: transferQuerySchema,
      response: { 200: transferListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => listTransfers(app.db, request.query),
  });

  app.post('/stock/transfers', {
    config: { permission: create },
    schema: {
      tags: TAGS,
      operationId: 'createStockTransfer',
      summary: 'Enviar material a otra obra: sale del origen en el acto y queda en tránsito',
      body: transferInputSchema,
      response: { 201: transferSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await sendTransfer(app.db, await actorOf(request), request.body)),
  });

  app.post('/stock/transfers/:id/receive', {
    config: { permission: create },
    schema: {
      tags: TAGS,
      operationId: 'receiveStockTransfer',
      summary: 'Recibir un traspaso en la obra de destino (parcial: la diferencia es merma con su motivo)',
      params: idParamsSchema,
      body: receiveTransferInputSchema,
      response: { 200: transferSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => receiveTransfer(app.db, await actorOf(request), request.params.id, request.body),
  });

  app.get('/stock/counts', {
    config: { permission: view },
    schema: {
      tags: TAGS,
      operationId: 'listStockCounts',
      summary: 'Conteos de inventario físico de una obra (los 200 más recientes)',
      querystring: countQuerySchema,
      response: { 200: countListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => listCounts(app.db, request.query),
  });

  app.post('/stock/counts', {
    config: { permission: create },
    schema: {
      tags: TAGS,
      operationId: 'createStockCount',
      summary: 'Registrar un conteo de inventario físico (queda por aprobar)',
      body: countInputSchema,
      response: { 201: countSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await recordCount(app.db, await actorOf(request), request.body)),
  });

  app.get('/stock/counts/sheet', {
    config: { permission: view },
    schema: {
      tags: TAGS,
      operationId: 'exportStockCountSheet',
      summary: 'Hoja de conteo de una obra: cada material con su existencia en sistema y la columna «Cantidad contada» por llenar',
      querystring: countSheetQuerySchema,
      response: {
        200: { description: 'Libro de Excel o CSV', content: { [XLSX_MIME]: { schema: z.string() }, 'text/csv': { schema: z.string() } } },
        ...errorResponses(400, 401, 403, 404, 429),
      },
    },
    handler: async (request, reply) => {
      const { workId, format } = request.query;
      const [work] = await app.db.select({ code: works.code }).from(works).where(eq(works.id, workId));
      if (!work) throw new NotFoundError('La obra no existe');
      const rows = await countSheetRows(app.db, workId);
      return sendExport(reply, {
        format,
        fileName: `hoja-de-conteo-${fileSlug(work.code)}-${businessToday()}.${format}`,
        title: 'Hoja de conteo',
        columns: COUNT_SHEET_COLUMNS,
        batches: (async function* () {
          yield rows;
        })(),
        limiter: app.exportLimiter,
        userId: request.user.id,
      });
    },
  });

  app.post('/stock/counts/import', {
    config: { permission: create, readsFile: true },
    schema: {
      tags: TAGS,
      operationId: 'importStockCountSheet',
      summary: 'Importar la hoja de conteo llenada (validate: solo revisa; commit: registra el conteo por aprobar)',
      consumes: ['multipart/form-data'],
      querystring: countSheetImportQuerySchema,
      response: { 200: importReportSchema, 201: countSchema, 422: importReportSchema, ...errorResponses(400, 401, 403, 409, 413) },
    },
    handler: async (request, reply) => {
      const { workId, date, notes, mode } = request.query;
      const actor = await actorOf(request);
      const { buffer, fileName } = await uploadedFile(request);
      const sheet = await readSheetOffThread(buffer, { maxColumns: COUNT_SHEET_COLUMNS.length + IMPORT_LIMITS.columnMargin });
      if (sheet.rows.length === 0) throw new AppError(400, IMPORT_MESSAGES.empty);
      const { report, lines } = await readCountSheet(app.db, sheet, fileName, request.query);
      if (report.errors.length > 0) return reply.status(mode === 'commit' ? 422 : 200).send(report);
      if (mode === 'validate') return reply.status(200).send(report);
      return reply.status(201).send(await recordCount(app.db, actor, { workId, date, notes, lines }));
    },
  });

  app.post('/stock/counts/:id/apply', {
    config: { permission: edit },
    schema: {
      tags: TAGS,
      operationId: 'applyStockCount',
      summary: 'Aplicar un conteo: cada diferencia se vuelve un ajuste con el motivo dado',
      params: idParamsSchema,
      body: applyCountInputSchema,
      response: { 200: countSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => applyCount(app.db, await actorOf(request), request.params.id, request.body),
  });
}
