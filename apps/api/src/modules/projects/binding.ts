import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ORDERED_STATUS_CODES, projectsResource } from '@goc/contracts';
import { orderStatuses, orders, projectMembers, projects } from '../../db/schema';
import type { ResourceBinding } from '../../lib/crud/types';

/*
 * Proyectos on the resource mechanism: `mine` is what the signed-in user manages or belongs to,
 * `all` (projects.edit) every project; `ordered` is the amount of the project's bought or delivered
 * orders, the figure the page sets against the budget.
 */

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

export const projectsBinding: ResourceBinding<typeof projectsResource> = {
  declaration: projectsResource,
  table: projects,
  computed: { ordered: orderedAmount(eq(orders.projectId, projects.id)) },
  views: { mine: (actor) => projectsOf(actor.userId), all: () => undefined },
  // Order forms and the orders history pick a project of the chosen work.
  optionConsumers: [
    { module: 'my_orders', action: 'create' },
    { module: 'my_orders', action: 'edit' },
    { module: 'history', action: 'view' },
  ],
};
