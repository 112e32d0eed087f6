import type { QueryClient } from '@tanstack/react-query';
import type { NotificationItem } from '@goc/contracts';
import type { ComposedModules } from '../../lib/modules';

/**
 * Refreshes what the notification concerns, as the module sending its type declares it (its
 * `refreshes`): a live notification refetches the queries on screen now, the others when next shown,
 * so an open list or dashboard card never keeps the old status.
 */
export async function refreshConcerned(queryClient: QueryClient, refreshes: ComposedModules['refreshes'], item: Pick<NotificationItem, 'type'>): Promise<void> {
  await Promise.all(refreshes[item.type].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
