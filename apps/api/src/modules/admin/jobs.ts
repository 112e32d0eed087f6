import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deadJobSchema, JOB_MESSAGES, jobsOverviewSchema, MAX_DEAD_JOBS_LISTED, type DeadJob as DeadJobView } from '@goc/contracts';
import { recordAudit } from '../../lib/audit';
import { actorOf } from '../../lib/crud/actor';
import { idParamsSchema } from '../../lib/crud/routes';
import { ConflictError } from '../../lib/errors';
import { deadJobs, discardDead, queueFigures, retryDead } from '../../lib/jobs/store';
import type { DeadJob } from '../../lib/jobs/types';
import { errorResponses } from '../../lib/openapi';

const tags = ['Administración'];
/** The audit trail's entity of these actions. */
const AUDIT_ENTITY = 'jobs';

const view = (job: DeadJob): DeadJobView => ({
  id: job.id,
  queue: job.queue,
  key: job.key,
  attempts: job.attempts,
  lastError: job.lastError,
  createdAt: job.createdAt.toISOString(),
  deadAt: job.deadAt?.toISOString() ?? null,
});

/** GET /admin/jobs, POST /admin/jobs/:id/retry and DELETE /admin/jobs/:id (module admin). */
const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/jobs', {
    config: { permission: { module: 'admin', action: 'view' } },
    schema: {
      operationId: 'getJobs',
      tags,
      summary: 'Tareas en segundo plano: pendientes y antigüedad por cola, y las fallidas con su último error',
      response: { 200: jobsOverviewSchema, ...errorResponses(401, 403) },
    },
    handler: async () => {
      const figures = await queueFigures(app.db);
      const known = new Set(figures.map((f) => f.queue));
      const idle = app.jobs.queues.filter((q) => !known.has(q)).map((queue) => ({ queue, pending: 0, oldestPendingSeconds: null, dead: 0 }));
      const queues = [...figures, ...idle].sort((a, b) => a.queue.localeCompare(b.queue));
      return { queues, dead: (await deadJobs(app.db, MAX_DEAD_JOBS_LISTED)).map(view) };
    },
  });

  app.post('/admin/jobs/:id/retry', {
    config: { permission: { module: 'admin', action: 'edit' } },
    schema: {
      operationId: 'retryJob',
      tags,
      summary: 'Reintentar una tarea fallida: vuelve a pendiente con sus intentos desde cero',
      params: idParamsSchema,
      response: { 200: deadJobSchema, ...errorResponses(401, 403, 409) },
    },
    handler: async (request) => {
      const actor = await actorOf(request);
      const job = await app.db.transaction(async (tx) => {
        const retried = await retryDead(tx, request.params.id);
        if (!retried) throw new ConflictError(JOB_MESSAGES.notDead);
        await recordAudit(tx, {
          userId: actor.userId,
          action: 'job.retried',
          entity: AUDIT_ENTITY,
          entityId: retried.id,
          ip: actor.ip,
          metadata: { queue: retried.queue, lastError: retried.lastError },
        });
        return retried;
      });
      app.jobs.nudge(job.queue);
      return view(job);
    },
  });

  app.delete('/admin/jobs/:id', {
    config: { permission: { module: 'admin', action: 'edit' } },
    schema: {
      operationId: 'discardJob',
      tags,
      summary: 'Descartar una tarea fallida: se borra sin ejecutarse',
      params: idParamsSchema,
      response: { 204: z.null(), ...errorResponses(401, 403, 409) },
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      await app.db.transaction(async (tx) => {
        const discarded = await discardDead(tx, request.params.id);
        if (!discarded) throw new ConflictError(JOB_MESSAGES.notDead);
        await recordAudit(tx, {
          userId: actor.userId,
          action: 'job.discarded',
          entity: AUDIT_ENTITY,
          entityId: discarded.id,
          ip: actor.ip,
          metadata: { queue: discarded.queue, key: discarded.key, lastError: discarded.lastError, payload: discarded.payload },
        });
      });
      return reply.code(204).send(null);
    },
  });
};

export default jobRoutes;
