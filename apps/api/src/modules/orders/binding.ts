import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  FIELD_MESSAGES,
  formatOrderFolio,
  fromUnits,
  MONEY_DECIMALS,
  ORDER_MESSAGES,
  orderDelivered,
  orderTotal,
  orderTransitionExtrasSchema,
  ordersResource,
  QUANTITY_DECIMALS,
  toUnits,
  type OrderEntity,
  type PricedLine,
} from '@goc/contracts';
import type { Tx } from '../../db/client';
import type { DerivedColumns } from '../../lib/bulk-insert';
import { materials, ORDER_FOLIO_COUNTER, orderLines, orderStatuses, orders, recordTimeline, suppliers } from '../../db/schema';
import { inactiveReferenceMessage } from '../../lib/crud/messages';
import { statusIdByCode } from '../../lib/crud/statuses';
import type { Input, ResourceBinding, TransitionContext, TransitionOutcome } from '../../lib/crud/types';
import { ConflictError, ValidationError } from '../../lib/errors';
import { publishEvent } from '../../lib/events/typed';
import { orderRefusals, type OrderPlace } from './orderable';
import { orderQueries } from './queries';
import { invoiceFigures } from './invoices';
import { checkApprovalLimit, checkBudget } from './purchasing';
import { applyDelivery, invoiceStatusOf, planPurchase } from './rules';

/*
 * Pedidos on the resource mechanism: the declaration (contracts) plus what only orders say — who a
 * view shows, the folio sequence, the unit copied into each line, the stored total, and what buying
 * and receiving do inside their transition's transaction.
 */

/** The stored summary columns of a set of lines. */
function summary(lines: readonly PricedLine[]) {
  return { total: orderTotal(lines), lineCount: lines.length };
}

/**
 * Each line takes the unit of its material as it is now (a later change of the material keeps the
 * order as asked): read by the lines' insert itself, not by a statement of its own.
 */
const copiedUnit: DerivedColumns = {
  unitId: (line) => sql`(select ${materials.unitId} from ${materials} where ${materials.id} = ${line(orderLines.materialId)})`,
};

/** A new order's status, evaluated by its insert. */
const DRAFT_STATUS_ID = statusIdByCode(orderStatuses, 'borrador');

type Transition = TransitionContext<OrderEntity, Input>;

