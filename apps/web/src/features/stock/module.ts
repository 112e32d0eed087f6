import { stockNavigation } from '@goc/contracts';
import { resourceKeys } from '../../lib/resources/query-keys';
import { defineWebModule } from '../../lib/modules';

/** The existencias' list path, as its declaration names it (a test holds them equal): every store query starts with it. */
export const STOCK_LIST = '/stock';

/** A transfer or a count of the store: every store query (existencias, transfers, counts). */
const STORE_MOVED = [resourceKeys.all(STOCK_LIST)];

export default defineWebModule(
  stockNavigation,
  { stock: () => import('./stock-page') },
  {
    refreshes: { stock_transfer: STORE_MOVED, stock_count: STORE_MOVED },
    dashboard: () => import('./dashboard-cards'),
  },
);
