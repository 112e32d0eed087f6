import { z } from 'zod';

/*
 * Documentos: files attached to business records (a quote, a delivery note, a site photo, an IMSS
 * receipt). The API and the SPA share the attachable resources, the accepted types, the limits and
 * the answers' shapes.
 */

/**
 * The `resource` of the attachments API (orders, movements, employees…): a kind of record whose API
 * module declares that it takes documents (its manifest's `attachables`); the API refuses any other.
 */
export type AttachableResource = string;

/** Files per record. */
export const MAX_ATTACHMENTS_PER_RECORD = 50;
/** Default size limit per file (GOC_ATTACHMENT_MAX_MB). */
export const DEFAULT_ATTACHMENT_MAX_MB = 25;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_FILE_NAME_LENGTH = 200;
/** Longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320;

/** Accepted content types (sniffed from the bytes, never taken from the name or the browser). */
export const ATTACHMENT_TYPES = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/xml': 'XML',
  'text/plain': 'Texto',
  'text/csv': 'CSV',
} as const;
export type AttachmentType = keyof typeof ATTACHMENT_TYPES;

/** What a browser may show inline (everything else downloads). */
export const isInlineType = (contentType: string) => contentType === 'application/pdf' || (contentType.startsWith('image/') && contentType !== 'image/heic' && contentType !== 'image/heif');

/** The file picker's hint; the server decides from the content. */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,.xlsx,.docx,.xml,.txt,.csv,image/*,application/pdf';

export const ATTACHMENT_MESSAGES = {
  resource: 'Indica un tipo de registro que admita documentos',
  recordId: 'Indica el registro al que pertenece el documento',
  fileMissing: 'Adjunta un archivo en el campo «file»',
  oneFile: 'Envía un archivo por solicitud',
  empty: 'El archivo está vacío',
  tooLarge: (maxMb: number) => `El archivo supera el tamaño máximo de ${maxMb} MB`,
  tooMany: (max: number) => `El registro ya tiene ${max} documentos, el máximo permitido`,
  type: 'Tipo de archivo no admitido: se aceptan PDF, imágenes (JPEG, PNG, WebP, HEIC), Excel, Word, XML, texto y CSV',
  program: (extension: string) => `Los archivos .${extension} son programas o scripts y no se admiten; si es un documento de texto, guárdalo como .txt`,
  duplicate: (fileName: string) => `Este archivo ya está adjunto al registro como «${fileName}»`,
  description: `La descripción admite hasta ${MAX_DESCRIPTION_LENGTH} caracteres`,
  notMultipart: 'Envía el archivo como multipart/form-data',
  notFound: 'No se encontró el documento',
  noPreview: 'Sin vista previa',
  range: 'El rango solicitado no está dentro del archivo',
} as const;

/** The shape of an attachable resource's name; which ones exist is the API's (its modules' declarations). */
const attachableResourceSchema = z.string({ error: ATTACHMENT_MESSAGES.resource }).regex(/^[a-z][a-z0-9-]{0,39}$/, ATTACHMENT_MESSAGES.resource);

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const attachmentTargetSchema = z.object({
  resource: attachableResourceSchema,
  recordId: positiveId(ATTACHMENT_MESSAGES.recordId),
});
export type AttachmentTarget = z.output<typeof attachmentTargetSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  resource: z.string(),
  recordId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  description: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  hasThumbnail: z.boolean(),
  /** Whether the caller may delete it (the uploader while they may change the record, or who manages it). */
  canDelete: z.boolean(),
});
export type Attachment = z.output<typeof attachmentSchema>;

export const attachmentListSchema = z.object({
  items: z.array(attachmentSchema),
  /** Whether the caller may add documents to the record now. */
  canUpload: z.boolean(),
  /** The size limit per file (GOC_ATTACHMENT_MAX_MB), so a phone does not send what will be refused. */
  maxMb: z.number().int(),
});
export type AttachmentList = z.output<typeof attachmentListSchema>;

const IDS_MESSAGE = 'Indica hasta 100 identificadores separados por comas';

/** GET /attachments/counts: the paperclip numbers of one page of a list. */
export const attachmentCountsQuerySchema = z.object({
  resource: attachableResourceSchema,
  ids: z
    .string({ error: IDS_MESSAGE })
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, IDS_MESSAGE)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id > 0 && id <= 2_147_483_647), IDS_MESSAGE),
});

/** Record id → number of documents (records without any, or outside the caller's scope, are absent). */
export const attachmentCountsSchema = z.object({ counts: z.record(z.string(), z.number().int()) });
export type AttachmentCounts = z.output<typeof attachmentCountsSchema>;
