import { z } from 'zod';
import { isIsoDay } from '../dates/days';
import { f, FIELD_MESSAGES, hasAtMostDecimals, referenceDisplaySchema } from '../resources/fields';
import { defineResource, versionSchema } from '../resources/define';
import { MAX_QUANTITY, QUANTITY_DECIMALS } from '../orders/orders';
import { exportFormatSchema } from '../list-query';
import { IMPORT_MODES } from '../imports';
import { WORK_STATUS_OPTIONS, type WorkStatus } from '../works/statuses';

/*
 * Almacén de obra (docs/stock.md): what each work holds of each material, kept as a ledger of
 * movements (entries from deliveries, consumptions, transfers out and in, losses, count adjustments)
 * and a balance per work and material written in the same transaction as each movement.
 */

/** Only works in these statuses send or receive transfers; a terminada work takes no movement at all. */
export const TRANSFERABLE_WORK_STATUSES = ['planeacion', 'en_ejecucion'] as const satisfies readonly WorkStatus[];

export const STOCK_MOVEMENT_KINDS = ['entrada', 'consumo', 'traspaso_salida', 'traspaso_entrada', 'merma', 'ajuste', 'inventario_inicial'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const STOCK_MOVEMENT_LABELS: Readonly<Record<StockMovementKind, string>> = {
  entrada: 'Entrada por entrega',
  consumo: 'Salida (consumo)',
  traspaso_salida: 'Traspaso enviado',
  traspaso_entrada: 'Traspaso recibido',
  merma: 'Merma',
  ajuste: 'Ajuste por inventario',
  inventario_inicial: 'Inventario inicial',
};

export const TRANSFER_STATUS_OPTIONS = [
  { value: 'en_transito', label: 'En tránsito', severity: 'warn' },
  { value: 'recibido', label: 'Recibido', severity: 'success' },
] as const;
export type TransferStatus = (typeof TRANSFER_STATUS_OPTIONS)[number]['value'];

export const COUNT_STATUS_OPTIONS = [
  { value: 'por_aprobar', label: 'Por aprobar', severity: 'warn' },
  { value: 'aplicado', label: 'Aplicado', severity: 'success' },
] as const;
export type CountStatus = (typeof COUNT_STATUS_OPTIONS)[number]['value'];

const workStatusLabel = (status: string) => WORK_STATUS_OPTIONS.find((o) => o.value === status)?.label.toLowerCase() ?? status;

export const STOCK_MESSAGES = {
  /** A consumption, transfer or loss beyond what the work holds (409). */
  notEnough: (onHand: string, unit: string | null, material: string) => `Solo hay ${onHand}${unit ? ` ${unit}` : ''} de ${material} en la obra`,
  workClosed: (work: string) => `La obra «${work}» está terminada: ya no registra movimientos de almacén`,
  workNotTransferable: (work: string, status: string) =>
    `La obra «${work}» está ${workStatusLabel(status)}: solo hay traspasos entre obras en planeación o en ejecución`,
  sameWork: 'La obra de destino debe ser distinta de la de origen',
  linesRequired: 'Agrega al menos un material',
  repeatedMaterial: 'El material está repetido',
  conceptRequired: 'Indica el concepto o frente',
  transferReceived: 'Este traspaso ya fue recibido',
  transferNotInTransit: 'El traspaso no pertenece a ninguna obra a la que puedas darle entrada',
  unknownTransferMaterial: 'El material no viene en este traspaso',
  overReceipt: (sent: string, received: string) => `La cantidad recibida (${received}) supera la enviada (${sent})`,
  lossReasonRequired: 'Indica el motivo de la diferencia entre lo enviado y lo recibido',
  countApplied: 'Este conteo ya fue aplicado',
  adjustmentReasonRequired: 'Indica el motivo de los ajustes',
  unknownMaterial: 'El material no existe',
  stale: 'El registro cambió mientras lo veías; recarga e inténtalo de nuevo',
  /** An opening balance for a material the work already moved: the books already say what it holds. */
  openingAfterMovements: 'La obra ya tiene movimientos de este material: corrige su existencia con un inventario físico',
} as const;

const idSchema = z.number({ error: FIELD_MESSAGES.option }).int(FIELD_MESSAGES.option).positive(FIELD_MESSAGES.option).max(2_147_483_647, FIELD_MESSAGES.option);
const queryIdSchema = z.coerce.number({ error: FIELD_MESSAGES.option }).int(FIELD_MESSAGES.option).positive(FIELD_MESSAGES.option).max(2_147_483_647, FIELD_MESSAGES.option);

const quantitySchema = z
  .number({ error: (iss) => (iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.number) })
  .max(MAX_QUANTITY, FIELD_MESSAGES.max(MAX_QUANTITY))
  .refine((v) => hasAtMostDecimals(v, QUANTITY_DECIMALS), FIELD_MESSAGES.decimals(QUANTITY_DECIMALS));

const daySchema = z.string({ error: FIELD_MESSAGES.date }).refine(isIsoDay, FIELD_MESSAGES.date);
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, FIELD_MESSAGES.maxLength(max));
const optionalText = (max: number) => z.string({ error: FIELD_MESSAGES.text }).trim().max(max, FIELD_MESSAGES.maxLength(max)).nullish().transform((v) => v || null);

