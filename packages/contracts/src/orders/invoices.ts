import { z } from 'zod';
import type { EnumOption } from '../resources/options';
import { formatDecimal, formatPesos } from '../money';
import { historyUserSchema } from '../records';

/*
 * Supplier invoices (CFDI 4.0) of an order (docs/orders.md "Supplier invoices"): what
 * POST / GET / DELETE /orders/:id/invoices answer, how an invoice set is matched against what was
 * received, and the order's invoice status.
 */

/** Largest CFDI XML accepted. */
export const CFDI_MAX_BYTES = 2 * 1024 * 1024;
/** Largest PDF representation accepted beside it. */
export const INVOICE_PDF_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What reading a CFDI may cost: how deep its elements nest (a stamped CFDI is under 10 levels, its
 * addenda a few more), how many there are (a CFDI of 5 000 concepts has about 30 000) and how long it
 * may take.
 */
export const CFDI_LIMITS = { maxDepth: 64, maxElements: 100_000, readSeconds: 10 } as const;

/** How far Total may stray from SubTotal − Descuento + traslados − retenciones: each figure is rounded to cents. */
export const CFDI_TOTAL_TOLERANCE = 0.01;

/** Invoices add up to the received amount within ±$1.00 or ±0.5 % of it, whichever is wider. */
export const MATCH_TOLERANCE = { pesos: 1, ratio: 0.005 } as const;

export const INVOICE_STATUS_OPTIONS = [
  { value: 'sin_factura', label: 'Sin factura', severity: 'secondary' },
  { value: 'parcial', label: 'Facturado parcial', severity: 'warn' },
  { value: 'facturado', label: 'Facturado', severity: 'success' },
  { value: 'diferencia', label: 'Con diferencia', severity: 'danger' },
] as const satisfies readonly EnumOption[];
export type InvoiceStatus = (typeof INVOICE_STATUS_OPTIONS)[number]['value'];
export const INVOICE_STATUSES = INVOICE_STATUS_OPTIONS.map((o) => o.value) as [InvoiceStatus, ...InvoiceStatus[]];

export const MATCH_OPTIONS = [
  { value: 'coincide', label: 'Coincide', severity: 'success' },
  { value: 'diferencia', label: 'Diferencia', severity: 'danger' },
] as const satisfies readonly EnumOption[];
export type MatchStatus = (typeof MATCH_OPTIONS)[number]['value'];

/** Order statuses that take invoices: bought or delivered. */
export const INVOICEABLE_STATUS_CODES = ['comprado', 'entregado_parcial', 'entregado'] as const;

export const TIPO_COMPROBANTE: Readonly<Record<string, string>> = { I: 'ingreso', E: 'egreso', T: 'traslado', N: 'nómina', P: 'pago' };

