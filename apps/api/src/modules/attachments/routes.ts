import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import parseRange from 'range-parser';
import { z } from 'zod';
import {
  ATTACHMENT_MESSAGES,
  attachmentCountsQuerySchema,
  attachmentCountsSchema,
  attachmentListSchema,
  attachmentSchema,
  attachmentTargetSchema,
  findMalformedText,
  isInlineType,
  MALFORMED_TEXT_MESSAGE,
  type AttachmentTarget,
} from '@goc/contracts';
import { actorOf } from '../../lib/crud/actor';
import { idParamsSchema } from '../../lib/crud/routes';
import { AppError, ValidationError } from '../../lib/errors';
import { every } from '../../lib/jobs/slots';
import { errorResponses } from '../../lib/openapi';
import { receiveFile, tooLarge, type ReceivedFile } from './receive';
import { objectStore, s3Store } from './s3-store';
import { createAttachmentService, type AttachmentService } from './service';
import { databaseStore, type ByteRange, type ContentStore, type StoredContent } from './store';

const tags = ['Documentos'];
/** Abandoned uploads and released object-store files are swept this often (and at start). */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** A description fits in 500 characters of up to 4 bytes. */
const FIELD_BYTES = 2048;

/** The multipart parser's refusals, in the API's words. */
function multipartError(error: unknown, maxMb: number): unknown {
  switch ((error as FastifyError).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxMb);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ValidationError({ file: ATTACHMENT_MESSAGES.oneFile });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, ATTACHMENT_MESSAGES.notMultipart);
    default:
      return error;
  }
}

function description(value: unknown, truncated: boolean): string | null {
  if (truncated) throw new ValidationError({ description: ATTACHMENT_MESSAGES.description });
  const text = typeof value === 'string' ? value.trim() : '';
  if (findMalformedText(text) !== null) throw new ValidationError({ description: MALFORMED_TEXT_MESSAGE });
  return text === '' ? null : text;
}

interface Stores {
  write: ContentStore;
  byKind: Partial<Record<StoredContent['store'], ContentStore>>;
}

/** The one file part (and the optional description) of an upload, streamed into the store. */
async function receiveUpload(request: FastifyRequest, stores: Stores, maxMb: number) {
  if (!request.isMultipart()) throw new AppError(415, ATTACHMENT_MESSAGES.notMultipart);
  let received: ReceivedFile | null = null;
  let text: string | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 2, parts: 3, fieldSize: FIELD_BYTES } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'description') text = description(part.value, part.valueTruncated);
      } else if (part.fieldname === 'file') {
        received = await receiveFile({ file: part.file, filename: part.filename }, stores.write, maxMb);
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    await received?.discard();
    throw multipartError(error, maxMb);
  }
  if (!received) throw new ValidationError({ file: ATTACHMENT_MESSAGES.fileMissing });
  return { file: received, description: text };
}

/** The requested byte range of a file of `size` bytes: null for the whole file, 'unsatisfiable' for a 416. */
function requestedRange(request: FastifyRequest, size: number, etag: string): ByteRange | null | 'unsatisfiable' {
  const header = request.headers.range;
  if (!header || size === 0) return null;
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return null;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  // Malformed or several ranges: the whole file, as RFC 9110 allows.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1 || !ranges[0]) return null;
  return ranges[0];
}

const etagMatches = (request: FastifyRequest, etag: string) =>
  (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .includes(etag);

async function sendContent(request: FastifyRequest, reply: FastifyReply, service: AttachmentService, stores: Stores, download: boolean) {
  const { id } = idParamsSchema.parse(request.params);
  const found = await service.find(await actorOf(request), id);
  const etag = `"${found.sha256}"`;
  // The bytes of a document never change: its hash names them.
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').header('accept-ranges', 'bytes');
  if (etagMatches(request, etag)) return reply.status(304).send();
  const store = stores.byKind[found.content.store];
  if (!store) throw new AppError(503, 'El almacenamiento de este documento no está configurado');
  const range = requestedRange(request, found.size, etag);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${found.size}`).type('application/json; charset=utf-8').send({ statusCode: 416, error: 'Range Not Satisfiable', message: ATTACHMENT_MESSAGES.range });
  }
  const span = range ?? { start: 0, end: found.size - 1 };
  const disposition = !download && isInlineType(found.contentType) ? 'inline' : 'attachment';
  reply
    .type(found.contentType)
    .header('content-disposition', contentDisposition(found.fileName, { type: disposition }))
    .header('content-length', String(found.size === 0 ? 0 : span.end - span.start + 1));
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${found.size}`);
  if (request.method === 'HEAD' || found.size === 0) return reply.send();
  // A byte stream, not object mode (whose 16-object buffer would read 16 MB ahead of a slow client): one piece at a time.
  return reply.send(Readable.from(store.read(found.content, span), { objectMode: false }));
}

/**
 * /attachments: upload (multipart, streamed), list, content (ranges, ETag), thumbnail, delete and
 * the paperclip counts of a list page. Every route is for signed-in users; the record's own read and
 * change rights decide the rest (service.ts).
 */
