import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { approvalReasons, businessWallClock, DASHBOARD_MONTHS, DASHBOARD_RECENT, getResource, OPEN_ORDER_STATUS_CODES, type Dashboard } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { orderMonthTotals, orderStatuses, orderStatusTotals, orders, works } from '../../db/schema';
import { referenceLabel } from '../../lib/crud/source';
import { dashboardWidget, type WidgetContext } from '../../lib/dashboard';
import { orderQueries } from './queries';

/*
 * The orders' dashboard widgets: my open orders, Dirección's approvals and every order per status
 * and month. Order counts per status list every row of the status catalogue (renamed or added ones
 * too) in its sortOrder.
 */

const statusColumns = { id: orderStatuses.id, code: orderStatuses.code, name: orderStatuses.name, color: orderStatuses.color };

/** Orders matching `where` per open status, counted (an index on the requester keeps it to their orders). */
async function countByOpenStatus(executor: Executor, where: SQL) {
  const rows = await executor
    .select({ ...statusColumns, count: sql<number>`count(${orders.id})::int` })
    .from(orderStatuses)
    .leftJoin(orders, and(eq(orders.statusId, orderStatuses.id), where))
    .where(inArray(orderStatuses.code, [...OPEN_ORDER_STATUS_CODES]))
    .groupBy(orderStatuses.id)
    .orderBy(asc(orderStatuses.sortOrder), asc(orderStatuses.id));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Every order per status, from the kept counts (migration 0017) instead of reading every order. */
async function keptCountByStatus(executor: Executor) {
  const rows = await executor
    .select({ ...statusColumns, count: sql<number>`coalesce(${orderStatusTotals.orders}, 0)` })
    .from(orderStatuses)
    .leftJoin(orderStatusTotals, eq(orderStatusTotals.statusId, orderStatuses.id))
    .orderBy(asc(orderStatuses.sortOrder), asc(orderStatuses.id));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** An order as the dashboard lists it: folio, work (labelled as everywhere), required date, total and status. */
const orderCardColumns = () => ({
  id: orders.id,
  folio: orders.folio,
  work: sql<string>`${referenceLabel(getResource('works'), works, orders.workId)}`,
  requiredDate: orders.requiredDate,
  total: orders.total,
  code: orderStatuses.code,
  name: orderStatuses.name,
  color: orderStatuses.color,
});

type OrderCardRow = { id: number; folio: string; work: string; requiredDate: string; total: string; code: string | null; name: string; color: string };

const orderCard = (r: OrderCardRow) => ({
  id: r.id,
  folio: r.folio,
  work: r.work,
  requiredDate: r.requiredDate,
  total: Number(r.total),
  status: { code: r.code, name: r.name, color: r.color },
});

async function myOrdersWidget({ db: executor, actor }: WidgetContext): Promise<NonNullable<Dashboard['myOrders']>> {
  const mine = orderQueries.requestedBy(actor.userId);
  const open = inArray(orderStatuses.code, [...OPEN_ORDER_STATUS_CODES]);
  const byStatus = await countByOpenStatus(executor, mine);
  const recent = await executor
    .select(orderCardColumns())
    .from(orders)
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(and(mine, open))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(DASHBOARD_RECENT);
  return {
    open: byStatus.reduce((s, r) => s + r.count, 0),
    byStatus,
    recent: recent.map(orderCard),
  };
}

/**
 * Pedidos por aprobar: the sent orders Dirección must authorise — over their company's limit or over
 * their budget — the longest waiting first, each with what it needs.
 */
async function approvalsWidget({ db: executor }: WidgetContext): Promise<NonNullable<Dashboard['approvals']>> {
  const { isSent, needsApproval, approvalLimit, budgetName, budgetAmount, committedByOthers } = orderQueries;
  const [summary] = await executor
    .select({ pending: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .where(and(isSent, needsApproval));
  const rows = await executor
    .select({
      ...orderCardColumns(),
      limit: sql<string | null>`${approvalLimit}`,
      budgetName: sql<string>`${budgetName}`,
      budget: sql<string>`${budgetAmount}`,
      committed: sql<string>`${committedByOthers}`,
    })
    .from(orders)
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(and(isSent, needsApproval))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(DASHBOARD_RECENT);
  return {
    pending: Number(summary?.pending ?? 0),
    total: Number(summary?.total ?? 0),
    items: rows.map((r) => ({
      ...orderCard(r),
      limit: r.limit === null ? null : Number(r.limit),
      reasons: approvalReasons({ total: r.total, limit: r.limit, budget: { name: r.budgetName, budget: r.budget, committed: r.committed } }).map((reason) => reason.message),
    })),
  };
}

/** 'YYYY-MM' of the last `n` months in Mexico City, oldest first, ending with the current one. */
export function lastMonths(nowIso: string, n: number): string[] {
  const { year, month } = businessWallClock(nowIso);
  return Array.from({ length: n }, (_, i) => {
    const index = year * 12 + (month - 1) - (n - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

async function historyWidget({ db: executor, now }: WidgetContext): Promise<NonNullable<Dashboard['history']>> {
  const months = lastMonths(now, DASHBOARD_MONTHS);
  const rows = await executor.select().from(orderMonthTotals).where(inArray(orderMonthTotals.month, months));
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return {
    byStatus: await keptCountByStatus(executor),
    byMonth: months.map((m) => ({ month: m, count: byMonth.get(m)?.orders ?? 0, total: Number(byMonth.get(m)?.total ?? 0) })),
  };
}

/** The orders' widgets (the orders manifest declares them). */
export const ORDER_WIDGETS = [dashboardWidget('myOrders', myOrdersWidget), dashboardWidget('approvals', approvalsWidget), dashboardWidget('history', historyWidget)];