/** Lines one movement document (a salida, a transfer, a count) holds. */
export const STOCK_MAX_LINES = 500;

/** Materials named once each (a repeated one is refused on its second mention). */
function uniqueMaterials<T extends { materialId: number }>(items: readonly T[], ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.materialId)) ctx.addIssue({ code: 'custom', message: STOCK_MESSAGES.repeatedMaterial, path: [index, 'materialId'] });
    seen.add(item.materialId);
  });
}

const linesOf = <L extends { materialId: number }>(line: z.ZodType<L>) =>
  z.array(line, { error: STOCK_MESSAGES.linesRequired }).min(1, STOCK_MESSAGES.linesRequired).max(STOCK_MAX_LINES).superRefine(uniqueMaterials);

const movedLines = linesOf(z.object({ materialId: idSchema, quantity: quantitySchema.refine((v) => v > 0, FIELD_MESSAGES.positive) }));

/** POST /stock/consumptions: a salida of material used at the work. */
export const consumptionInputSchema = z.object({
  workId: idSchema,
  date: daySchema,
  concept: requiredText(STOCK_MESSAGES.conceptRequired, 200),
  /** Who took the material (free text: a crew, a subcontractor). */
  receivedBy: optionalText(200),
  lines: movedLines,
});
export type ConsumptionInput = z.output<typeof consumptionInputSchema>;

/** POST /stock/transfers: the material leaves the origin at once and travels «en tránsito». */
export const transferInputSchema = z
  .object({ fromWorkId: idSchema, toWorkId: idSchema, date: daySchema.optional(), notes: optionalText(500), lines: movedLines })
  .refine((t) => t.fromWorkId !== t.toWorkId, { message: STOCK_MESSAGES.sameWork, path: ['toWorkId'] });
export type TransferInput = z.output<typeof transferInputSchema>;

/** POST /stock/transfers/:id/receive: what arrived of each material; a shortfall needs its reason. */
export const receiveTransferInputSchema = z.object({
  version: versionSchema,
  lines: linesOf(z.object({ materialId: idSchema, quantity: quantitySchema.refine((v) => v >= 0, FIELD_MESSAGES.min(0)) })),
  lossReason: optionalText(500),
});
export type ReceiveTransferInput = z.output<typeof receiveTransferInputSchema>;

/** POST /stock/counts: a count sheet of a work (the counted quantity of each material). */
export const countInputSchema = z.object({
  workId: idSchema,
  date: daySchema,
  notes: optionalText(500),
  lines: linesOf(z.object({ materialId: idSchema, countedQuantity: quantitySchema.refine((v) => v >= 0, FIELD_MESSAGES.min(0)) })),
});
export type CountInput = z.output<typeof countInputSchema>;

/** POST /stock/counts/:id/apply: the differences become adjustments with this reason. */
export const applyCountInputSchema = z.object({ version: versionSchema, reason: requiredText(STOCK_MESSAGES.adjustmentReasonRequired, 500) });
export type ApplyCountInput = z.output<typeof applyCountInputSchema>;

export const kardexQuerySchema = z.object({
  workId: queryIdSchema,
  materialId: queryIdSchema,
  page: z.coerce.number({ error: FIELD_MESSAGES.integer }).int(FIELD_MESSAGES.integer).positive(FIELD_MESSAGES.positive).max(100_000).default(1),
  pageSize: z.coerce.number({ error: FIELD_MESSAGES.integer }).int(FIELD_MESSAGES.integer).positive(FIELD_MESSAGES.positive).max(500, FIELD_MESSAGES.max(500)).default(100),
});
export type KardexQuery = z.output<typeof kardexQuerySchema>;

const statusMessage = (options: readonly { value: string }[]) => `El estatus debe ser uno de: ${options.map((o) => o.value).join(', ')}`;

