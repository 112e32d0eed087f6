import { z } from 'zod';
import { historyListSchema, type HistoryEntry, type ListResponse } from '@goc/contracts';
import { api } from '../api/client';
import { listSchema, rowEntity } from './list-request';
import type { ResourceRow } from './resource-row';

/* The record calls of the list/CRUD protocol for any resource path: list, read, write, history. */

const rowSchema = z.looseObject({ id: z.number().int(), version: z.number().int() });

/** GET /resource?page&pageSize&sort&q&filters, each item parsed once by the resource's entity schema. */
export async function fetchList(resource: string, params: Record<string, string>, entity: z.ZodType): Promise<ListResponse<ResourceRow>> {
  const response = await api.get(resource, { params });
  return listSchema(entity).parse(response.data);
}

export async function fetchRecord(resource: string, id: number, entity: z.ZodType): Promise<ResourceRow> {
  const response = await api.get(`${resource}/${id}`);
  return rowEntity(entity).parse(response.data);
}

export async function createRecord(resource: string, body: Record<string, unknown>): Promise<ResourceRow> {
  const response = await api.post(resource, body);
  return rowSchema.parse(response.data) as ResourceRow;
}

/** PATCH with the version read with the row; a stale version answers 409. */
export async function updateRecord(resource: string, id: number, body: Record<string, unknown>): Promise<ResourceRow> {
  const response = await api.patch(`${resource}/${id}`, body);
  return rowSchema.parse(response.data) as ResourceRow;
}

export async function deleteRecord(resource: string, id: number): Promise<void> {
  await api.delete(`${resource}/${id}`);
}

/** GET /<resource>/:id/history, newest first. */
export async function fetchHistory(resource: string, id: number): Promise<HistoryEntry[]> {
  const response = await api.get(`${resource}/${id}/history`);
  return historyListSchema.parse(response.data);
}

/** POST /<resource>/:id/transitions: moves the record along its workflow with the version read (stale → 409). */
export async function postTransition(resource: string, id: number, body: Record<string, unknown>): Promise<ResourceRow> {
  const response = await api.post(`${resource}/${id}/transitions`, body);
  return rowSchema.parse(response.data) as ResourceRow;
}
