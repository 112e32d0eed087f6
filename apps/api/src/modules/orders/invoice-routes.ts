import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import {
  allows,
  CFDI_MAX_BYTES,
  INVOICE_MESSAGES,
  INVOICE_PDF_MAX_BYTES,
  INVOICEABLE_STATUS_CODES,
  invoiceListSchema,
  invoiceSchema,
  ordersResource,
  type PermissionRequirement,
} from '@goc/contracts';
import { actorOf } from '../../lib/crud/actor';
import { ID_MESSAGE, idParamsSchema } from '../../lib/crud/routes';
import type { ResourceService } from '../../lib/crud/service';
import { AppError, ConflictError, ValidationError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { parseCfdiOffThread } from './cfdi';
import { addInvoice, invoiceFigures, invoiceFile, listInvoices, removeInvoice } from './invoices';
import { invoiceStatusOf } from './rules';

const tags = [ordersResource.title];
/** Invoices are purchasing's: adding and removing them is editing the order in Histórico. */
const purchasing: PermissionRequirement = { module: 'history', action: 'edit' };
const read = [
  { module: 'my_orders', action: 'view' },
  { module: 'history', action: 'view' },
] as const;

const invoiceParamsSchema = idParamsSchema.extend({
  invoiceId: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
});

/** The multipart parser's refusals, in the API's words. */
function multipartError(error: unknown): unknown {
  switch ((error as FastifyError).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, INVOICE_MESSAGES.pdfTooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ValidationError({ xml: INVOICE_MESSAGES.unexpectedPart });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, INVOICE_MESSAGES.notMultipart);
    default:
      return error;
  }
}

const xmlTooLarge = () => new AppError(413, INVOICE_MESSAGES.tooLarge);

/**
 * The XML part's bytes as they come, counted while they stream: past CFDI_MAX_BYTES the rest is
 * discarded unread (never buffered up to the PDF's larger limit) and the upload refused.
 */
