import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  allows,
  APPROVAL_PERMISSION,
  approvalReasons,
  COMMITTED_STATUS_CODES,
  fromUnits,
  MONEY_DECIMALS,
  ORDER_MESSAGES,
  toUnits,
  type ApprovalReason,
  type BudgetFigures,
  type OrderBudget,
  type OrderEntity,
} from '@goc/contracts';
import type { Executor } from '../../db/client';
import { companies, orderStatuses, orders, projects, works } from '../../db/schema';
import type { TransitionOutcome, WriteContext } from '../../lib/crud/types';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import { detailChange } from '../../lib/audit';

/*
 * Purchasing control inside an order's authorisation and purchase (docs/orders.md): the approval limit
 * of the work's company, and the budget of the order's project (or, without one, its work) against
 * what is already committed. Amounts are compared in cents.
 */

const cents = (value: number | string) => toUnits(typeof value === 'number' ? value.toFixed(MONEY_DECIMALS) : value, MONEY_DECIMALS);
const pesos = (units: bigint) => Number(fromUnits(units, MONEY_DECIMALS));

/** The approval limit of the company of a work (null: none set). */
export async function approvalLimitOf(executor: Executor, workId: number): Promise<string | null> {
  const [row] = await executor
    .select({ limit: companies.approvalLimit })
    .from(works)
    .innerJoin(companies, eq(companies.id, works.companyId))
    .where(eq(works.id, workId))
    .limit(1);
  return row?.limit ?? null;
}

/**
 * A total at or above the company's limit needs Aprobación de pedidos (edit): 403 with `message`
 * naming both amounts otherwise.
 */
export async function checkApprovalLimit(
  { tx, actor }: WriteContext,
  workId: number,
  total: string,
  message: (total: string, limit: string) => string,
): Promise<void> {
  if (allows(actor, APPROVAL_PERMISSION)) return;
  const limit = await approvalLimitOf(tx, workId);
  if (limit !== null && cents(total) >= cents(limit)) throw new ForbiddenError(message(total, limit));
}

interface BudgetScope {
  scope: BudgetFigures['scope'];
  name: string;
  budget: string;
  /** Orders that commit against this budget. */
  orders: SQL;
}

/**
 * The budget an order commits against: its project's, or without one its work's. With `lock`, its row
 * is locked: two authorisations against the same budget meet on that lock, so the second one sums
 * what the first committed.
 */
async function budgetScope(executor: Executor, order: Pick<OrderEntity, 'projectId' | 'workId'>, lock: boolean): Promise<BudgetScope | null> {
  if (order.projectId !== null) {
    const query = executor.select({ name: projects.name, budget: projects.budget }).from(projects).where(eq(projects.id, order.projectId));
    const [project] = await (lock ? query.for('update') : query);
    return project ? { scope: 'proyecto', ...project, orders: eq(orders.projectId, order.projectId) } : null;
  }
  const query = executor.select({ name: works.name, budget: works.budget }).from(works).where(eq(works.id, order.workId));
  const [work] = await (lock ? query.for('update') : query);
  return work ? { scope: 'obra', ...work, orders: eq(orders.workId, order.workId) } : null;
}

/** The committed total of the orders of a budget, leaving one order out (the one being decided). */
async function committedIn(executor: Executor, scope: BudgetScope, except: number | null): Promise<bigint> {
  const [row] = await executor
    .select({ sum: sql<string>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(and(scope.orders, except === null ? undefined : ne(orders.id, except), inArray(orderStatuses.code, [...COMMITTED_STATUS_CODES])));
  return cents(row?.sum ?? '0');
}

/** What an order form shows before sending: the budget of the project (or work), committed and available. */
export async function budgetOf(executor: Executor, place: Pick<OrderEntity, 'projectId' | 'workId'>): Promise<OrderBudget | null> {
  const scope = await budgetScope(executor, place, false);
  if (!scope) return null;
  const committed = await committedIn(executor, scope, null);
  const budget = cents(scope.budget);
  return { scope: scope.scope, name: scope.name, budget: pesos(budget), committed: pesos(committed), available: pesos(budget - committed) };
}

type BudgetOrder = Pick<OrderEntity, 'id' | 'projectId' | 'workId' | 'total' | 'status'>;

/**
 * Authorising or buying `order` at `total`: refused (409 with the figures, `fields.overBudget`) when it
 * takes the committed amount above a budget (0 = none set) and raises it; accepted with Dirección's
 * justification (`overBudget.comment`, orders_approval edit — 403 without it), which goes to the
 * timeline and the audit entry.
 */
export async function checkBudget(
  { tx, actor }: WriteContext,
  order: BudgetOrder,
  total: string,
  overBudget: { comment: string } | undefined,
): Promise<Pick<TransitionOutcome, 'comment' | 'changes'>> {
  const scope = await budgetScope(tx, order, true);
  if (!scope || cents(scope.budget) === 0n) return {};
  const othersUnits = await committedIn(tx, scope, order.id);
  const counted = (COMMITTED_STATUS_CODES as readonly (string | null)[]).includes(order.status.code) ? cents(order.total ?? 0) : 0n;
  const committed = othersUnits + counted;
  const after = othersUnits + cents(total);
  if (after <= cents(scope.budget) || after <= committed) return {};
  const figures: BudgetFigures = {
    scope: scope.scope,
    name: scope.name,
    budget: pesos(cents(scope.budget)),
    committed: pesos(committed),
    total: pesos(cents(total)),
    after: pesos(after),
  };
  if (!overBudget) {
    const message = ORDER_MESSAGES.overBudget(figures);
    throw new ConflictError(message, { overBudget: message });
  }
  if (!allows(actor, APPROVAL_PERMISSION)) throw new ForbiddenError(ORDER_MESSAGES.overBudgetNotAllowed);
  return {
    comment: ORDER_MESSAGES.overBudgetNote(figures, overBudget.comment),
    changes: detailChange('overBudget', null, { ...figures, comment: overBudget.comment }),
  };
}

/**
 * What a sent order needs from Dirección before it may be authorised (nothing once it is not sent): a
 * total at or above its company's limit, a commitment over its budget. The figures the authorisation's
 * own checks read, unlocked.
 */
export async function approvalReasonsOf(executor: Executor, order: Pick<OrderEntity, 'id' | 'workId' | 'projectId' | 'total' | 'status'>): Promise<ApprovalReason[]> {
  if (order.status.code !== 'enviado') return [];
  const limit = await approvalLimitOf(executor, order.workId);
  const scope = await budgetScope(executor, order, false);
  const budget = scope ? { name: scope.name, budget: scope.budget, committed: fromUnits(await committedIn(executor, scope, order.id), MONEY_DECIMALS) } : null;
  return approvalReasons({ total: (order.total ?? 0).toFixed(MONEY_DECIMALS), limit, budget });
}
