import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allows,
  businessToday,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importJobSchema,
  importQuerySchema,
  importReportSchema,
  importTemplateQuerySchema,
  type ImportMatch,
  type ImportMode,
  type PermissionGrant,
  type PermissionRequirement,
} from '@goc/contracts';
import { actorOf } from '../crud/actor';
import type { ResourceService } from '../crud/service';
import { AppError, ForbiddenError } from '../errors';
import { fileSlug } from '../export/format';
import { XLSX_MIME } from '../export/respond';
import { operationIds } from '../crud/documented';
import { errorResponses } from '../openapi';
import { keepUploadSlot } from '../uploads';
import { runImport } from './run';
import { buildTemplate, templateCsv, templateXlsx } from './template';

/*
 * GET <resource>/import/template and POST <resource>/import for every importable resource
 * (declaration.import), plus GET /imports/:jobId for the asynchronous ones. docs/import.md.
 */

/** The import answers, named in every app's document. */
export const IMPORT_SCHEMAS = { ImportReport: importReportSchema, ImportJob: importJobSchema };

const grantList = (grant: PermissionGrant): PermissionRequirement[] => (Array.isArray(grant) ? [...grant] : [grant as PermissionRequirement]);

/** The uploaded file (413 beyond the limit, 400 without one or when its body is cut short); also a module's own sheet import. */
export async function uploadedFile(request: FastifyRequest): Promise<{ buffer: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError(400, IMPORT_MESSAGES.noFile);
  try {
    const part = await request.file({ limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 10 } });
    if (!part) throw new AppError(400, IMPORT_MESSAGES.noFile);
    return { buffer: await part.toBuffer(), fileName: part.filename || 'archivo' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413) throw new AppError(413, IMPORT_MESSAGES.tooLarge);
    // The multipart body ended before its closing boundary (a cut connection, a broken client).
    throw new AppError(400, IMPORT_MESSAGES.incomplete, { cause: error });
  }
}

/** Does the request ask for a 202 and a job (RFC 7240 `Prefer: respond-async`)? */
const wantsAsync = (request: FastifyRequest) => /(^|[,\s])respond-async([,;\s]|$)/i.test(String(request.headers.prefer ?? ''));

export function registerImportRoutes(instance: FastifyInstance, service: ResourceService): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { resource: declaration } = service;
  const { resource, nouns, permissions } = declaration;
  const tags = [declaration.title];
  const create = grantList(permissions.create);
  const edit = grantList(permissions.edit);
  const ids = operationIds(declaration);

  instance.get(`${resource}/import/template`, {
    config: { permission: create },
    schema: {
      tags,
      operationId: ids.importTemplate,
      summary: `Plantilla para importar ${nouns.plural} (encabezados, una fila de ejemplo y listas de valores)`,
      querystring: importTemplateQuerySchema,
      response: {
        200: { description: 'Libro de Excel o CSV', content: { [XLSX_MIME]: { schema: z.string() }, 'text/csv': { schema: z.string() } } },
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request, reply) => {
      const { format } = request.query as z.infer<typeof importTemplateQuerySchema>;
      const template = await buildTemplate(app.db, app.resourceTables, declaration);
      const fileName = `plantilla-${fileSlug(nouns.plural)}-${businessToday()}.${format}`;
      reply.header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(templateCsv(template));
      return reply.type(XLSX_MIME).send(await templateXlsx(template, declaration.title));
    },
  });

  app.post(`${resource}/import`, {
    config: { permission: create, readsFile: true },
    schema: {
      tags,
      operationId: ids.import,
      summary: `Importar ${nouns.plural} desde Excel o CSV (validate: sin escribir; commit: todo o nada)`,
      consumes: ['multipart/form-data'],
      querystring: importQuerySchema,
      response: {
        200: importReportSchema,
        202: z.object({ jobId: z.string() }),
        422: importReportSchema,
        ...errorResponses(400, 401, 403, 413),
      },
    },
    handler: async (request, reply) => {
      const { mode, match } = request.query as { mode: ImportMode; match: ImportMatch };
      const actor = await actorOf(request);
      // Updating records found by their code is editing them.
      if (match === 'code' && !allows(actor, edit)) throw new ForbiddenError();
      const { buffer, fileName } = await uploadedFile(request);
      const run = (onProgress?: (processed: number, total: number) => void) =>
        runImport({ db: app.db, service, actor, buffer, fileName, mode, match, ...(onProgress ? { onProgress } : {}) });
      if (wantsAsync(request)) {
        // The job still works on the upload after the 202: it counts among the user's uploads until it ends.
        const release = keepUploadSlot(request);
        const jobId = app.importJobs.start(request.user.id, (progress) =>
          run(progress)
            .catch((error: unknown) => {
              if (!(error instanceof AppError)) request.log.error({ err: error }, 'la importación falló');
              throw error;
            })
            .finally(release),
        );
        return reply.status(202).send({ jobId });
      }
      const outcome = await run();
      return reply.status(outcome.statusCode).send(outcome.report);
    },
  });
}

const jobParamsSchema = z.object({ jobId: z.string().max(64) });

/** GET /imports/:jobId — the progress and, once done, the report of one of the caller's imports. */
export default async function importJobRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/imports/:jobId', {
    config: { authenticated: true },
    schema: {
      tags: ['Importaciones'],
      operationId: 'getImportJob',
      summary: 'Avance y reporte de una importación asíncrona (solo quien la inició)',
      params: jobParamsSchema,
      response: { 200: importJobSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const job = app.importJobs.get(request.user.id, request.params.jobId);
      if (!job) throw new AppError(404, IMPORT_MESSAGES.jobNotFound);
      return job;
    },
  });
}
