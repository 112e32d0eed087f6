import { eq } from 'drizzle-orm';
import { projectsResource } from '@goc/contracts';
import { orders, projects } from '../../db/schema';
import type { ResourceBinding } from '../../lib/crud/types';
import { orderedAmount, projectsOf } from '../../lib/business-queries';

/*
 * Proyectos on the resource mechanism: `mine` is what the signed-in user manages or belongs to,
 * `all` (projects.edit) every project; `ordered` is the amount of the project's bought or delivered
 * orders, the figure the page sets against the budget.
 */

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