/** GET /stock/transfers: those leaving or reaching a work, by status. */
export const transferQuerySchema = z.object({
  workId: queryIdSchema.optional(),
  status: z.enum(['en_transito', 'recibido'], { error: statusMessage(TRANSFER_STATUS_OPTIONS) }).optional(),
});
export type TransferQuery = z.output<typeof transferQuerySchema>;

/** GET /stock/counts: a work's counts, by status. */
export const countQuerySchema = z.object({
  workId: queryIdSchema.optional(),
  status: z.enum(['por_aprobar', 'aplicado'], { error: statusMessage(COUNT_STATUS_OPTIONS) }).optional(),
});
export type CountQuery = z.output<typeof countQuerySchema>;

export const conceptQuerySchema = z.object({ workId: queryIdSchema });

/**
 * The count sheet (hoja de conteo): exported with what the books say a work holds of each material
 * (GET /stock/counts/sheet), filled in at the work and imported back as a count
 * (POST /stock/counts/import). Materials are found by «Clave»; a blank «Cantidad contada» was not counted.
 */
export const COUNT_SHEET_HEADERS = {
  code: 'Clave',
  material: 'Material',
  unit: 'Unidad',
  expected: 'Existencia en sistema',
  counted: 'Cantidad contada',
} as const;

export const COUNT_SHEET_MESSAGES = {
  unknownCode: (code: string) => `No existe un material con clave «${code}»`,
  nothingCounted: 'La hoja no tiene ninguna cantidad contada',
  tooManyLines: (max: number) => `La hoja tiene más de ${max} materiales contados; divídela en varios conteos`,
  missingColumn: (header: string) => `Falta la columna «${header}»; usa la hoja de conteo exportada`,
} as const;


export const countSheetQuerySchema = z.object({ workId: queryIdSchema, format: exportFormatSchema.default('xlsx') });
export type CountSheetQuery = z.output<typeof countSheetQuerySchema>;

export const countSheetImportQuerySchema = z.object({
  workId: queryIdSchema,
  date: daySchema,
  notes: optionalText(500),
  mode: z.enum(IMPORT_MODES, { error: `El modo debe ser uno de: ${IMPORT_MODES.join(', ')}` }).default('validate'),
});
export type CountSheetImportQuery = z.output<typeof countSheetImportQuerySchema>;

/** One movement of a kardex: signed quantity and amount, and the balance after it. */
export const stockMovementSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Positive in, negative out. */
  quantity: z.number(),
  unitCost: z.number(),
  amount: z.number(),
  balance: z.number(),
  balanceValue: z.number(),
  concept: z.string().nullable(),
  reference: z.string().nullable(),
  /** The salida a consumo movement belongs to: its documents are the `stock-consumptions` attachments of this id. */
  consumptionId: z.number().int().nullable(),
  createdBy: referenceDisplaySchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StockMovement = z.output<typeof stockMovementSchema>;

