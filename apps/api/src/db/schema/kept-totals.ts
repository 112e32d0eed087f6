import { integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { works } from './workforce';
import { orderStatuses } from './statuses';

/**
 * Per-work figures kept by database triggers in the transaction of every write to orders,
 * employees and projects (migration 0015), so Obras por línea de negocio and the dashboard read
 * one row per work instead of summing every order. The codes behind `ordered` and `openOrders`
 * are the contracts' ORDERED_STATUS_CODES and OPEN_ORDER_STATUS_CODES; a test holds the trigger
 * to them and to the summed figures.
 */
export const workTotals = pgTable('work_totals', {
  workId: integer('work_id')
    .primaryKey()
    .references(() => works.id, { onDelete: 'cascade' }),
  ordered: numeric('ordered', { precision: 16, scale: 2 }).notNull().default('0'),
  openOrders: integer('open_orders').notNull().default(0),
  activeWorkers: integer('active_workers').notNull().default(0),
  projects: integer('projects').notNull().default(0),
  /** Total of the orders committed against the budget (contracts COMMITTED_STATUS_CODES; migration 0019). */
  committed: numeric('committed', { precision: 16, scale: 2 }).notNull().default('0'),
});

/** Orders per status, kept by triggers (migration 0017): the dashboard's Histórico counts. */
export const orderStatusTotals = pgTable('order_status_totals', {
  statusId: integer('status_id')
    .primaryKey()
    .references(() => orderStatuses.id, { onDelete: 'cascade' }),
  orders: integer('orders').notNull().default(0),
});

/** Orders and their amount per month of creation ('YYYY-MM', Mexico City), kept by triggers (migration 0017). */
export const orderMonthTotals = pgTable('order_month_totals', {
  month: text('month').primaryKey(),
  orders: integer('orders').notNull().default(0),
  total: numeric('total', { precision: 16, scale: 2 }).notNull().default('0'),
});
