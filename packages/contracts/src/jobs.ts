import { z } from 'zod';

/** Background work (lib/jobs) as Administración sees it: each queue's backlog, and the dead items. */

export const jobQueueSchema = z.object({
  queue: z.string(),
  pending: z.number().int(),
  /** Age of the oldest pending item in seconds; null without one. */
  oldestPendingSeconds: z.number().nullable(),
  dead: z.number().int(),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;

export const deadJobSchema = z.object({
  id: z.number().int(),
  queue: z.string(),
  key: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deadAt: z.string().nullable(),
});
export type DeadJob = z.infer<typeof deadJobSchema>;

export const jobsOverviewSchema = z.object({ queues: z.array(jobQueueSchema), dead: z.array(deadJobSchema) });
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

/** At most this many dead items are listed (the newest). */
export const MAX_DEAD_JOBS_LISTED = 200;

export const JOB_MESSAGES = {
  notDead: 'La tarea ya no está fallida: alguien la reintentó o la descartó',
} as const;
