import type { z } from 'zod';
import { listQueryToParams, listResponseSchema, type ListQuery, type ListResponse } from '@goc/contracts/list-query';
import type { ResourceRow } from './resource-row';

/*
 * A list request's parameters and its answer's schema, without the HTTP client: the list page's
 * fetch (records.ts) and a route loader's early request (list-prefetch.ts) build the same ones.
 */

const hasRowKeys = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Number.isInteger((value as { id?: unknown }).id) && Number.isInteger((value as { version?: unknown }).version);

/*
 * Per resource, built once and reused by every fetch: its entity schema that also insists on the
 * row's id and version (a check on the parsed row, not a second parse), and the list response around it.
 */
const rowEntities = new WeakMap<z.ZodType, z.ZodType<ResourceRow>>();
const listSchemas = new WeakMap<z.ZodType, z.ZodType<ListResponse<ResourceRow>>>();

export function rowEntity(entity: z.ZodType): z.ZodType<ResourceRow> {
  let schema = rowEntities.get(entity);
  if (!schema) {
    schema = entity.refine(hasRowKeys, { message: 'La fila no trae id ni versión' }) as z.ZodType<ResourceRow>;
    rowEntities.set(entity, schema);
  }
  return schema;
}

export function listSchema(entity: z.ZodType): z.ZodType<ListResponse<ResourceRow>> {
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
