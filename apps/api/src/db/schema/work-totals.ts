import { integer, numeric, pgTable } from 'drizzle-orm/pg-core';
import { works } from './workforce';

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
});
