import { DEFAULT_PAGE_SIZE, listQueryToParams, ROUTES, type FilterConstraint, type RouteKey } from '@goc/contracts';

/** Address of a list page opened on `field equals value` filters (the list keeps its state in the URL). */
export function filteredListLink(route: RouteKey, equals: Readonly<Record<string, FilterConstraint['value']>>): string {
  const filters = Object.fromEntries(
    Object.entries(equals).map(([field, value]) => [field, { operator: 'and' as const, constraints: [{ matchMode: 'equals' as const, value }] }]),
  );
  const params = new URLSearchParams(listQueryToParams({ page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: [], q: '', filters }));
  return `${ROUTES[route].path}?${params.toString()}`;
}
