import { z } from 'zod';
import { f, FIELD_MESSAGES, hasAtMostDecimals, type StatusDisplay } from '../resources/fields';
import type { OrderStatusCode } from '../catalogs/statuses';
import { WORK_STATUS_OPTIONS, type WorkStatus } from '../works/statuses';
import { formatDayLong } from '../dates/display';
import { formatPesos } from '../money';
import { INVOICE_STATUS_OPTIONS } from './invoices';
import { PROJECT_STATUS_OPTIONS, type ProjectStatus } from '../projects/statuses';
import { defineResource, type PermissionRequirement, type ResourceActor } from '../resources/define';
import { COMMENT_MAX_LENGTH } from '../resources/requests';

/*
 * Pedidos: material orders a requester (residente de obra) writes and purchasing moves from draft to
 * delivery. The declaration says what the API and the SPA share: fields and lines, the two views
 * (mine under my_orders, all under history), the per-row guards and the workflow's actions.
 */

/** Quantities keep 3 decimals (numeric(12,3)): 0.125 m3 of concrete is a real order. */
export const QUANTITY_DECIMALS = 3;
export const MAX_QUANTITY = 999_999_999.999;

/** Folio of the n-th order: PED-000123. */
export const formatOrderFolio = (n: number) => `PED-${String(n).padStart(6, '0')}`;

/** Works that take orders: material is asked for works being planned or built, never for suspended or finished ones. */
export const ORDERABLE_WORK_STATUSES = ['planeacion', 'en_ejecucion'] as const satisfies readonly WorkStatus[];
/** Projects that take orders: any but a finished one. */
export const ORDERABLE_PROJECT_STATUSES = PROJECT_STATUS_OPTIONS.map((o) => o.value).filter((v) => v !== 'terminado') as readonly ProjectStatus[];

/** Dirección: authorises orders at or above their company's approval limit and commits over budget. */
export const APPROVAL_PERMISSION = { module: 'orders_approval', action: 'edit' } as const satisfies PermissionRequirement;

/** Shortest written justification of a commitment over budget. */
export const OVER_BUDGET_COMMENT_MIN = 10;

/** What a budget check compares: the project's (or, without one, the work's) budget and commitments. */
export interface BudgetFigures {
  /** 'proyecto' or 'obra', and its name. */
  scope: 'proyecto' | 'obra';
  name: string;
  budget: number;
  /** Committed before this action. */
  committed: number;
  /** This order's total after the action. */
  total: number;
  /** Committed after the action. */
  after: number;
}

/** GET /orders/budget: the budget an order would commit against, before it is sent. */
export const orderBudgetQuerySchema = z.object({
  workId: z.coerce.number({ error: FIELD_MESSAGES.option }).int(FIELD_MESSAGES.option).positive(FIELD_MESSAGES.option).max(2_147_483_647, FIELD_MESSAGES.option),
  projectId: z.coerce.number({ error: FIELD_MESSAGES.option }).int(FIELD_MESSAGES.option).positive(FIELD_MESSAGES.option).max(2_147_483_647, FIELD_MESSAGES.option).optional(),
});
export const orderBudgetSchema = z.object({
  scope: z.enum(['proyecto', 'obra']),
  name: z.string(),
  /** 0: no budget set (nothing is checked). */
  budget: z.number(),
  committed: z.number(),
  available: z.number(),
});
export type OrderBudget = z.output<typeof orderBudgetSchema>;

const scopeName = (f: Pick<BudgetFigures, 'scope' | 'name'>) => (f.scope === 'proyecto' ? `del proyecto «${f.name}»` : `de la obra «${f.name}»`);

const workStatusLabel = (status: string) => WORK_STATUS_OPTIONS.find((o) => o.value === status)?.label.toLowerCase() ?? status;

