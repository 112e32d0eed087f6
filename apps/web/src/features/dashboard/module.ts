import { dashboardNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(
  dashboardNavigation,
  { home: () => import('./dashboard-page') },
  // The indicators are what a phone waits for on Inicio: asked for before the shell and the page have rendered.
  { home: (queryClient) => void import('./dashboard-api').then(({ dashboardQuery }) => queryClient.prefetchQuery(dashboardQuery)) },
);