async function xmlBytes(file: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += (chunk as Buffer).length;
    if (size > CFDI_MAX_BYTES) {
      file.resume();
      throw xmlTooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The `xml` (≤ 2 MB, its bytes as received) and optional `pdf` (≤ 10 MB, a real PDF) parts of an upload, in memory. */
async function receiveInvoice(request: FastifyRequest): Promise<{ xml: Buffer; pdf: Buffer | null }> {
  if (!request.isMultipart()) throw new AppError(415, INVOICE_MESSAGES.notMultipart);
  let xml: Buffer | null = null;
  let pdf: Buffer | null = null;
  try {
    // A text field holds at most the XML's limit (one byte more tells a truncated one).
    for await (const part of request.parts({ limits: { fileSize: INVOICE_PDF_MAX_BYTES, fieldSize: CFDI_MAX_BYTES + 1, files: 2, fields: 1, parts: 3 } })) {
      if (part.type === 'field') {
        // The XML may also come as a text field.
        if (part.fieldname !== 'xml' || typeof part.value !== 'string') throw new ValidationError({ xml: INVOICE_MESSAGES.unexpectedPart });
        if (part.valueTruncated) throw xmlTooLarge();
        xml = Buffer.from(part.value, 'utf8');
      } else if (part.fieldname === 'xml') {
        xml = await xmlBytes(part.file);
      } else if (part.fieldname === 'pdf') {
        pdf = await part.toBuffer();
      } else {
        part.file.resume();
        throw new ValidationError({ xml: INVOICE_MESSAGES.unexpectedPart });
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (!xml || xml.length === 0) throw new ValidationError({ xml: INVOICE_MESSAGES.xmlMissing });
  if (xml.length > CFDI_MAX_BYTES) throw xmlTooLarge();
  if (pdf && pdf.length === 0) pdf = null;
  // By its bytes, not its name or declared type.
  if (pdf && (await fileTypeFromBuffer(pdf))?.mime !== 'application/pdf') throw new ValidationError({ pdf: INVOICE_MESSAGES.notPdf });
  return { xml, pdf };
}

/**
 * /orders/:id/invoices: the supplier's CFDI 4.0 invoices of an order — add (multipart `xml`, optional
 * `pdf`), list with the match against what was received, download their XML / PDF, remove. Every
 * route reads the order through the service first: an order outside the caller's views is a 404.
 */
export function registerInvoiceRoutes(instance: FastifyInstance, service: ResourceService<typeof ordersResource>): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const orderOf = async (request: FastifyRequest, id: number) => service.get(app.db, await actorOf(request), id);

  app.post('/orders/:id/invoices', {
    config: { permission: purchasing, readsFile: true },
    schema: {
      operationId: 'createOrderInvoice',
      tags,
      summary: 'Registrar la factura (CFDI 4.0) del proveedor: multipart/form-data con «xml» y, opcional, «pdf»',
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      response: { 201: invoiceSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const order = await orderOf(request, request.params.id);
      const { status } = order;
      if (!(INVOICEABLE_STATUS_CODES as readonly (string | null)[]).includes(status.code)) throw new ConflictError(INVOICE_MESSAGES.notInvoiceable(status.name));
      const { xml, pdf } = await receiveInvoice(request);
      const cfdi = await parseCfdiOffThread(xml);
      return reply.status(201).send(await addInvoice(app.db, actor, request.params.id, cfdi, xml, pdf));
    },
  });

  app.get('/orders/:id/invoices', {
    config: { permission: read },
    schema: {
      operationId: 'listOrderInvoices',
      tags,
      summary: 'Facturas del pedido con su cotejo contra lo recibido',
      params: idParamsSchema,
      response: { 200: invoiceListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const actor = await actorOf(request);
      await orderOf(request, request.params.id);
      const { count, match } = await invoiceFigures(app.db, request.params.id);
      return { items: await listInvoices(app.db, request.params.id), match, invoiceStatus: invoiceStatusOf(count, match), canEdit: allows(actor, purchasing) };
    },
  });

  for (const kind of ['xml', 'pdf'] as const) {
    // Registered on the untyped instance: the answer is a file, which the zod reply typing does not model.
    instance.get(`/orders/:id/invoices/:invoiceId/${kind}`, {
      config: { permission: read },
      schema: {
        operationId: kind === 'xml' ? 'getOrderInvoiceXml' : 'getOrderInvoicePdf',
        tags,
        summary: kind === 'xml' ? 'El XML del CFDI tal como se recibió (los mismos bytes)' : 'El PDF de la factura',
        params: invoiceParamsSchema,
        response: { 200: { description: kind.toUpperCase(), content: { [kind === 'xml' ? 'application/xml' : 'application/pdf']: { schema: z.string() } } }, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        const { id, invoiceId } = invoiceParamsSchema.parse(request.params);
        await orderOf(request, id);
        const file = await invoiceFile(app.db, id, invoiceId);
        const body = kind === 'xml' ? file.xml : file.pdf;
        if (body === null) throw new AppError(404, INVOICE_MESSAGES.notFound);
        return reply
          // The XML's own declaration names its encoding (UTF-8 when it names none).
          .type(kind === 'xml' ? 'application/xml' : 'application/pdf')
          .header('content-disposition', `attachment; filename="${file.uuid}.${kind}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-cache')
          .send(body);
      },
    });
  }

  app.delete('/orders/:id/invoices/:invoiceId', {
    config: { permission: purchasing },
    schema: {
      operationId: 'deleteOrderInvoice',
      tags,
      summary: 'Quitar una factura del pedido (queda en el historial)',
      params: invoiceParamsSchema,
      response: { 204: z.null().describe('Quitada'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      await orderOf(request, request.params.id);
      await removeInvoice(app.db, actor, request.params.id, request.params.invoiceId);
      return reply.status(204).send(null);
    },
  });
}
