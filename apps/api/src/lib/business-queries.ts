import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ORDERED_STATUS_CODES } from '@goc/contracts';
import { orderStatuses, orders, projectMembers, projects } from '../db/schema';

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
