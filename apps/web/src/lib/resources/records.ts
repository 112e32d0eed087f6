import { z } from 'zod';
import { historyListSchema, listQueryToParams, listResponseSchema, type HistoryEntry, type ListQuery, type ListResponse } from '@goc/contracts';
import { api } from '../api/client';
import type { ResourceRow } from './resource-row';

/* The record calls of the list/CRUD protocol for any resource path: list, read, write, history. */

const rowSchema = z.looseObject({ id: z.number().int(), version: z.number().int() });

const hasRowKeys = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Number.isInteger((value as { id?: unknown }).id) && Number.isInteger((value as { version?: unknown }).version);

/*
 * Per resource, built once and reused by every fetch: its entity schema that also insists on the
 * row's id and version (a check on the parsed row, not a second parse), and the list response around it.
 */
const rowEntities = new WeakMap<z.ZodType, z.ZodType<ResourceRow>>();
const listSchemas = new WeakMap<z.ZodType, z.ZodType<ListResponse<ResourceRow>>>();

function rowEntity(entity: z.ZodType): z.ZodType<ResourceRow> {
  let schema = rowEntities.get(entity);
  if (!schema) {
    schema = entity.refine(hasRowKeys, { message: 'La fila no trae id ni versión' }) as z.ZodType<ResourceRow>;
    rowEntities.set(entity, schema);
  }
  return schema;
}

function listSchema(entity: z.ZodType): z.ZodType<ListResponse<ResourceRow>> {
  let schema = listSchemas.get(entity);
  if (!schema) {
    schema = listResponseSchema(rowEntity(entity));
    listSchemas.set(entity, schema);
  }
  return schema;
}

/** Request parameters of a list: the URL codec's, with page and pageSize always explicit, plus the view's base parameters (scope=mine). */
export function listRequestParams(query: ListQuery, baseParams: Readonly<Record<string, string>> = {}): Record<string, string> {
  return { ...baseParams, ...listQueryToParams(query), page: String(query.page), pageSize: String(query.pageSize) };
}

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
