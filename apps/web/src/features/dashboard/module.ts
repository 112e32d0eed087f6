import type { QueryClient } from '@tanstack/react-query';
import { dashboardNavigation } from '@goc/contracts';
import { sendEarly } from '../../lib/api/early-get';
import { defineWebModule } from '../../lib/modules';
import { DASHBOARD_KEY, DASHBOARD_PATH } from './dashboard-request';

/** The indicators will be fetched (none cached fresh, none in flight): then their request need not wait for the client. */
function needsFetch(queryClient: QueryClient): boolean {
  const query = queryClient.getQueryCache().find({ queryKey: DASHBOARD_KEY, exact: true });
  if (!query) return true;
  if (query.state.fetchStatus === 'fetching') return false;
  const { staleTime } = queryClient.getDefaultOptions().queries ?? {};
  return query.isStaleByTime(typeof staleTime === 'number' ? staleTime : 0);
}

export default defineWebModule(
  dashboardNavigation,
  { home: () => import('./dashboard-page') },
  // The indicators are what a phone waits for on Inicio: their request leaves from the route's loader
  // (fetch, before the HTTP client's and the schemas' chunks have loaded), the query takes its answer.
  {
    home: (queryClient) => {
      if (needsFetch(queryClient)) sendEarly(DASHBOARD_PATH);
      void import('./dashboard-api').then(({ dashboardQuery }) => queryClient.prefetchQuery(dashboardQuery));
    },
  },
);