export const INVOICE_MESSAGES = {
  xmlMissing: 'Adjunta el XML del CFDI en el campo «xml»',
  notMultipart: 'Envía la factura como multipart/form-data con los campos «xml» y, si quieres, «pdf»',
  tooLarge: `El XML del CFDI supera ${CFDI_MAX_BYTES / 1024 / 1024} MB`,
  tooDeep: `El XML del CFDI anida sus elementos en más de ${CFDI_LIMITS.maxDepth} niveles; súbelo tal como lo timbró el SAT`,
  tooManyElements: `El XML del CFDI tiene más de ${formatDecimal(CFDI_LIMITS.maxElements, 0, 0)} elementos; súbelo tal como lo timbró el SAT`,
  tooSlow: `Leer el XML del CFDI tomó más de ${CFDI_LIMITS.readSeconds} segundos; súbelo tal como lo timbró el SAT`,
  readerFailed: 'No se pudo leer el XML del CFDI: su lectura excedió la memoria permitida. Súbelo tal como lo timbró el SAT',
  busy: 'El servidor está leyendo muchas facturas a la vez; inténtalo de nuevo en un momento',
  encoding: (encoding: string) => `El XML del CFDI declara la codificación «${encoding}», que no se reconoce; el SAT usa UTF-8`,
  badBytes: (encoding: string) => `El XML del CFDI no es ${encoding} válido; súbelo tal como lo timbró el SAT`,
  totalMismatch: (total: number, computed: number, currency: string) =>
    `El Total del CFDI (${formatDecimal(total, 2, 2)} ${currency}) no cuadra con SubTotal − Descuento + impuestos trasladados − impuestos retenidos (${formatDecimal(computed, 2, 2)} ${currency})`,
  pdfTooLarge: 'El PDF de la factura supera 10 MB',
  notPdf: 'El archivo del campo «pdf» no es un PDF',
  unexpectedPart: 'Solo se admiten los campos «xml» y «pdf»',
  notXml: (reason: string) => `El archivo no es un XML válido: ${reason}`,
  doctype: 'El XML declara un DOCTYPE o entidades; por seguridad no se procesa. Sube el XML tal como lo timbró el SAT',
  notCfdi4: 'El XML no es un CFDI 4.0: falta el nodo cfdi:Comprobante con Version="4.0"',
  notIngreso: (type: string) =>
    `El CFDI es de tipo «${type}»${TIPO_COMPROBANTE[type] ? ` (${TIPO_COMPROBANTE[type]})` : ''}: solo se registran facturas de ingreso (tipo I)`,
  noUuid: 'El CFDI no está timbrado: falta el UUID del TimbreFiscalDigital 1.1',
  missingAttribute: (node: string, attribute: string) => `Al CFDI le falta el atributo ${attribute} de ${node}`,
  badAmount: (attribute: string) => `El atributo ${attribute} del CFDI no es un importe válido`,
  issuerMismatch: (rfc: string, supplier: string, supplierRfc: string) =>
    `El RFC del emisor (${rfc}) no es el del proveedor del pedido, ${supplier} (${supplierRfc})`,
  receiverMismatch: (rfc: string, company: string, companyRfc: string) =>
    `El RFC del receptor (${rfc}) no es el de la empresa de la obra, ${company} (${companyRfc})`,
  currency: (currency: string) =>
    `La moneda del CFDI es ${currency} y no trae TipoCambio: solo se registran facturas en MXN o en otra moneda con su tipo de cambio`,
  duplicate: (uuid: string, folio: string) => `El CFDI ${uuid} ya está registrado en el pedido ${folio}`,
  notInvoiceable: (status: string) => `Solo se registran facturas de pedidos comprados o entregados; este pedido está «${status}»`,
  notFound: 'No se encontró la factura en este pedido',
  /** The match in words: «Coincide» or «Diferencia de $120.00». */
  difference: (amount: number) => `Diferencia de ${formatPesos(amount)}`,
} as const;

/** The invoices of an order against what was received: the sum of their amounts before taxes in MXN. */
export const invoiceMatchSchema = z.object({
  status: z.enum(['coincide', 'diferencia']),
  /** Σ invoices' subtotal − discount, in MXN. */
  invoiced: z.number(),
  /** Σ received quantity × unit price of the order's lines. */
  received: z.number(),
  /** invoiced − received. */
  difference: z.number(),
});
export type InvoiceMatch = z.output<typeof invoiceMatchSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  series: z.string().nullable(),
  folio: z.string().nullable(),
  /** The CFDI's Fecha, as written (the issuer's local time, no offset). */
  issuedAt: z.string(),
  issuerRfc: z.string(),
  issuerName: z.string().nullable(),
  receiverRfc: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  /** Transferred minus withheld taxes. */
  taxes: z.number(),
  total: z.number(),
  currency: z.string(),
  exchangeRate: z.number().nullable(),
  /** subtotal − discount, in MXN: what is matched against the received amount. */
  amountMxn: z.number(),
  hasPdf: z.boolean(),
  createdAt: z.string(),
  createdBy: historyUserSchema.nullable(),
  /** The order's invoices (this one included) against what was received. */
  match: invoiceMatchSchema,
});
export type Invoice = z.output<typeof invoiceSchema>;

export const invoiceListSchema = z.object({
  items: z.array(invoiceSchema.omit({ match: true })),
  match: invoiceMatchSchema,
  invoiceStatus: z.enum(INVOICE_STATUSES),
  /** May the caller add and remove invoices of this order. */
  canEdit: z.boolean(),
});
export type InvoiceList = z.output<typeof invoiceListSchema>;
