import { listResponseSchema, projectsResource } from '@goc/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api/client';

export type Project = z.output<typeof projectsResource.schemas.entity>;
export type ProjectScope = 'mine' | 'all';

export const projectCardsKey = (scope: ProjectScope) => ['resource', projectsResource.resource, 'cards', scope] as const;

/** The first 100 projects of a view, by code (cards). */
export async function fetchProjects(scope: ProjectScope): Promise<{ items: Project[]; total: number }> {
  const response = await api.get(`${projectsResource.resource}?${new URLSearchParams({ scope, pageSize: '100' }).toString()}`);
  return listResponseSchema(projectsResource.schemas.entity).parse(response.data);
}
