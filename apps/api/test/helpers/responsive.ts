import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Sends `hostile` and, for as long as it has not been answered, GET /api/v2/health one after the
 * other (no sleep, one event-loop turn between them): the hostile answer, the slowest health answer in ms and how many were made.
 */
export async function healthWhile<T>(app: FastifyInstance, hostile: () => Promise<T>): Promise<{ answer: T; slowestMs: number; checks: number; healthStatuses: Set<number> }> {
  let settled = false;
  const pending = hostile().finally(() => {
    settled = true;
  });
  let slowestMs = 0;
  let checks = 0;
  const healthStatuses = new Set<number>();
  do {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/v2/health' });
    slowestMs = Math.max(slowestMs, performance.now() - started);
    healthStatuses.add(res.statusCode);
    checks += 1;
    // Not a wait: a turn of the event loop, so the upload's own I/O and the worker's answer get in.
    await nextTurn();
  } while (!settled);
  return { answer: await pending, slowestMs, checks, healthStatuses };
}
