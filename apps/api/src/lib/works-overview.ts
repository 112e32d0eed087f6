import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_ORDER_STATUS_CODES,
  ORDERED_STATUS_CODES,
  type BusinessLine,
  type WorkOverview,
  type WorksOverview,
  type WorksOverviewQuery,
} from '@goc/contracts';
import type { Executor } from '../db/client';
import { categories, companies, employees, icons, orderStatuses, orders, projects, works } from '../db/schema';
import { fold } from './list/fields';

/*
 * Obras por línea de negocio in one statement: the active works matching the filters, each joined to
 * per-work aggregates of orders, active employees and projects (one grouped pass over each table, not
 * one query per work), then grouped by category here.
 */

const resident = alias(employees, 'resident');

/** Works matching the page's filters; `q` looks in the code, the name and the company (accents and case folded). */
function worksWhere(query: WorksOverviewQuery): SQL | undefined {
  const word = query.q ? fold(query.q) : undefined;
  return and(
    eq(works.active, true),
    query.companyId === undefined ? undefined : eq(works.companyId, query.companyId),
    query.categoryId === undefined ? undefined : eq(works.categoryId, query.categoryId),
    query.status === undefined ? undefined : eq(works.status, query.status),
    word
      ? or(sql`strpos(${works.codeFolded}, ${word}) > 0`, sql`strpos(${works.nameFolded}, ${word}) > 0`, sql`strpos(${companies.nameFolded}, ${word}) > 0`)
      : undefined,
  );
}

const emptyFigures = () => ({ works: 0, budget: 0, ordered: 0, openOrders: 0, activeWorkers: 0, projects: 0 });

/** Money summed in cents so a line's total is exact. */
const addMoney = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

function addTo(totals: ReturnType<typeof emptyFigures>, work: WorkOverview) {
  totals.works += 1;
  totals.budget = addMoney(totals.budget, work.budget);
  totals.ordered = addMoney(totals.ordered, work.ordered);
  totals.openOrders += work.openOrders;
  totals.activeWorkers += work.activeWorkers;
  totals.projects += work.projects;
}

export async function worksOverview(executor: Executor, query: WorksOverviewQuery): Promise<WorksOverview> {
  // Aggregates only over the works shown: a filtered page (or the dashboard's works in execution) reads less.
  const shown = executor.select({ id: works.id }).from(works).innerJoin(companies, eq(companies.id, works.companyId)).where(worksWhere(query));
  // One row per work and status first, so 50 000 orders fold into a few thousand rows before the
  // status codes are looked at (bench/README.md: about half the time of joining every order).
  const perStatus = executor
    .select({
      workId: orders.workId,
      statusId: orders.statusId,
      total: sql<string>`sum(${orders.total})`.as('status_total'),
      count: sql<number>`count(*)`.as('status_count'),
    })
    .from(orders)
    .where(inArray(orders.workId, shown))
    .groupBy(orders.workId, orders.statusId)
    .as('per_status');
  const orderFigures = executor
    .select({
      workId: perStatus.workId,
      ordered: sql<string>`coalesce(sum(${perStatus.total}) filter (where ${inArray(orderStatuses.code, [...ORDERED_STATUS_CODES])}), 0)`.as('ordered'),
      openOrders: sql<number>`coalesce(sum(${perStatus.count}) filter (where ${inArray(orderStatuses.code, [...OPEN_ORDER_STATUS_CODES])}), 0)::int`.as('open_orders'),
    })
    .from(perStatus)
    .innerJoin(orderStatuses, eq(orderStatuses.id, perStatus.statusId))
    .groupBy(perStatus.workId)
    .as('order_figures');
  const workers = executor
    .select({ workId: employees.workId, count: sql<number>`count(*)::int`.as('active_workers') })
    .from(employees)
    .where(and(eq(employees.status, 'activo'), inArray(employees.workId, shown)))
    .groupBy(employees.workId)
    .as('worker_figures');
  const projectCounts = executor
    .select({ workId: projects.workId, count: sql<number>`count(*)::int`.as('project_count') })
    .from(projects)
    .where(inArray(projects.workId, shown))
    .groupBy(projects.workId)
    .as('project_figures');

  const rows = await executor
    .select({
      id: works.id,
      code: works.code,
      name: works.name,
      status: works.status,
      budget: works.budget,
      companyId: companies.id,
      companyName: companies.name,
      residentId: resident.id,
      residentName: sql<string | null>`concat_ws(' ', ${resident.firstName}, ${resident.lastName}, ${resident.secondLastName})`,
      categoryId: categories.id,
      categoryName: categories.name,
      categoryColor: categories.color,
      categoryIcon: icons.value,
      ordered: sql<string | null>`${orderFigures.ordered}`,
      openOrders: sql<number | null>`${orderFigures.openOrders}`,
      activeWorkers: sql<number | null>`${workers.count}`,
      projects: sql<number | null>`${projectCounts.count}`,
    })
    .from(works)
    .innerJoin(companies, eq(companies.id, works.companyId))
    .innerJoin(categories, eq(categories.id, works.categoryId))
    .leftJoin(icons, eq(icons.id, categories.iconId))
    .leftJoin(resident, eq(resident.id, works.residentId))
    .leftJoin(orderFigures, eq(orderFigures.workId, works.id))
    .leftJoin(workers, eq(workers.workId, works.id))
    .leftJoin(projectCounts, eq(projectCounts.workId, works.id))
    .where(worksWhere(query))
    .orderBy(asc(categories.nameFolded), asc(categories.id), asc(works.codeFolded), asc(works.id));

  const lines: BusinessLine[] = [];
  const totals = emptyFigures();
  for (const row of rows) {
    let line = lines.at(-1);
    if (!line || line.category.id !== row.categoryId) {
      line = {
        category: { id: row.categoryId, name: row.categoryName, icon: row.categoryIcon ?? null, color: row.categoryColor },
        totals: emptyFigures(),
        works: [],
      };
      lines.push(line);
    }
    const work: WorkOverview = {
      id: row.id,
      code: row.code,
      name: row.name,
      company: { id: row.companyId, name: row.companyName },
      status: row.status,
      resident: row.residentId === null ? null : { id: row.residentId, name: row.residentName ?? '' },
      budget: Number(row.budget),
      ordered: Number(row.ordered ?? 0),
      openOrders: Number(row.openOrders ?? 0),
      activeWorkers: Number(row.activeWorkers ?? 0),
      projects: Number(row.projects ?? 0),
    };
    line.works.push(work);
    addTo(line.totals, work);
    addTo(totals, work);
  }
  return { lines, totals };
}