export const ORDER_MESSAGES = {
  workNotOrderable: (work: string, status: string) =>
    `La obra «${work}» está ${workStatusLabel(status)}: solo se piden materiales para obras en planeación o en ejecución`,
  projectFinished: (project: string) => `El proyecto «${project}» está terminado: ya no se le piden materiales`,
  requiredDatePast: (today: string) => `La fecha requerida no puede ser anterior a hoy (${formatDayLong(today)})`,
  duplicateNeedsWork: (work: string) => `La obra «${work}» ya no recibe pedidos: elige otra obra para el duplicado`,
  cancelDraftOfOther: 'El borrador pertenece a quien lo hizo: solo esa persona puede cancelarlo',
  editNotDraft: (status: string) => `Solo se puede editar un pedido en borrador; este pedido está «${status}»`,
  deleteNotDraft: (status: string) => `Solo se puede eliminar un pedido en borrador; este pedido está «${status}»`,
  editNotRequester: 'Solo quien hizo el pedido puede editarlo',
  deleteNotRequester: 'Solo quien hizo el pedido puede eliminarlo',
  projectOutsideWork: 'El proyecto no pertenece a la obra seleccionada',
  supplierRequired: 'Selecciona el proveedor de la compra',
  priceRequired: 'Indica el precio unitario de la partida antes de comprar',
  unknownLine: 'La partida no pertenece a este pedido',
  repeatedLine: 'La partida está repetida',
  receivedRequired: 'Indica las cantidades recibidas en esta entrega',
  receivedEmpty: 'Indica la cantidad recibida de al menos una partida',
  overDelivery: (ordered: string, received: string) =>
    `La cantidad recibida en total (${received}) supera la pedida (${ordered})`,
  approvalRequired: (total: number | string, limit: number | string) =>
    `Este pedido requiere aprobación de Dirección: el total ${formatPesos(total)} es mayor o igual al límite de ${formatPesos(limit)}`,
  purchaseOverLimit: (total: number | string, limit: number | string) =>
    `Los precios de la compra llevan el total a ${formatPesos(total)}, mayor o igual al límite de ${formatPesos(limit)}: la compra requiere aprobación de Dirección`,
  overBudget: (f: BudgetFigures) =>
    `Este pedido lleva el comprometido ${scopeName(f)} a ${formatPesos(f.after)}, por encima de su presupuesto de ${formatPesos(f.budget)} (comprometido: ${formatPesos(f.committed)}; disponible: ${formatPesos(f.budget - f.committed)}; este pedido: ${formatPesos(f.total)})`,
  overBudgetNotAllowed: 'Solo Dirección (Aprobación de pedidos) puede comprometer por encima del presupuesto',
  overBudgetComment: `Escribe una justificación de al menos ${OVER_BUDGET_COMMENT_MIN} caracteres`,
  overBudgetCommentLong: `La justificación admite como máximo ${COMMENT_MAX_LENGTH} caracteres`,
  /** The timeline's record of an override. */
  overBudgetNote: (f: BudgetFigures, comment: string) =>
    `Sobre presupuesto ${scopeName(f)} (${formatPesos(f.after)} de ${formatPesos(f.budget)}): ${comment}`,
} as const;

const quantityBase = z
  .number({ error: (iss) => (iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.number) })
  .max(MAX_QUANTITY, FIELD_MESSAGES.max(MAX_QUANTITY))
  .refine((v) => hasAtMostDecimals(v, QUANTITY_DECIMALS), FIELD_MESSAGES.decimals(QUANTITY_DECIMALS));

const lineIdSchema = z
  .number({ error: ORDER_MESSAGES.unknownLine })
  .int(ORDER_MESSAGES.unknownLine)
  .positive(ORDER_MESSAGES.unknownLine);

/** Lines named once each in a transition body (a repeated line is refused on its second mention). */
function uniqueLines<T extends { lineId: number }>(items: readonly T[], ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.lineId)) ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.repeatedLine, path: [index, 'lineId'] });
    seen.add(item.lineId);
  });
}

/** `received` of a delivery: the quantities of this delivery per line (0 for a line that brought nothing). */
export const receivedInputSchema = z
  .array(z.object({ lineId: lineIdSchema, quantity: quantityBase.min(0, FIELD_MESSAGES.min(0)) }), { error: ORDER_MESSAGES.receivedRequired })
  .max(500)
  .superRefine(uniqueLines)
  .refine((items) => items.some((i) => i.quantity > 0), ORDER_MESSAGES.receivedEmpty);

/** `prices` of a purchase: unit prices purchasing agreed with the supplier, per line (they replace the requester's estimates). */
export const pricesInputSchema = z
  .array(z.object({ lineId: lineIdSchema, unitPrice: f.money({ label: 'Precio unitario', required: true }).schemas.create }))
  .max(500)
  .superRefine(uniqueLines);

