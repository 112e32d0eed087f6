import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { bearer } from '../helpers/app';
import { API } from '../catalogs/support';

/* Upload helpers for the import tests: a multipart body built by hand, workbooks built with exceljs. */

export function multipart(fileName: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----goc${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface UploadOptions {
  mode?: 'validate' | 'commit';
  match?: 'code' | 'none';
  async?: boolean;
}

export function upload(app: FastifyInstance, token: string, resource: string, fileName: string, content: Buffer, options: UploadOptions = {}): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipart(fileName, content);
  const query = new URLSearchParams({ mode: options.mode ?? 'validate', match: options.match ?? 'none' });
  return app.inject({
    method: 'POST',
    url: `${API}${resource}/import?${query}`,
    headers: { ...bearer(token), ...headers, ...(options.async ? { prefer: 'respond-async' } : {}) },
    payload,
  });
}

export type CellInput = ExcelJS.CellValue;

export async function workbook(headers: readonly string[], rows: readonly CellInput[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Datos');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const csvField = (value: string) => (/[",;\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function csv(headers: readonly string[], rows: readonly string[][], delimiter = ','): string {
  return [headers, ...rows].map((r) => r.map(csvField).join(delimiter)).join('\r\n') + '\r\n';
}
