import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COMMITTED_STATUS_CODES, ORDERED_STATUS_CODES } from '@goc/contracts';
import { companies, orderStatuses, orders, works } from '../../db/schema';

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

/** Sent with a total at or above its company's approval limit: it waits for Dirección (orders_approval). */
const needsApproval: SQL = sql`coalesce(${isSent} and ${orders.total} >= ${approvalLimit}, false)`;

export const orderQueries = { requestedBy, ofProject, orderedAmount, committedAmount, approvalLimit, isSent, needsApproval } as const;

export type OrderQueries = typeof orderQueries;
