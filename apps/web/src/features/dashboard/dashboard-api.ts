import { queryOptions } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@goc/contracts';
import { api } from '../../lib/api/client';
import { takeEarly } from '../../lib/api/early-get';
import { DASHBOARD_KEY, DASHBOARD_PATH } from './dashboard-request';

/** GET /dashboard: the widgets the signed-in user's role may see (the route loader's early answer when there is one). */
async function fetchDashboard(): Promise<Dashboard> {
  const early = await takeEarly(DASHBOARD_PATH);
  return dashboardSchema.parse(early ?? (await api.get(DASHBOARD_PATH)).data);
}

export const dashboardQuery = queryOptions({ queryKey: DASHBOARD_KEY, queryFn: fetchDashboard });
