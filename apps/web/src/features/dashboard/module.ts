import { dashboardNavigation } from '@goc/contracts';
import { earlyQueryFn } from '../../lib/api/early-get';
import { defineWebModule } from '../../lib/modules';
import { dashboardCardsQuery, DASHBOARD_KEY, DASHBOARD_PATH } from './dashboard-request';

export default defineWebModule(
  dashboardNavigation,
  { home: () => import('./dashboard-page') },
  {
    // The indicators are what a phone waits for on Inicio. The query decides whether to fetch (nothing
    // fresh cached, nothing in flight); its request then leaves at once, with fetch, and is parsed once
    // the HTTP client's and the schemas' chunks have loaded. Every module's cards chunk starts loading
    // with it, beside the page's chunk: none waits for another.
    prefetch: {
      home: (queryClient, _url, modules) => {
        void queryClient.prefetchQuery({
          queryKey: DASHBOARD_KEY,
          queryFn: earlyQueryFn(DASHBOARD_PATH, async () => (await import('./dashboard-api')).parseDashboard),
        });
        void queryClient.prefetchQuery(dashboardCardsQuery(modules.dashboardCards));
      },
    },
  },
);