const supplierIdSchema = z
  .number({ error: FIELD_MESSAGES.option })
  .int(FIELD_MESSAGES.option)
  .positive(FIELD_MESSAGES.option)
  .nullable();

/** `overBudget` of an authorisation or a purchase: Dirección's written reason to commit over the budget. */
export const overBudgetInputSchema = z.object(
  {
    comment: z
      .string({ error: ORDER_MESSAGES.overBudgetComment })
      .trim()
      .min(OVER_BUDGET_COMMENT_MIN, ORDER_MESSAGES.overBudgetComment)
      .max(COMMENT_MAX_LENGTH, ORDER_MESSAGES.overBudgetCommentLong),
  },
  { error: ORDER_MESSAGES.overBudgetComment },
);

/**
 * Body fields of POST /orders/:id/transitions beyond `to`, `version` and `comment`: a purchase's
 * supplier and prices, a delivery's quantities, an over-budget justification.
 */
const orderTransitionExtras = {
  supplierId: supplierIdSchema.optional(),
  prices: pricesInputSchema.optional(),
  received: receivedInputSchema.optional(),
  overBudget: overBudgetInputSchema.optional(),
};
export const orderTransitionExtrasSchema = z.object(orderTransitionExtras);
export type OrderTransitionExtras = z.output<typeof orderTransitionExtrasSchema>;

const SENT_OPEN_STATUSES = ['enviado', 'autorizado', 'comprado', 'entregado_parcial'] as const satisfies readonly OrderStatusCode[];
const DELIVERABLE = ['comprado', 'entregado_parcial'] as const satisfies readonly OrderStatusCode[];

const mine = (action: 'edit'): PermissionRequirement => ({ module: 'my_orders', action });
const purchasing: PermissionRequirement = { module: 'history', action: 'edit' };

interface GuardedRow {
  requestedById: number | null;
  status: StatusDisplay;
}

/** Why the requester may not change this order now (only drafts, only their own), or null. */
function draftOfRequester(row: GuardedRow, actor: ResourceActor, notDraft: (status: string) => string, notRequester: string): string | null {
  if (row.status.code !== 'borrador') return notDraft(row.status.name);
  if (row.requestedById !== actor.userId) return notRequester;
  return null;
}

