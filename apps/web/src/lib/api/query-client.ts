import { QueryClient } from '@tanstack/react-query';
import { httpStatus } from './http-status';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not accidents: retrying them cannot help. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatus(error);
  if (status !== null && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
