/**
 * GET /dashboard and its query's key, and the modules' cards as a query: shared by the route's
 * prefetch (in the entry) and the page. The cards' mechanism (lib/dashboard-cards) stays out of the
 * entry: only the cards' chunks load it.
 */
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../lib/api/query-keys';
import type { DashboardCard } from '../../lib/dashboard-cards';

export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_KEY = queryKeys.dashboard;

/** Code, not data: loaded once, and with no signal too (the chunks may be in the browser's cache). */
export const dashboardCardsQuery = (load: () => Promise<readonly DashboardCard[]>) =>
  queryOptions({ queryKey: queryKeys.dashboardCards, queryFn: load, staleTime: Infinity, gcTime: Infinity, networkMode: 'always' });
