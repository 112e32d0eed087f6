import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpStatus } from './http-status';
import { queryKeys } from './query-keys';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not accidents: retrying them cannot help. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatus(error);
  if (status !== null && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * The route guard trusts the cached permissions for the whole session; a 403 anywhere means the
 * server sees them differently, so they are invalidated (and refetched while the shell shows them).
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (httpStatus(error) === 403) void client.invalidateQueries({ queryKey: queryKeys.permissions });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      // A write is tried even when the browser says it is offline: it fails at once with the
      // connection's message (or is kept in the outbox, docs/offline.md) instead of waiting, paused,
      // with its button spinning until the signal returns.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}