export const ordersResource = defineResource({
  key: 'orders',
  resource: '/orders',
  module: 'my_orders',
  route: 'myOrders',
  nouns: { singular: 'pedido', plural: 'pedidos', article: 'el' },
  fields: {
    folio: f.text({ label: 'Folio', readOnly: true, maxLength: 20 }),
    workId: f.reference({ label: 'Obra', required: true, target: 'works', displayKey: 'work', offer: () => ORDERABLE_WORK_STATUSES }),
    projectId: f.reference({
      label: 'Proyecto',
      target: 'projects',
      displayKey: 'project',
      dependsOn: { field: 'workId', message: ORDER_MESSAGES.projectOutsideWork },
      offer: () => ORDERABLE_PROJECT_STATUSES,
    }),
    requestedById: f.reference({ label: 'Solicitante', readOnly: true, target: 'users', displayKey: 'requestedBy' }),
    requiredDate: f.date({ label: 'Fecha requerida', required: true, notPast: true }),
    supplierId: f.reference({ label: 'Proveedor', target: 'suppliers', displayKey: 'supplier' }),
    statusId: f.status({ label: 'Estatus', target: 'orderStatuses', displayKey: 'status' }),
    notes: f.textarea({ label: 'Notas', maxLength: 1000 }),
    lines: f.lines({
      label: 'Partidas',
      nouns: { singular: 'partida', plural: 'partidas', article: 'la' },
      min: 1,
      max: 200,
      progress: { done: 'receivedQuantity', of: 'quantity', unit: 'unitId' },
      fields: {
        materialId: f.reference({ label: 'Material', required: true, target: 'materials', displayKey: 'material' }),
        quantity: f.number({ label: 'Cantidad', required: true, positive: true, decimals: QUANTITY_DECIMALS, max: MAX_QUANTITY }),
        unitId: f.reference({ label: 'Unidad', readOnly: true, target: 'units', displayKey: 'unit', copiedFrom: 'materialId' }),
        unitPrice: f.money({ label: 'Precio unitario', startsFrom: 'materialId' }),
        amount: f.money({ label: 'Importe', readOnly: true }),
        receivedQuantity: f.number({ label: 'Recibido', readOnly: true, decimals: QUANTITY_DECIMALS }),
        notes: f.text({ label: 'Notas', maxLength: 500 }),
      },
    }),
    total: f.money({ label: 'Total', readOnly: true }),
    lineCount: f.number({ label: 'Partidas', readOnly: true, integer: true }),
    // Sent, and at or above the approval limit of its work's company: waits for Dirección.
    needsApproval: f.flag({ label: 'Requiere aprobación', list: { shownByDefault: false } }),
    // The supplier's CFDI invoices against what was received (kept by the server: docs/orders.md).
    invoiceStatus: f.enum({ label: 'Facturación', options: INVOICE_STATUS_OPTIONS, readOnly: true }),
  },
  label: { fields: ['folio'] },
  defaultSort: '-createdAt',
  views: {
    mine: { label: 'Mis pedidos', module: 'my_orders', route: 'myOrders' },
    all: { label: 'Histórico de pedidos', module: 'history', route: 'ordersHistory' },
  },
  permissions: {
    create: { module: 'my_orders', action: 'create' },
    edit: { module: 'my_orders', action: 'edit' },
    delete: { module: 'my_orders', action: 'delete' },
  },
  extraFilters: {
    materialId: { label: 'Material', type: 'reference', target: 'materials' },
  },
  guards: {
    edit: (row, actor) => draftOfRequester(row, actor, ORDER_MESSAGES.editNotDraft, ORDER_MESSAGES.editNotRequester),
    delete: (row, actor) => draftOfRequester(row, actor, ORDER_MESSAGES.deleteNotDraft, ORDER_MESSAGES.deleteNotRequester),
  },
  workflow: {
    statusField: 'statusId',
    statusKey: 'status',
    ownerField: 'requestedById',
    actions: [
      { to: 'enviado', label: 'Enviar', icon: 'pi pi-send', severity: 'info', from: ['borrador'], permission: mine('edit'), ownerOnly: true, confirm: '¿Enviar el pedido a compras?' },
      { to: 'cancelado', label: 'Cancelar', icon: 'pi pi-times', severity: 'danger', from: ['borrador', 'enviado'], permission: mine('edit'), ownerOnly: true, ownerOnlyMessage: ORDER_MESSAGES.cancelDraftOfOther, commentRequired: true, confirm: '¿Cancelar el pedido?' },
      // A draft belongs to its requester: purchasing cancels an order only once it was sent.
      { to: 'cancelado', label: 'Cancelar', icon: 'pi pi-times', severity: 'danger', from: SENT_OPEN_STATUSES, permission: purchasing, commentRequired: true, confirm: '¿Cancelar el pedido?' },
      { to: 'autorizado', label: 'Autorizar', icon: 'pi pi-check', severity: 'success', from: ['enviado'], permission: purchasing, confirm: '¿Autorizar el pedido?' },
      { to: 'rechazado', label: 'Rechazar', icon: 'pi pi-ban', severity: 'danger', from: ['enviado'], permission: purchasing, commentRequired: true, confirm: '¿Rechazar el pedido?' },
      { to: 'comprado', label: 'Comprar', icon: 'pi pi-shopping-cart', severity: 'contrast', from: ['autorizado'], permission: purchasing, confirm: '¿Registrar la compra del pedido?' },
      { to: 'entregado_parcial', label: 'Registrar entrega parcial', icon: 'pi pi-box', severity: 'warn', from: DELIVERABLE, permission: purchasing },
      { to: 'entregado', label: 'Registrar entrega', icon: 'pi pi-check-circle', severity: 'success', from: DELIVERABLE, permission: purchasing },
    ],
    input: orderTransitionExtras,
  },
});

export type OrdersResource = typeof ordersResource;
export type OrderEntity = z.output<OrdersResource['schemas']['entity']>;
export type OrderLine = OrderEntity['lines'][number];
export type OrderCreateInput = z.input<OrdersResource['schemas']['createInput']>;

/** «del proyecto «X»» or «de la obra «X»»: the budget that budget figures are about (the history says it too). */
export { scopeName as budgetScopeName };
