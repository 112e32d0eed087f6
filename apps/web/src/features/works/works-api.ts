import { listQueryToParams, listResponseSchema, worksOverviewSchema, type FilterConstraint, type WorksOverview, type WorksOverviewQuery } from '@goc/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api/client';
import { queryKeys } from '../../lib/api/query-keys';

export const worksOverviewKey = (query: WorksOverviewQuery) => [...queryKeys.worksOverview, query] as const;

/** GET /works/overview with the page's filters (absent ones left out). */
export async function fetchWorksOverview(query: WorksOverviewQuery): Promise<WorksOverview> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return worksOverviewSchema.parse((await api.get('/works/overview', { params })).data);
}

/** The first page (100 rows, or `pageSize`) of a resource's list filtered by `field equals value`, in an optional view, in its default order. */
export async function fetchRelated<S extends z.ZodType<{ id: number }>>(
  resource: string,
  entity: S,
  equals: Readonly<Record<string, FilterConstraint['value']>>,
  scope?: string,
  pageSize = 100,
): Promise<{ items: z.output<S>[]; total: number }> {
  const filters = Object.fromEntries(
    Object.entries(equals).map(([field, value]) => [field, { operator: 'and' as const, constraints: [{ matchMode: 'equals' as const, value }] }]),
  );
  const params = { ...listQueryToParams({ page: 1, pageSize, sort: [], q: '', filters }), pageSize: String(pageSize), ...(scope ? { scope } : {}) };
  const page = listResponseSchema(entity).parse((await api.get(resource, { params })).data);
  return { items: page.items, total: page.total };
}
