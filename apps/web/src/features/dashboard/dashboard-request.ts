/** GET /dashboard and its query's key: shared by the route's prefetch (in the entry) and the fetcher (with the page). */
import { queryKeys } from '../../lib/api/query-keys';

export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_KEY = queryKeys.dashboard;
