import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CountStatus, StockMovementKind, TransferStatus } from '@goc/contracts';
import { auditColumns, idColumn, money } from './columns';
import { users } from './access';
import { materials, units } from './materials';
import { works } from './workforce';

/*
 * Almacén de obra (migrations 0027 and 0030, docs/stock.md). The movements are the ledger; the balance of each
 * work and material is written in the same transaction as each movement, under that balance row's
 * lock, so existencias are one indexed read and every movement carries the balance after it.
 */

/** Quantities as in orders: thousandths, read as strings. Signed in the ledger (out is negative). */
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
/** Signed amounts of the ledger (money() is the unsigned figure of a record). */
const amount = (name: string) => numeric(name, { precision: 16, scale: 2 });

/** Existencias: what a work holds of a material, its value, and the weighted average cost derived from both. */
export const stockBalances = pgTable(
  'stock_balances',
  {
    id: idColumn(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'restrict' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    quantity: quantity('quantity').notNull().default('0'),
    value: money('value').notNull().default('0'),
    averageCost: money('average_cost').generatedAlwaysAs(sql`case when quantity > 0 then round(value / quantity, 2) else 0 end`),
    lastMovementOn: date('last_movement_on', { mode: 'string' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('stock_balances_work_material_uq').on(t.workId, t.materialId),
    index('stock_balances_material_idx').on(t.materialId, t.id),
    index('stock_balances_unit_idx').on(t.unitId),
    index('stock_balances_last_movement_idx').on(t.lastMovementOn, t.id),
    // Existencias list largest value first (the default order), of one work or of all.
    index('stock_balances_work_value_idx').on(t.workId, t.value.desc().nullsLast(), t.id),
    index('stock_balances_value_idx').on(t.value.desc().nullsLast(), t.id),
    check('stock_balances_quantity_ck', sql`${t.quantity} >= 0`),
    check('stock_balances_value_ck', sql`${t.value} >= 0`),
  ],
);

/** A salida: material used at the work on a day, for a concept (frente), taken by someone. */
export const stockConsumptions = pgTable(
  'stock_consumptions',
  {
    id: idColumn(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    concept: text('concept').notNull(),
    receivedBy: text('received_by'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'restrict' }),
    ...auditColumns(),
  },
  (t) => [index('stock_consumptions_work_idx').on(t.workId, t.id)],
);

/** A traspaso between works: out of the origin when sent, into the destination when received. */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: idColumn(),
    fromWorkId: integer('from_work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'restrict' }),
    toWorkId: integer('to_work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'restrict' }),
    status: text('status').$type<TransferStatus>().notNull().default('en_transito'),
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    lossReason: text('loss_reason'),
    sentById: integer('sent_by_id').references(() => users.id, { onDelete: 'restrict' }),
    receivedById: integer('received_by_id').references(() => users.id, { onDelete: 'restrict' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    index('stock_transfers_from_idx').on(t.fromWorkId, t.id),
    index('stock_transfers_to_idx').on(t.toWorkId, t.id),
    index('stock_transfers_status_idx').on(t.status, t.id),
    check('stock_transfers_works_ck', sql`${t.fromWorkId} <> ${t.toWorkId}`),
    check('stock_transfers_status_ck', sql`${t.status} in ('en_transito', 'recibido')`),
  ],
);

/** What a transfer carries: the quantity sent, its value at the origin's average cost, and what arrived. */
export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: idColumn(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    quantity: quantity('quantity').notNull(),
    amount: money('amount').notNull(),
    receivedQuantity: quantity('received_quantity'),
  },
  (t) => [
    unique('stock_transfer_lines_position_uq').on(t.transferId, t.position),
    index('stock_transfer_lines_material_idx').on(t.materialId),
    check('stock_transfer_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('stock_transfer_lines_received_ck', sql`${t.receivedQuantity} is null or (${t.receivedQuantity} >= 0 and ${t.receivedQuantity} <= ${t.quantity})`),
  ],
);

/** Inventario físico: a count sheet waiting for approval, then applied as adjustments. */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: idColumn(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'restrict' }),
    status: text('status').$type<CountStatus>().notNull().default('por_aprobar'),
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    reason: text('reason'),
    countedById: integer('counted_by_id').references(() => users.id, { onDelete: 'restrict' }),
    appliedById: integer('applied_by_id').references(() => users.id, { onDelete: 'restrict' }),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    index('stock_counts_work_idx').on(t.workId, t.id),
    check('stock_counts_status_ck', sql`${t.status} in ('por_aprobar', 'aplicado')`),
  ],
);

export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    id: idColumn(),
    countId: integer('count_id')
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    countedQuantity: quantity('counted_quantity').notNull(),
    /** What the work held when the count was applied (null before). */
    expectedQuantity: quantity('expected_quantity'),
  },
  (t) => [
    unique('stock_count_lines_position_uq').on(t.countId, t.position),
    index('stock_count_lines_material_idx').on(t.materialId),
    check('stock_count_lines_counted_ck', sql`${t.countedQuantity} >= 0`),
  ],
);

/**
 * The ledger. `quantity` and `amount` are signed; `balance` and `balance_value` are the work's
 * figures for the material after this movement (the kardex's running balance, exact because each is
 * written under the balance row's lock). `source_key` makes an entry from outside idempotent (a
 * delivery event's identity): the same key never enters twice.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: idColumn(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'restrict' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<StockMovementKind>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    quantity: quantity('quantity').notNull(),
    amount: amount('amount').notNull(),
    balance: quantity('balance').notNull(),
    balanceValue: amount('balance_value').notNull(),
    concept: text('concept'),
    consumptionId: integer('consumption_id').references(() => stockConsumptions.id, { onDelete: 'restrict' }),
    transferId: integer('transfer_id').references(() => stockTransfers.id, { onDelete: 'restrict' }),
    countId: integer('count_id').references(() => stockCounts.id, { onDelete: 'restrict' }),
    orderId: integer('order_id'),
    sourceKey: text('source_key'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_kardex_idx').on(t.workId, t.materialId, t.id),
    index('stock_movements_material_idx').on(t.materialId),
    index('stock_movements_consumption_idx').on(t.consumptionId),
    index('stock_movements_transfer_idx').on(t.transferId),
    index('stock_movements_count_idx').on(t.countId),
    uniqueIndex('stock_movements_source_uq').on(t.sourceKey),
    check('stock_movements_kind_ck', sql`${t.kind} in ('entrada', 'consumo', 'traspaso_salida', 'traspaso_entrada', 'merma', 'ajuste', 'inventario_inicial')`),
    check('stock_movements_balance_ck', sql`${t.balance} >= 0`),
  ],
);

/**
 * Inventario inicial (migration 0030): what a work held of a material when its store started in
 * GOC, imported from a spreadsheet; each row is also the work's «inventario inicial» movement
 * (`source_key` stock.opening:<id>). One per work and material.
 */
export const stockOpenings = pgTable(
  'stock_openings',
  {
    id: idColumn(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'restrict' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'restrict' }),
    quantity: quantity('quantity').notNull(),
    unitCost: money('unit_cost').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'restrict' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('stock_openings_work_material_uq').on(t.workId, t.materialId),
    index('stock_openings_material_idx').on(t.materialId),
    check('stock_openings_quantity_ck', sql`${t.quantity} > 0`),
    check('stock_openings_unit_cost_ck', sql`${t.unitCost} >= 0`),
  ],
);
