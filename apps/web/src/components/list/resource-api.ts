import { isAxiosError, type AxiosProgressEvent } from 'axios';
import { z } from 'zod';
import {
  apiErrorSchema,
  listQueryToParams,
  listResponseSchema,
  optionPageSchema, OPTIONS_MAX_LIMIT,
  type ApiError,
  type ExportFormat,
  type ListQuery,
  type ListResponse,
  type Option,
} from '@goc/contracts';
import { api } from '../../lib/api/client';
import type { ResourceRow } from './resource-types';

/*
 * The calls of the list/CRUD protocol (ARCHITECTURE.md "API conventions") for any resource path.
 * Query keys start with ['resource', path] so one invalidation refreshes a resource's lists,
 * records, history and the pickers that read its /options.
 */

export const resourceKeys = {
  all: (resource: string) => ['resource', resource] as const,
  list: (resource: string, params: Record<string, string>) => ['resource', resource, 'list', params] as const,
  options: (resource: string) => ['resource', resource, 'options'] as const,
  record: (resource: string, id: number) => ['resource', resource, 'record', id] as const,
  history: (resource: string, id: number) => ['resource', resource, 'history', id] as const,
};

const rowSchema = z.looseObject({ id: z.number().int(), version: z.number().int() });

/** Request parameters of a list: the URL codec's, with page and pageSize always explicit. */
export function listRequestParams(query: ListQuery): Record<string, string> {
  return { ...listQueryToParams(query), page: String(query.page), pageSize: String(query.pageSize) };
}

/** GET /resource?page&pageSize&sort&q&filters, each item checked against the resource's entity schema. */
export async function fetchList(resource: string, params: Record<string, string>, entity: z.ZodType): Promise<ListResponse<ResourceRow>> {
  const response = await api.get(resource, { params });
  const page = listResponseSchema(entity).parse(response.data);
  return { ...page, items: page.items.map((item) => rowSchema.parse(item) as ResourceRow) };
}

export async function fetchRecord(resource: string, id: number, entity: z.ZodType): Promise<ResourceRow> {
  const response = await api.get(`${resource}/${id}`);
  return rowSchema.parse(entity.parse(response.data)) as ResourceRow;
}

/** GET /resource/options: the first page of active rows as [{ value, label, icon?, color?, parentId? }]. */
export async function fetchOptions(resource: string): Promise<Option[]> {
  const response = await api.get(`${resource}/options`, { params: { limit: OPTIONS_MAX_LIMIT } });
  return optionPageSchema.parse(response.data).items;
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

/** "exportación.xlsx" from Content-Disposition (RFC 6266, filename* first), or null. */
export function fileNameFromDisposition(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoded name falls back to the plain one.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

/** A failed blob request carries its JSON error body as a Blob: read it back into the API's error shape. */
export async function blobErrorBody(error: unknown): Promise<ApiError | null> {
  if (!isAxiosError(error) || !(error.response?.data instanceof Blob)) return null;
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(await error.response.data.text()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Hands a downloaded file to the browser. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * GET /resource/export?format=…&sort&q&filters: exactly the filtered, sorted set (paging does not
 * apply), saved under the server's file name or `fallbackName.format`.
 */
export async function downloadExport(
  resource: string,
  query: ListQuery,
  format: ExportFormat,
  fallbackName: string,
  onProgress?: (event: AxiosProgressEvent) => void,
): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...params } = listQueryToParams(query);
  const response = await api.get<Blob>(`${resource}/export`, {
    params: { ...params, format },
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  saveBlob(response.data, fileNameFromDisposition(response.headers['content-disposition']) ?? `${fallbackName}.${format}`);
}
