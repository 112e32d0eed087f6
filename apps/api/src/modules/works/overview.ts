import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addMoney,
  type BusinessLine,
  type WorkOverview,
  type WorksOverview,
  type WorksOverviewQuery,
} from '@goc/contracts';
import type { Executor } from '../../db/client';
import { categories, companies, employees, icons, works, workTotals } from '../../db/schema';
import { fold } from '../../lib/list/fields';
import type { ModuleServices } from '../../lib/modules';

/*
 * Obras por línea de negocio in one statement: the active works matching the filters, each joined to
 * its kept figures (work_totals: bought, committed, open orders, active employees, projects — maintained by the
 * database in the transaction of every write) and the value its store holds (the stock module's
 * subquery), then grouped by category here.
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

const emptyFigures = () => ({ works: 0, budget: 0, ordered: 0, committed: 0, available: 0, stockValue: 0, openOrders: 0, activeWorkers: 0, projects: 0 });

function addTo(totals: ReturnType<typeof emptyFigures>, work: WorkOverview) {
  totals.works += 1;
  totals.budget = addMoney(totals.budget, work.budget);
  totals.ordered = addMoney(totals.ordered, work.ordered);
  totals.committed = addMoney(totals.committed, work.committed);
  totals.available = addMoney(totals.available, work.available);
  totals.stockValue = addMoney(totals.stockValue, work.stockValue);
  totals.openOrders += work.openOrders;
  totals.activeWorkers += work.activeWorkers;
  totals.projects += work.projects;
}

/** Budget and bought amount of each work matching `query` (the dashboard's figures, without the rest of the overview). */
export async function worksBudgets(executor: Executor, query: WorksOverviewQuery): Promise<{ budget: number; ordered: number }[]> {
  const rows = await executor
    .select({ budget: works.budget, ordered: workTotals.ordered })
    .from(works)
    .innerJoin(companies, eq(companies.id, works.companyId))
    .innerJoin(categories, eq(categories.id, works.categoryId))
    .leftJoin(workTotals, eq(workTotals.workId, works.id))
    .where(worksWhere(query));
  return rows.map((r) => ({ budget: Number(r.budget), ordered: Number(r.ordered ?? 0) }));
}

/** The overview; `stock` (the stock module's service) gives each work's material value in the same statement. */
export async function worksOverview(executor: Executor, query: WorksOverviewQuery, stock: Pick<ModuleServices['stock'], 'heldValue'>): Promise<WorksOverview> {
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
      ordered: workTotals.ordered,
      committed: workTotals.committed,
      openOrders: workTotals.openOrders,
      activeWorkers: workTotals.activeWorkers,
      projects: workTotals.projects,
      stockValue: stock.heldValue(works.id),
    })
    .from(works)
    .innerJoin(companies, eq(companies.id, works.companyId))
    .innerJoin(categories, eq(categories.id, works.categoryId))
    .leftJoin(icons, eq(icons.id, categories.iconId))
    .leftJoin(resident, eq(resident.id, works.residentId))
    .leftJoin(workTotals, eq(workTotals.workId, works.id))
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
      committed: Number(row.committed ?? 0),
      available: addMoney(Number(row.budget), -Number(row.committed ?? 0)),
      stockValue: Number(row.stockValue),
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
