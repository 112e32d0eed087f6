import { queryOptions } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@goc/contracts';
import { api } from '../../lib/api/client';

/** GET /dashboard: the widgets the signed-in user's role may see. */
async function fetchDashboard(): Promise<Dashboard> {
  return dashboardSchema.parse((await api.get('/dashboard')).data);
}

export const dashboardQuery = queryOptions({ queryKey: ['dashboard'], queryFn: fetchDashboard });
