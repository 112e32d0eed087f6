import { deadJobSchema, jobsOverviewSchema, type DeadJob, type JobsOverview } from '@goc/contracts';
import { api } from '../../lib/api/client';

export const jobKeys = { overview: ['admin', 'jobs'] as const };

export async function fetchJobs(): Promise<JobsOverview> {
  const { data } = await api.get('/admin/jobs');
  return jobsOverviewSchema.parse(data);
}

export async function retryJob(id: number): Promise<DeadJob> {
  const { data } = await api.post(`/admin/jobs/${id}/retry`);
  return deadJobSchema.parse(data);
}

export async function discardJob(id: number): Promise<void> {
  await api.delete(`/admin/jobs/${id}`);
}
