import { eq, exists, or, sql, type SQL } from 'drizzle-orm';
import { projectMembers, projects } from '../../db/schema';

/** Projects the user manages or is a member of: Mis proyectos, and the dashboard's. */
const memberOf = (userId: number): SQL =>
  or(
    eq(projects.managerId, userId),
    exists(sql`(select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${userId})`),
  ) ?? sql`false`;

export const projectQueries = { memberOf } as const;

export type ProjectQueries = typeof projectQueries;
