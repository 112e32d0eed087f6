import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COMMITTED_STATUS_CODES, ORDERED_STATUS_CODES } from '@goc/contracts';
import { companies, orderStatuses, orders, projects, works } from '../../db/schema';

/*
 * The orders' SQL other modules read (projects' budget figures, the dashboard): the orders module's
 * service, said once here.
 */

/** Orders the user requested: Mis pedidos. */
const requestedBy = (userId: number): SQL => eq(orders.requestedById, userId);

/** Orders of the project whose id is `projectId` (a column of the outer statement). */
const ofProject = (projectId: AnyPgColumn): SQL => eq(orders.projectId, projectId);

/** Sum of the totals of orders in a bought or delivered status matching `where` (a correlated subquery). */
const orderedAmount = (where: SQL): SQL =>
  sql`(select coalesce(sum(${orders.total}), 0) from ${orders} inner join ${orderStatuses} on ${orderStatuses.id} = ${orders.statusId} where ${and(
    where,
    inArray(orderStatuses.code, [...ORDERED_STATUS_CODES]),
  )})`;

/** Sum of the totals of orders committed against a budget (autorizado onwards) matching `where` (a correlated subquery). */
const committedAmount = (where: SQL): SQL =>
  sql`(select coalesce(sum(${orders.total}), 0) from ${orders} inner join ${orderStatuses} on ${orderStatuses.id} = ${orders.statusId} where ${and(
    where,
    inArray(orderStatuses.code, [...COMMITTED_STATUS_CODES]),
  )})`;

/** The approval limit of the company of the order's work (null: none set), for the row being read. */
const approvalLimit: SQL = sql`(select ${companies.approvalLimit} from ${works} inner join ${companies} on ${companies.id} = ${works.companyId} where ${works.id} = ${orders.workId})`;

/**
 * The order is sent (compared by id: one lookup for the statement, so a list or the dashboard reads
 * the sent orders from the status index instead of testing every order).
 */
const isSent: SQL = sql`${orders.statusId} = (select ${orderStatuses.id} from ${orderStatuses} where ${orderStatuses.code} = 'enviado')`;

/** The name of the budget the order commits against: its project's, or without one its work's. */
const budgetName: SQL = sql`coalesce((select ${projects.name} from ${projects} where ${projects.id} = ${orders.projectId}), (select ${works.name} from ${works} where ${works.id} = ${orders.workId}))`;

/** That budget's amount (0: none set). */
const budgetAmount: SQL = sql`(case when ${orders.projectId} is null then (select ${works.budget} from ${works} where ${works.id} = ${orders.workId}) else (select ${projects.budget} from ${projects} where ${projects.id} = ${orders.projectId}) end)`;

/**
 * What the other orders of that budget commit (autorizado onwards), the order being read left out.
 * The inner orders go by a plain SQL alias: the outer row's columns are the ones drizzle qualifies.
 */
const committedByOthers: SQL = sql`(select coalesce(sum(committing.total), 0) from ${orders} committing inner join ${orderStatuses} committing_status on committing_status.id = committing.status_id where committing_status.code in (${sql.join(
  COMMITTED_STATUS_CODES.map((code) => sql`${code}`),
  sql`, `,
)}) and committing.id <> ${orders.id} and (case when ${orders.projectId} is null then committing.work_id = ${orders.workId} else committing.project_id = ${orders.projectId} end))`;

/** Authorising the order would take its budget's commitments above it (a budget of 0 is none). */
const overBudget: SQL = sql`(${budgetAmount} > 0 and ${committedByOthers} + coalesce(${orders.total}, 0) > ${budgetAmount})`;

/**
 * Sent and waiting for Dirección (orders_approval): a total at or above its company's approval limit,
 * or a commitment over its project's or work's budget that only Dirección may justify.
 */
const needsApproval: SQL = sql`coalesce(${isSent} and (${orders.total} >= ${approvalLimit} or ${overBudget}), false)`;

export const orderQueries = { requestedBy, ofProject, orderedAmount, committedAmount, approvalLimit, isSent, needsApproval, budgetName, budgetAmount, committedByOthers } as const;

export type OrderQueries = typeof orderQueries;
