import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { COMMITTED_STATUS_CODES, ORDERED_STATUS_CODES } from '@goc/contracts';
import { companies, orderStatuses, orders, projectMembers, projects, works } from '../db/schema';

/* SQL pieces several modules read (projects, works overview, dashboard): defined once here. */

/** Projects the user manages or is a member of. */
export const projectsOf = (userId: number): SQL =>
  or(
    eq(projects.managerId, userId),
    exists(
      sql`(select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${userId})`,
    ),
  ) as SQL;

/** Sum of the totals of orders in a bought or delivered status matching `where` (a correlated subquery). */
export const orderedAmount = (where: SQL): SQL =>
  sql`(select coalesce(sum(${orders.total}), 0) from ${orders} inner join ${orderStatuses} on ${orderStatuses.id} = ${orders.statusId} where ${and(
    where,
    inArray(orderStatuses.code, [...ORDERED_STATUS_CODES]),
  )})`;

/** Sum of the totals of orders committed against a budget (autorizado onwards) matching `where` (a correlated subquery). */
export const committedAmount = (where: SQL): SQL =>
  sql`(select coalesce(sum(${orders.total}), 0) from ${orders} inner join ${orderStatuses} on ${orderStatuses.id} = ${orders.statusId} where ${and(
    where,
    inArray(orderStatuses.code, [...COMMITTED_STATUS_CODES]),
  )})`;

/** The approval limit of the company of the order's work (null: none set), for the row being read. */
export const orderApprovalLimit: SQL = sql`(select ${companies.approvalLimit} from ${works} inner join ${companies} on ${companies.id} = ${works.companyId} where ${works.id} = ${orders.workId})`;

/**
 * The order is sent and its total is at or above its company's approval limit: it waits for Dirección
 * (orders_approval). The status is compared by id (one lookup for the statement), so a list or the
 * dashboard reads the sent orders from the status index instead of testing every order.
 */
export const isSent: SQL = sql`${orders.statusId} = (select ${orderStatuses.id} from ${orderStatuses} where ${orderStatuses.code} = 'enviado')`;
export const needsApproval: SQL = sql`coalesce(${isSent} and ${orders.total} >= ${orderApprovalLimit}, false)`;
