import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_MONTHS,
  DASHBOARD_RECENT,
  DASHBOARD_WEEKS,
  allowedViews,
  businessDayOf,
  currentWeek,
  previousWeeks,
  registryMovementsResource,
  OPEN_ORDER_STATUS_CODES,
  PROJECT_STATUS_OPTIONS,
  budgetLevel,
  businessWallClock,
  addMoney,
  approvalReasons,
  getResource,
  type Dashboard,
} from '@goc/contracts';
import type { Executor } from '../../db/client';
import { orderMonthTotals, orderStatuses, orderStatusTotals, orders, projects, registryCuts, registryMovements, works } from '../../db/schema';
import { viewsCondition } from '../../lib/crud/service';
import { referenceLabel } from '../../lib/crud/source';
import type { Actor } from '../../lib/crud/types';
import type { ModuleServices } from '../../lib/modules';

/** What the widgets read of other modules: their conditions, sums and figures. */
export type DashboardServices = Pick<ModuleServices, 'orders' | 'projects' | 'registry' | 'works'>;

/*
 * Each dashboard widget computed on the server, one function per widget. Order counts per status
 * list every row of the status catalogue (renamed or added ones too) in its sortOrder.
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

export async function myOrdersWidget(executor: Executor, services: DashboardServices, userId: number): Promise<NonNullable<Dashboard['myOrders']>> {
  const mine = services.orders.requestedBy(userId);
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
export async function approvalsWidget(executor: Executor, { orders: { isSent, needsApproval, approvalLimit, budgetName, budgetAmount, committedByOthers } }: DashboardServices): Promise<NonNullable<Dashboard['approvals']>> {
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

export async function historyWidget(executor: Executor, nowIso: string): Promise<NonNullable<Dashboard['history']>> {
  const months = lastMonths(nowIso, DASHBOARD_MONTHS);
  const rows = await executor.select().from(orderMonthTotals).where(inArray(orderMonthTotals.month, months));
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return {
    byStatus: await keptCountByStatus(executor),
    byMonth: months.map((m) => ({ month: m, count: byMonth.get(m)?.orders ?? 0, total: Number(byMonth.get(m)?.total ?? 0) })),
  };
}

export async function worksWidget(executor: Executor, services: DashboardServices): Promise<NonNullable<Dashboard['works']>> {
  const budgets = await services.works.budgets(executor, { status: 'en_ejecucion' });
  const levels = budgets.map((w) => budgetLevel(w.budget, w.ordered));
  return {
    active: budgets.length,
    budget: budgets.reduce((sum, w) => addMoney(sum, w.budget), 0),
    ordered: budgets.reduce((sum, w) => addMoney(sum, w.ordered), 0),
    warning: levels.filter((l) => l === 'warning').length,
    over: levels.filter((l) => l === 'danger').length,
  };
}

/** The user's projects per status, and the first active or planned ones with what was bought for each. */
export async function projectsWidget(executor: Executor, services: DashboardServices, userId: number): Promise<NonNullable<Dashboard['projects']>> {
  const mine = services.projects.memberOf(userId);
  const counts = await executor
    .select({ status: projects.status, count: count() })
    .from(projects)
    .where(mine)
    .groupBy(projects.status);
  const items = await executor
    .select({
      id: projects.id,
      code: projects.code,
      name: projects.name,
      status: projects.status,
      progress: projects.progress,
      budget: projects.budget,
      ordered: sql<string>`${services.orders.orderedAmount(services.orders.ofProject(projects.id))}`,
    })
    .from(projects)
    .where(and(mine, inArray(projects.status, ['activo', 'planeado'])))
    .orderBy(asc(projects.codeFolded), asc(projects.id))
    .limit(DASHBOARD_RECENT);
  const countOf = (status: string) => Number(counts.find((c) => c.status === status)?.count ?? 0);
  return {
    total: counts.reduce((sum, c) => sum + Number(c.count), 0),
    byStatus: PROJECT_STATUS_OPTIONS.map((o) => ({ status: o.value, count: countOf(o.value) })),
    items: items.map((r) => ({ ...r, budget: Number(r.budget), ordered: Number(r.ordered) })),
  };
}

/** Altas, bajas and salary changes per weekly cut, the last DASHBOARD_WEEKS weeks and this one. */
export async function registryWidget(executor: Executor, services: DashboardServices, actor: Actor, nowIso: string): Promise<NonNullable<Dashboard['registry']>> {
  const weeks = [...previousWeeks(DASHBOARD_WEEKS, businessDayOf(nowIso)), currentWeek(nowIso)];
  const rows = await executor
    .select({ key: registryCuts.weekKey, cutId: registryCuts.id, type: registryMovements.type, count: count(registryMovements.id) })
    .from(registryCuts)
    // The movements the caller may list: the views of Altas y bajas their role opens (oficina, obra or all).
    .leftJoin(registryMovements, and(eq(registryMovements.cutId, registryCuts.id), viewsCondition(services.registry.movementViews, allowedViews(registryMovementsResource, actor), actor)))
    .where(inArray(registryCuts.weekKey, weeks.map((w) => w.key)))
    .groupBy(registryCuts.weekKey, registryCuts.id, registryMovements.type);
  return {
    weeks: weeks.map((week) => {
      const of = rows.filter((r) => r.key === week.key);
      const counted = (type: string) => Number(of.find((r) => r.type === type)?.count ?? 0);
      return { ...week, cutId: of[0]?.cutId ?? null, alta: counted('alta'), baja: counted('baja'), modificacion_salario: counted('modificacion_salario') };
    }),
  };
}
