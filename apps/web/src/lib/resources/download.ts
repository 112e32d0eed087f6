import { isAxiosError } from 'axios';
import { apiErrorSchema, listQueryToParams, type ApiError, type ExportFormat, type ListQuery } from '@goc/contracts';
import { api } from '../api/client';

/* Exports: GET <resource>/export as a file the browser saves. */

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

/**
 * How long the file's object URL outlives the click. The browser reads the blob after the click
 * returns, on its own schedule: revoking at once cancels the download in some browsers (a large
 * backup most of all). A minute is far more than any browser needs to start reading a local blob.
 */
export const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands a downloaded file to the browser; its object URL is released later (OBJECT_URL_LIFETIME_MS), not during the click. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * GET /resource/export?format=…&sort&q&filters (plus the view's base parameters): exactly the
 * filtered, sorted set (paging does not apply), saved under the server's file name or `fallbackName.format`.
 */
export async function downloadExport(
  resource: string,
  query: ListQuery,
  format: ExportFormat,
  fallbackName: string,
  baseParams: Readonly<Record<string, string>> = {},
): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...params } = listQueryToParams(query);
  const response = await api.get<Blob>(`${resource}/export`, {
    params: { ...baseParams, ...params, format },
    responseType: 'blob',
  });
  saveBlob(response.data, fileNameFromDisposition(response.headers['content-disposition']) ?? `${fallbackName}.${format}`);
}
