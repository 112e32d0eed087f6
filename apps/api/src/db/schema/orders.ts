import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { INVOICE_STATUSES } from '@goc/contracts';
import { auditColumns, foldedColumn, idColumn, money } from './columns';
import { users } from './access';
import { materials, suppliers, units } from './materials';
import { projects } from './projects';
import { orderStatuses } from './statuses';
import { works } from './workforce';

/** The `counters` row behind folios (PED-000123): the API takes the next one, the demo seed sets where it starts. */
export const ORDER_FOLIO_COUNTER = 'orders';

/** Quantities of material: numeric(12,3), read as strings so no thousandth is lost to floating point. */
const quantity = (name: string) => numeric(name, { precision: 12, scale: 3 });

/**
 * Pedidos. `total` and `line_count` are kept by the server with the lines in the same transaction
 * (stored, not summed per request, so the history list sorts and filters 50 000 orders by total on an index).
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    folio: text('folio').notNull(),
    folioFolded: foldedColumn('folio'),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'restrict' }),
    projectId: integer('project_id'),
    requestedById: integer('requested_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    requiredDate: date('required_date', { mode: 'string' }).notNull(),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    statusId: integer('status_id')
      .notNull()
      .references(() => orderStatuses.id, { onDelete: 'restrict' }),
    notes: text('notes'),
    total: money('total').notNull().default('0'),
    lineCount: integer('line_count').notNull().default(0),
    // The supplier's invoices against what was received, kept with each invoice and delivery (migration 0020).
    invoiceStatus: text('invoice_status').notNull().default('sin_factura'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('orders_folio_uq').on(t.folio),
    index('orders_folio_fold_idx').on(t.folioFolded, t.id),
    index('orders_status_idx').on(t.statusId, t.id),
    index('orders_work_idx').on(t.workId, t.id),
    index('orders_project_idx').on(t.projectId),
    index('orders_requester_idx').on(t.requestedById, t.createdAt, t.id),
    index('orders_supplier_idx').on(t.supplierId),
    index('orders_created_at_idx').on(t.createdAt, t.id),
    index('orders_required_date_idx').on(t.requiredDate, t.id),
    index('orders_total_idx').on(t.total, t.id),
    // Lists sort descending as `<column> desc nulls last, id asc`: a backward scan of an ascending
    // index gives `nulls first, id desc`, so the newest / largest first need indexes of their own.
    index('orders_total_desc_idx').on(t.total.desc().nullsLast(), t.id),
    index('orders_created_at_desc_idx').on(t.createdAt.desc().nullsLast(), t.id),
    // The project must belong to the order's work; enforced by the database, not only the form.
    foreignKey({
      name: 'orders_project_work_fk',
      columns: [t.projectId, t.workId],
      foreignColumns: [projects.id, projects.workId],
    }).onDelete('restrict'),
    check('orders_total_ck', sql`${t.total} >= 0`),
    check('orders_invoice_status_ck', sql`${t.invoiceStatus} in (${sql.raw(INVOICE_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    index('orders_invoice_status_idx').on(t.invoiceStatus, t.id),
    check('orders_line_count_ck', sql`${t.lineCount} >= 0`),
  ],
);

/**
 * Lines of an order, in `position` order. The unit is copied from the material when the line is
 * written; `amount` is kept by PostgreSQL; `received_quantity` accumulates the deliveries.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: idColumn(),
    // Lines belong to their order and go with it.
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    quantity: quantity('quantity').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    unitPrice: money('unit_price'),
    amount: numeric('amount', { precision: 14, scale: 2 }).generatedAlwaysAs(sql`round(quantity * unit_price, 2)`),
    receivedQuantity: quantity('received_quantity').notNull().default('0'),
    notes: text('notes'),
  },
  (t) => [
    unique('order_lines_position_uq').on(t.orderId, t.position),
    // "Orders containing this material": the material filter walks this index to the orders.
    index('order_lines_material_idx').on(t.materialId, t.orderId),
    index('order_lines_unit_idx').on(t.unitId),
    check('order_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('order_lines_unit_price_ck', sql`${t.unitPrice} is null or ${t.unitPrice} >= 0`),
    check('order_lines_received_ck', sql`${t.receivedQuantity} >= 0 and ${t.receivedQuantity} <= ${t.quantity}`),
  ],
);
