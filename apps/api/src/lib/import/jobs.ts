import { randomUUID } from 'node:crypto';
import { toApiError } from '../api-errors';
import type { ImportJob } from '@goc/contracts';
import type { ImportOutcome } from './run';

/*
 * Imports answered with 202 (`Prefer: respond-async`) run in this process and are polled by id.
 * Only the user who started one may read it; a finished job is kept for an hour.
 */

const KEEP_MS = 60 * 60 * 1000;

interface StoredJob {
  userId: number;
  job: ImportJob;
}

export interface ImportJobs {
  start(userId: number, run: (progress: (processed: number, total: number) => void) => Promise<ImportOutcome>): string;
  /** The job, or null when it does not exist or belongs to someone else. */
  get(userId: number, jobId: string): ImportJob | null;
}

export function createImportJobs(): ImportJobs {
  const jobs = new Map<string, StoredJob>();
  const forget = (jobId: string) => setTimeout(() => jobs.delete(jobId), KEEP_MS).unref();
  return {
    start(userId, run) {
      const jobId = randomUUID();
      const job: ImportJob = { jobId, state: 'running', processed: 0, total: 0, report: null, message: null, statusCode: null };
      jobs.set(jobId, { userId, job });
      run((processed, total) => {
        job.processed = processed;
        job.total = total;
      })
        .then((outcome) => {
          Object.assign(job, { state: 'done', report: outcome.report, statusCode: outcome.statusCode });
        })
        .catch((error: unknown) => {
          const answer = toApiError(error);
          Object.assign(job, { state: 'failed', message: answer.message, statusCode: answer.statusCode });
        })
        .finally(() => forget(jobId));
      return jobId;
    },
    get(userId, jobId) {
      const stored = jobs.get(jobId);
      return stored && stored.userId === userId ? stored.job : null;
    },
  };
}
