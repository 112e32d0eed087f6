import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobMetrics } from '../lib/jobs/metrics';
import { createJobRunner, DEFAULT_RUNNER_SETTINGS, type Outcome, type RunnerSettings } from '../lib/jobs/runner';
import type { JobRunner } from '../lib/jobs/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background queues: define while registering, enqueue inside a transaction, drain in tests. */
    jobs: JobRunner;
  }
}

export interface JobsOptions {
  /** false: nothing runs until `drain()` (tests decide when). Default true. */
  run?: boolean;
  settings?: Partial<RunnerSettings>;
}

/** `app.jobs`: started when the app is ready (its figures then join /metrics), stopped when it closes. */
async function jobsPlugin(app: FastifyInstance, options: JobsOptions): Promise<void> {
  // The metrics registry exists only once every plugin has registered: attempts are reported to it from then on.
  let report: ((queue: string, outcome: Outcome, seconds: number) => void) | null = null;
  const runner = createJobRunner(app.database, app.listeners, app.log, { ...DEFAULT_RUNNER_SETTINGS, ...options.settings }, {
    attempt: (queue, outcome, seconds) => report?.(queue, outcome, seconds),
  });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => {
    if (app.hasDecorator('metrics')) {
      const observer = jobMetrics(app.db, app.metrics, () => runner.queues);
      report = (queue, outcome, seconds) => observer.attempt(queue, outcome, seconds);
    }
    if (options.run !== false) await runner.start();
  });
  app.addHook('onClose', () => runner.stop());
}

export default fp(jobsPlugin, { name: 'goc-jobs', dependencies: ['goc-context'] });
