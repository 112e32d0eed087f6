import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ordersResource, registryCutsResource, registryMovementsResource, stockBalancesResource, type NotificationItem, type NotificationType } from '@goc/contracts';
import { attachmentKeys } from '../../components/attachments/attachments-api';
import { queryKeys } from '../../lib/api/query-keys';
import { resourceKeys } from '../../lib/resources/query-keys';

/** An order moved: its lists and detail (invoices and budget included), its documents, the works' open orders and the dashboard's widgets. */
const ORDERS: readonly QueryKey[] = [resourceKeys.all(ordersResource.resource), attachmentKeys.all, queryKeys.worksOverview, queryKeys.dashboard];
/** A movement moved: the movements' lists, the cuts that count them, the works' staff and the dashboard. */
const MOVEMENTS: readonly QueryKey[] = [
  resourceKeys.all(registryMovementsResource.resource),
  resourceKeys.all(registryCutsResource.resource),
  queryKeys.worksOverview,
  queryKeys.dashboard,
];
/** A transfer or a count of the store: every store query (existencias, transfers, counts). */
const STOCK: QueryKey = resourceKeys.all(stockBalancesResource.resource);

/**
 * What each kind of notification says has changed on the server, as the queries that show it: a
 * live notification refreshes them, so an open list or dashboard card never keeps the old status.
 */
export const NOTIFICATION_QUERIES: Readonly<Record<NotificationType, readonly QueryKey[]>> = {
  order_sent: ORDERS,
  order_status: ORDERS,
  approval_requested: ORDERS,
  order_decided: ORDERS,
  movement_status: MOVEMENTS,
  movement_late: MOVEMENTS,
  cut_open: [resourceKeys.all(registryCutsResource.resource), queryKeys.dashboard],
  access_changed: [queryKeys.permissions, queryKeys.currentUser, queryKeys.dashboard],
  webhook_disabled: [queryKeys.webhooks],
  stock_transfer: [STOCK],
  stock_count: [STOCK],
};

/** Refreshes what the notification concerns (queries on screen refetch now, the others when next shown). */
export async function refreshConcerned(queryClient: QueryClient, item: Pick<NotificationItem, 'type'>): Promise<void> {
  await Promise.all(NOTIFICATION_QUERIES[item.type].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