export default async function attachmentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { maxMb, s3 } = app.config.attachments;
  const db = databaseStore(app.db);
  const bucket = s3 ? objectStore(s3) : undefined;
  const objects = bucket ? s3Store(app.db, bucket) : undefined;
  const stores: Stores = { write: objects ?? db, byKind: { db, ...(objects ? { s3: objects } : {}) } };
  const declared = app.modules.flatMap((m) => m.attachables ?? []);
  const service = createAttachmentService(app.db, app.resources, declared);

  /** Every store's orphans; one store failing does not spare the others, and the attempt fails with it. */
  const sweep = async () => {
    const results = await Promise.allSettled(Object.values(stores.byKind).map((store) => store.sweep()));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
  if (objects) {
    // A deleted record's documents are released in its transaction; their objects go once it committed.
    const attachable = new Set(declared.map((a) => a.key));
    app.events.subscribe({
      name: 'attachments.objects',
      async handle(event) {
        if (event.type === 'record.deleted' && attachable.has(event.resource)) await objects.sweep();
      },
    });
  }
  // Orphaned files go every 10 minutes, by whichever process takes the slot.
  app.jobs.schedule({
    name: 'attachments.sweep',
    next: every(SWEEP_INTERVAL_MS),
    maxAttempts: 3,
    timeoutMs: 5 * 60_000,
    backoff: { baseMs: 60_000, maxMs: 5 * 60_000 },
    concurrency: 1,
    handle: sweep,
  });
  app.addHook('onClose', async () => {
    bucket?.destroy();
  });

  app.post('/attachments', {
    config: { authenticated: true },
    schema: {
      operationId: 'uploadAttachment',
      tags,
      summary: 'Adjuntar un documento a un registro (multipart/form-data: «description» opcional y «file»)',
      consumes: ['multipart/form-data'],
      querystring: attachmentTargetSchema,
      response: { 201: attachmentSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const target: AttachmentTarget = request.query;
      // Refused before a byte of the body is read: no right, no such record, no room.
      await service.checkUpload(actor, target);
      const upload = await receiveUpload(request, stores, maxMb);
      return reply.status(201).send(await service.create(actor, { target, ...upload }));
    },
  });

  app.get('/attachments', {
    config: { authenticated: true },
    schema: {
      operationId: 'listAttachments',
      tags,
      summary: 'Documentos de un registro (más reciente primero)',
      querystring: attachmentTargetSchema,
      response: { 200: attachmentListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ ...(await service.list(await actorOf(request), request.query)), maxMb }),
  });

  app.get('/attachments/counts', {
    config: { authenticated: true },
    schema: {
      operationId: 'countAttachments',
      tags,
      summary: 'Número de documentos de cada registro de una página de lista',
      querystring: attachmentCountsQuerySchema,
      response: { 200: attachmentCountsSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ counts: await service.counts(await actorOf(request), request.query.resource, request.query.ids) }),
  });

  const contentQuery = z.object({ download: z.enum(['0', '1'], { error: 'download debe ser 0 o 1' }).optional() });
  // Registered on the untyped instance: the answer is a byte stream, which the zod reply typing does not model.
  instance.get<{ Querystring: z.output<typeof contentQuery> }>('/attachments/:id/content', {
    config: { authenticated: true },
    // Stored files are mostly compressed already (PDF, JPEG, Office) and ranges count stored bytes.
    compress: false,
    schema: {
      operationId: 'getAttachmentContent',
      tags,
      summary: 'El archivo (Range, ETag; imágenes y PDF en línea, lo demás como descarga; download=1 siempre descarga)',
      params: idParamsSchema,
      querystring: contentQuery,
      response: {
        200: { description: 'El archivo con su tipo guardado', content: { 'application/octet-stream': { schema: z.string() } } },
        206: { description: 'La parte pedida con Range', content: { 'application/octet-stream': { schema: z.string() } } },
        304: z.null().describe('Sin cambios (If-None-Match)'),
        416: { description: 'Rango fuera del archivo', content: { 'application/json': { schema: z.object({ message: z.string() }) } } },
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request, reply) => sendContent(request, reply, service, stores, request.query.download === '1'),
  });

  instance.get('/attachments/:id/thumbnail', {
    config: { authenticated: true },
    compress: false,
    schema: {
      operationId: 'getAttachmentThumbnail',
      tags,
      summary: 'Vista previa (WebP de 320 px como máximo) de una imagen; 404 «Sin vista previa» si no la hay',
      params: idParamsSchema,
      response: {
        200: { description: 'Imagen WebP', content: { 'image/webp': { schema: z.string() } } },
        304: z.null().describe('Sin cambios (If-None-Match)'),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request, reply) => {
      const { id } = idParamsSchema.parse(request.params);
      const found = await service.thumbnail(await actorOf(request), id);
      const etag = `"${found.sha256}-t"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff');
      if (etagMatches(request, etag)) return reply.status(304).send();
      return reply.type(found.type).send(found.data);
    },
  });

  app.delete('/attachments/:id', {
    config: { authenticated: true },
    schema: {
      operationId: 'deleteAttachment',
      tags,
      summary: 'Eliminar un documento (quien lo subió mientras pueda modificar el registro, o quien administra el registro)',
      params: idParamsSchema,
      response: { 204: z.null().describe('Eliminado'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const store = await service.remove(await actorOf(request), request.params.id);
      // An object-store file is deleted once the row's deletion committed.
      if (store === 's3' && objects) void objects.sweep().catch((error: unknown) => request.log.warn({ err: error }, 'no se pudo borrar el archivo del almacenamiento'));
      return reply.status(204).send(null);
    },
  });
}
