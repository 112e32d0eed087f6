import { dashboardSchema, type Dashboard } from '@goc/contracts';
import { api } from '../../lib/api/client';

export const dashboardKey = ['dashboard'] as const;

/** GET /dashboard: the widgets the signed-in user's role may see. */
export async function fetchDashboard(): Promise<Dashboard> {
  return dashboardSchema.parse((await api.get('/dashboard')).data);
}
