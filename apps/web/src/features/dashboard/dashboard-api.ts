import { queryOptions } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@goc/contracts';
import { loadApi } from '../../lib/api/load-client';
import { DASHBOARD_KEY, DASHBOARD_PATH } from './dashboard-request';

/** GET /dashboard: the widgets the signed-in user's role may see. */
async function fetchDashboard(): Promise<Dashboard> {
  const api = await loadApi();
  return dashboardSchema.parse((await api.get(DASHBOARD_PATH)).data);
}

/** The indicators from an answer already received (the route's early GET), or asked for through the HTTP client when there is none. */
export async function dashboardFrom(early: unknown): Promise<Dashboard> {
  return early === undefined ? fetchDashboard() : dashboardSchema.parse(early);
}

export const dashboardQuery = queryOptions({ queryKey: DASHBOARD_KEY, queryFn: fetchDashboard });
