import type { Backoff } from './types';

/** The wait after failed attempt number `attempt` (1 for the first). */
export function retryDelayMs(backoff: Backoff, attempt: number): number {
  if ('delaysMs' in backoff) return backoff.delaysMs[Math.min(attempt, backoff.delaysMs.length) - 1] ?? 0;
  return Math.min(backoff.baseMs * 2 ** Math.max(0, attempt - 1), backoff.maxMs);
}