/** A create or an edit of an order for a closed work, a finished project or a past date: 400 on the fields to fix. */
async function checkOrderable(tx: Tx, order: OrderPlace): Promise<void> {
  const fields = await orderRefusals(tx, order);
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

/** borrador → enviado: the same rules as a write, checked again because the work or the day may have changed since. */
async function send({ tx, before }: Transition): Promise<TransitionOutcome> {
  const [refusal] = Object.values(await orderRefusals(tx, { workId: before.workId, projectId: before.projectId, requiredDate: before.requiredDate }));
  if (refusal) throw new ConflictError(refusal);
  return {};
}

/** The stored total as the decimal text the checks compare. */
const totalText = (order: OrderEntity) => (order.total ?? 0).toFixed(2);

/**
 * enviado → autorizado: at or above the company's approval limit only Dirección (orders_approval edit)
 * authorises (403); the order's total is committed against its project's or work's budget (409 over it
 * without Dirección's justification).
 */
async function authorise({ tx, actor, before, input }: Transition): Promise<TransitionOutcome> {
  const { overBudget } = orderTransitionExtrasSchema.parse(input);
  const ctx = { tx, actor };
  await checkApprovalLimit(ctx, before.workId, totalText(before), ORDER_MESSAGES.approvalRequired);
  return checkBudget(ctx, before, totalText(before), overBudget);
}

/** A newly chosen supplier must exist and be active. */
async function checkSupplier(tx: Tx, supplierId: number): Promise<void> {
  const [row] = await tx.select({ active: suppliers.active }).from(suppliers).where(eq(suppliers.id, supplierId)).limit(1);
  if (!row) throw new ValidationError({ supplierId: FIELD_MESSAGES.option });
  if (!row.active) throw new ValidationError({ supplierId: inactiveReferenceMessage({ singular: 'proveedor', plural: 'proveedores', article: 'el' }) });
}

/**
 * autorizado → comprado: a supplier (given now or already set) and a price on every line; the total
 * follows the prices, and a higher total meets the approval limit and the budget again.
 */
async function purchase({ tx, actor, before, input }: Transition): Promise<TransitionOutcome> {
  const { supplierId, prices, overBudget } = orderTransitionExtrasSchema.parse(input);
  const plan = planPurchase(
    { supplierId: before.supplierId, lines: before.lines.map((l) => ({ id: l.id, quantity: l.quantity, unitPrice: l.unitPrice })) },
    { ...(supplierId === undefined ? {} : { supplierId }), ...(prices ? { prices } : {}) },
  );
  if (plan.supplierId !== before.supplierId) await checkSupplier(tx, plan.supplierId);
  for (const line of plan.lines) {
    const stored = before.lines.find((l) => l.id === line.id);
    if (stored?.unitPrice === Number(line.unitPrice)) continue;
    await tx
      .update(orderLines)
      .set({ unitPrice: line.unitPrice })
      .where(and(eq(orderLines.id, line.id), eq(orderLines.orderId, before.id)));
  }
  // Prices that raise the authorised total to the limit or above need Dirección as the authorisation did.
  const ctx = { tx, actor };
  if (Number(plan.total) > (before.total ?? 0)) await checkApprovalLimit(ctx, before.workId, plan.total, ORDER_MESSAGES.purchaseOverLimit);
  const budget = await checkBudget(ctx, before, plan.total, overBudget);
  return { values: { supplierId: plan.supplierId, total: plan.total }, ...budget };
}

/** The invoice status from the lines as this delivery left them (read inside its transaction). */
async function invoiceStatusAfterDelivery(tx: Tx, orderId: number) {
  const { count, match } = await invoiceFigures(tx, orderId);
  return { status: invoiceStatusOf(count, match), match };
}

/** How many deliveries the order had before this one (its timeline's entries into a delivered status). */
async function earlierDeliveries(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(recordTimeline)
    .innerJoin(orderStatuses, eq(orderStatuses.id, recordTimeline.toStatusId))
    .where(and(eq(recordTimeline.entity, ordersResource.key), eq(recordTimeline.entityId, orderId), inArray(orderStatuses.code, ['entregado_parcial', 'entregado'])));
  return Number(row?.count ?? 0);
}

/**
 * comprado / entregado_parcial → a delivery: this delivery's quantities add to the earlier ones; the
 * cumulative totals decide whether the order is now partially or completely delivered. What arrived
 * is published as `orders.delivered` (stock enters it from there) in the same transaction; the
 * version check that follows lets only one of two concurrent deliveries commit, so the count of
 * earlier deliveries numbers this one for good.
 */
async function receive({ tx, actor, before, input }: Transition): Promise<TransitionOutcome> {
  const { received } = orderTransitionExtrasSchema.parse(input);
  if (!received) throw new ValidationError({ received: ORDER_MESSAGES.receivedRequired });
  const outcome = applyDelivery(
    before.lines.map((l) => ({ id: l.id, quantity: l.quantity, receivedQuantity: l.receivedQuantity ?? 0, unit: l.unit?.label ?? null })),
    received,
  );
  for (const line of outcome.lines) {
    await tx
      .update(orderLines)
      .set({ receivedQuantity: line.receivedQuantity })
      .where(and(eq(orderLines.id, line.id), eq(orderLines.orderId, before.id)));
  }
  // What arrived changed: the invoices are matched against it again. The lines' audit entry already
  // shows each line's received quantity before and after.
  const { status: invoiceStatus } = await invoiceStatusAfterDelivery(tx, before.id);
  const delivered = outcome.lines.flatMap((line) => {
    const stored = before.lines.find((l) => l.id === line.id)!;
    const units = toUnits(line.receivedQuantity, QUANTITY_DECIMALS) - toUnits(stored.receivedQuantity ?? 0, QUANTITY_DECIMALS);
    if (units === 0n) return [];
    // Buying put a price on every line: a delivered line without one would be a broken order.
    const cents = Number(toUnits(stored.unitPrice!, MONEY_DECIMALS));
    return [{ orderLineId: line.id, materialId: stored.materialId, quantity: fromUnits(units, QUANTITY_DECIMALS), unitPriceCents: cents }];
  });
  const delivery = (await earlierDeliveries(tx, before.id)) + 1;
  await publishEvent(
    tx,
    orderDelivered,
    { orderId: before.id, workId: before.workId, delivery, lines: delivered, occurredAt: new Date().toISOString() },
    actor.userId,
  );
  return { to: outcome.status, values: { invoiceStatus } };
}

export const ordersBinding: ResourceBinding<typeof ordersResource, typeof orders> = {
  declaration: ordersResource,
  table: orders,
  lines: { lines: { table: orderLines, owner: orderLines.orderId, position: orderLines.position, derived: copiedUnit } },
  computed: { needsApproval: orderQueries.needsApproval },
  filters: { materialId: { lines: 'lines', field: 'materialId' } },
  views: { mine: (actor) => orderQueries.requestedBy(actor.userId), all: () => undefined },
  // The requester by name wherever an order is read (detail, list, PDF «Solicitó»).
  namedPeople: ['requestedById'],
  sequences: { folio: { counter: ORDER_FOLIO_COUNTER, format: formatOrderFolio } },
  workflow: {
    statusTable: orderStatuses,
    hooks: { enviado: send, autorizado: authorise, comprado: purchase, entregado: receive, entregado_parcial: receive },
    // The timeline starts with the order's creation (— → borrador).
    timelineFromCreation: true,
  },
  hooks: {
    async beforeCreate({ tx, actor }, input) {
      await checkOrderable(tx, { workId: input.workId, projectId: input.projectId ?? null, requiredDate: input.requiredDate });
      return { requestedById: actor.userId, statusId: DRAFT_STATUS_ID, ...summary(input.lines) };
    },
    async beforeUpdate({ tx }, before, patch) {
      const merged = { ...before, ...patch };
      await checkOrderable(tx, { workId: merged.workId, projectId: merged.projectId ?? null, requiredDate: merged.requiredDate });
      return patch.lines ? summary(patch.lines) : {};
    },
  },
};
