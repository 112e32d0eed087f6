import { eq, sql } from 'drizzle-orm';
import { projectsResource } from '@goc/contracts';
import { orders, projects } from '../../db/schema';
import type { ResourceBinding } from '../../lib/crud/types';
import { committedAmount, orderedAmount, projectsOf } from '../../lib/business-queries';

/*
 * Proyectos on the resource mechanism: `mine` is what the signed-in user manages or belongs to,
 * `all` (projects.edit) every project; `ordered` is the amount of the project's bought or delivered
 * orders, the figure the page sets against the budget; `committed` adds the authorised ones and
 * `available` is the budget left after them (negative when a justified override went over it).
 */

const committed = committedAmount(eq(orders.projectId, projects.id));

export const projectsBinding: ResourceBinding<typeof projectsResource> = {
  declaration: projectsResource,
  table: projects,
  computed: {
    ordered: orderedAmount(eq(orders.projectId, projects.id)),
    committed,
    available: sql`(${projects.budget} - ${committed})`,
  },
  views: { mine: (actor) => projectsOf(actor.userId), all: () => undefined },
  // Order forms and the orders history pick a project of the chosen work.
  optionConsumers: [
    { module: 'my_orders', action: 'create' },
    { module: 'my_orders', action: 'edit' },
    { module: 'history', action: 'view' },
  ],
};
