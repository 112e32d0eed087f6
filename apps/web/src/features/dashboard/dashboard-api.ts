import { queryOptions } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@goc/contracts';
import { getParsed } from '../../lib/api/load-client';
import { DASHBOARD_KEY, DASHBOARD_PATH } from './dashboard-request';

/** GET /dashboard's answer: the widgets the signed-in user's role may see. */
export const parseDashboard = (data: unknown): Dashboard => dashboardSchema.parse(data);

const fetchDashboard = (): Promise<Dashboard> => getParsed(DASHBOARD_PATH, parseDashboard);

export const dashboardQuery = queryOptions({ queryKey: DASHBOARD_KEY, queryFn: fetchDashboard });
