import { sql } from 'drizzle-orm';
import { projectsResource } from '@goc/contracts';
import { projectMembers, projects } from '../../db/schema';
import type { LinkTable } from '../../lib/crud/tables';
import type { ResourceBinding } from '../../lib/crud/types';
import type { ModuleServices } from '../../lib/modules';
import { projectQueries } from './queries';

/*
 * Proyectos on the resource mechanism: `mine` is what the signed-in user manages or belongs to,
 * `all` (projects.edit) every project; `ordered` is the amount of the project's bought or delivered
 * orders, the figure the page sets against the budget; `committed` adds the authorised ones and
 * `available` is the budget left after them (negative when a justified override went over it).
 */

/** The project's members, a multi-reference to users. */
export const PROJECT_LINKS: Readonly<Record<string, LinkTable>> = {
  memberIds: { table: projectMembers, owner: projectMembers.projectId, target: projectMembers.userId },
};

/** Proyectos' binding; its budget figures are the orders module's sums. */
export function projectsBinding(orders: ModuleServices['orders']): ResourceBinding<typeof projectsResource> {
  const ofProject = orders.ofProject(projects.id);
  const committed = orders.committedAmount(ofProject);
  return {
    declaration: projectsResource,
    table: projects,
    computed: {
      ordered: orders.orderedAmount(ofProject),
      committed,
      available: sql`(${projects.budget} - ${committed})`,
    },
    views: { mine: (actor) => projectQueries.memberOf(actor.userId), all: () => undefined },
    links: PROJECT_LINKS,
  };
}