export const kardexSchema = z.object({
  work: referenceDisplaySchema,
  material: referenceDisplaySchema,
  unit: z.string().nullable(),
  quantity: z.number(),
  averageCost: z.number(),
  value: z.number(),
  /** Oldest first, so the running balance reads down the page. */
  items: z.array(stockMovementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type Kardex = z.output<typeof kardexSchema>;

const movedLineSchema = z.object({
  materialId: z.number().int(),
  material: z.string(),
  unit: z.string().nullable(),
  quantity: z.number(),
  unitCost: z.number(),
  amount: z.number(),
  /** What the work holds of it after this movement. */
  balance: z.number(),
});

export const consumptionSchema = z.object({
  id: z.number().int(),
  work: referenceDisplaySchema,
  date: z.string(),
  concept: z.string(),
  receivedBy: z.string().nullable(),
  lines: z.array(movedLineSchema),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Consumption = z.output<typeof consumptionSchema>;

export const transferSchema = z.object({
  id: z.number().int(),
  folio: z.string(),
  fromWork: referenceDisplaySchema,
  toWork: referenceDisplaySchema,
  status: z.enum(['en_transito', 'recibido']),
  date: z.string(),
  notes: z.string().nullable(),
  lossReason: z.string().nullable(),
  lines: z.array(
    z.object({
      materialId: z.number().int(),
      material: z.string(),
      unit: z.string().nullable(),
      quantity: z.number(),
      receivedQuantity: z.number().nullable(),
      amount: z.number(),
    }),
  ),
  sentBy: referenceDisplaySchema.nullable(),
  receivedBy: referenceDisplaySchema.nullable(),
  receivedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  version: z.number().int(),
});
export type Transfer = z.output<typeof transferSchema>;

export const countSchema = z.object({
  id: z.number().int(),
  work: referenceDisplaySchema,
  status: z.enum(['por_aprobar', 'aplicado']),
  date: z.string(),
  notes: z.string().nullable(),
  reason: z.string().nullable(),
  lines: z.array(
    z.object({
      materialId: z.number().int(),
      material: z.string(),
      unit: z.string().nullable(),
      countedQuantity: z.number(),
      /** On hand now (or when applied). */
      expectedQuantity: z.number(),
      difference: z.number(),
    }),
  ),
  countedBy: referenceDisplaySchema.nullable(),
  appliedBy: referenceDisplaySchema.nullable(),
  appliedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  version: z.number().int(),
});
export type StockCount = z.output<typeof countSchema>;

export const transferListSchema = z.array(transferSchema);
export const countListSchema = z.array(countSchema);

/** Concepts already written at a work, most used first (the salida form's suggestions). */
export const conceptSuggestionsSchema = z.array(z.string());

/**
 * Existencias: one row per work and material, kept with every movement. Read-only through the
 * resource mechanism (list protocol, filters, export); movements are written by the stock routes.
 */
export const stockBalancesResource = defineResource({
  key: 'stockBalances',
  resource: '/stock',
  module: 'stock',
  route: 'stock',
  nouns: { singular: 'existencia', plural: 'existencias', article: 'la' },
  fields: {
    workId: f.reference({ label: 'Obra', target: 'works', displayKey: 'work', readOnly: true }),
    materialId: f.reference({ label: 'Material', target: 'materials', displayKey: 'material', readOnly: true }),
    unitId: f.reference({ label: 'Unidad', target: 'units', displayKey: 'unit', readOnly: true }),
    quantity: f.number({ label: 'Existencia', decimals: QUANTITY_DECIMALS, readOnly: true }),
    averageCost: f.money({ label: 'Costo promedio', readOnly: true }),
    value: f.money({ label: 'Valor', readOnly: true }),
    lastMovementOn: f.date({ label: 'Último movimiento', readOnly: true }),
  },
  label: { fields: ['materialId'] },
  defaultSort: '-value',
  options: false,
});
export type StockBalance = z.output<typeof stockBalancesResource.schemas.entity>;

/**
 * Inventario inicial: what a work held of a material when the store started being kept in GOC, at
 * its unit cost. Written only by import (the shared mechanism: template, dry run, all or nothing);
 * each row enters the work's store as one «inventario inicial» movement in the same transaction.
 * One per work and material, and only before the work has moved that material.
 */
export const stockOpeningsResource = defineResource({
  key: 'stockOpenings',
  resource: '/stock/openings',
  module: 'stock',
  nouns: { singular: 'inventario inicial', plural: 'inventarios iniciales', article: 'el' },
  fields: {
    workId: f.reference({ label: 'Obra', target: 'works', displayKey: 'work', required: true }),
    materialId: f.reference({ label: 'Material', target: 'materials', displayKey: 'material', required: true, unique: { scope: 'workId' } }),
    quantity: f.number({ label: 'Cantidad', decimals: QUANTITY_DECIMALS, positive: true, max: MAX_QUANTITY, required: true }),
    unitCost: f.money({ label: 'Costo unitario', required: true }),
    date: f.date({ label: 'Fecha', hint: 'Vacía: hoy' }),
  },
  label: { fields: ['materialId'] },
  defaultSort: '-createdAt',
  // Opening balances set what the store is worth: the same right as applying a count.
  permissions: { create: { module: 'stock', action: 'edit' } },
  import: { match: [], record: ['workId', 'materialId'] },
});
export type StockOpening = z.output<typeof stockOpeningsResource.schemas.entity>;

/**
 * Salidas as records (GET /stock/consumptions, /stock/consumptions/:id): what the photos and the
 * signed vale are attached to. Written by POST /stock/consumptions with their lines.
 */
export const stockConsumptionsResource = defineResource({
  key: 'stockConsumptions',
  resource: '/stock/consumptions',
  module: 'stock',
  nouns: { singular: 'salida', plural: 'salidas', article: 'la' },
  fields: {
    workId: f.reference({ label: 'Obra', target: 'works', displayKey: 'work', readOnly: true }),
    date: f.date({ label: 'Fecha', readOnly: true }),
    concept: f.text({ label: 'Concepto o frente', readOnly: true }),
    receivedBy: f.text({ label: 'Recibió', readOnly: true }),
  },
  label: { fields: ['concept'] },
  defaultSort: '-date',
});
export type StockConsumptionRecord = z.output<typeof stockConsumptionsResource.schemas.entity>;
