import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Db } from '../../db/client';
import type { RunnerObserver } from './runner';
import { queueFigures } from './store';
import type { QueueFigures } from './types';

/**
 * The jobs' figures in /metrics: backlog, oldest pending item and dead items per queue (read from
 * the database at each scrape, so they count every process's work), and this process's attempts and
 * their durations.
 */
export function jobMetrics(db: Db, registry: Registry, queues: () => readonly string[]): RunnerObserver {
  // A scrape collects the gauges in the order they are registered: the first reads, the others reuse it.
  let latest: Promise<QueueFigures[]> | null = null;
  const read = async (): Promise<QueueFigures[]> => {
    const rows = await queueFigures(db);
    // Every queue this process runs has its series, even at zero.
    const known = new Set(rows.map((r) => r.queue));
    return [...rows, ...queues().filter((q) => !known.has(q)).map((queue) => ({ queue, pending: 0, oldestPendingSeconds: null, dead: 0 }))];
  };
  const figures = (fresh: boolean): Promise<QueueFigures[]> => {
    if (fresh || !latest) latest = read();
    return latest;
  };
  const gauge = (name: string, help: string, value: (f: QueueFigures) => number, fresh = false) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const f of await figures(fresh)) this.set({ queue: f.queue }, value(f));
      },
    });
  gauge('goc_jobs_pending', 'Tareas en segundo plano pendientes por cola', (f) => f.pending, true);
  gauge('goc_jobs_oldest_pending_seconds', 'Antigüedad de la tarea pendiente más vieja por cola', (f) => f.oldestPendingSeconds ?? 0);
  gauge('goc_jobs_dead', 'Tareas que agotaron sus intentos por cola', (f) => f.dead);
  const attempts = new Counter({
    name: 'goc_jobs_attempts_total',
    help: 'Intentos de tareas en segundo plano por cola y resultado (done, failed, timeout, dead)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'goc_job_duration_seconds',
    help: 'Duración de los intentos de tareas en segundo plano por cola',
    labelNames: ['queue'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  return {
    attempt(queue, outcome, seconds) {
      attempts.inc({ queue, outcome });
      duration.observe({ queue }, seconds);
    },
  };
}
