import {
  conceptSuggestionsSchema,
  consumptionSchema,
  countListSchema,
  countSchema,
  importReportSchema,
  kardexSchema,
  stockBalancesResource,
  transferListSchema,
  transferSchema,
  type ApplyCountInput,
  type Consumption,
  type ConsumptionInput,
  type CountInput,
  type ImportReport,
  type Kardex,
  type ReceiveTransferInput,
  type StockCount,
  type Transfer,
  type TransferInput,
} from '@goc/contracts';
import { api } from '../../lib/api/client';
import { fileNameFromDisposition, saveBlob } from '../../lib/resources/download';

/* The calls of the store beyond the existencias list (which the shared list reads from its declaration). */

const STOCK = stockBalancesResource.resource;

/** The attachments API's name of a salida (the stock manifest's `attachables`). */
export const CONSUMPTION_DOCUMENTS = 'stock-consumptions';

/** Every query of the store starts with the list's key, so one invalidation refreshes them all after a movement. */
export const stockKeys = {
  all: ['resource', STOCK] as const,
  kardex: (workId: number, materialId: number, page: number) => ['resource', STOCK, 'kardex', workId, materialId, page] as const,
  transfers: (status: string) => ['resource', STOCK, 'transfers', status] as const,
  counts: (status: string) => ['resource', STOCK, 'counts', status] as const,
  concepts: (workId: number) => ['resource', STOCK, 'concepts', workId] as const,
};

export async function fetchKardex(workId: number, materialId: number, page: number): Promise<Kardex> {
  const response = await api.get(`${STOCK}/kardex`, { params: { workId, materialId, page, pageSize: 50 } });
  return kardexSchema.parse(response.data);
}

export async function fetchConcepts(workId: number): Promise<string[]> {
  const response = await api.get(`${STOCK}/concepts`, { params: { workId } });
  return conceptSuggestionsSchema.parse(response.data);
}

export async function createConsumption(body: ConsumptionInput): Promise<Consumption> {
  const response = await api.post(`${STOCK}/consumptions`, body);
  return consumptionSchema.parse(response.data);
}

export async function fetchTransfers(status: Transfer['status']): Promise<Transfer[]> {
  const response = await api.get(`${STOCK}/transfers`, { params: { status } });
  return transferListSchema.parse(response.data);
}

export async function createTransfer(body: TransferInput): Promise<Transfer> {
  const response = await api.post(`${STOCK}/transfers`, body);
  return transferSchema.parse(response.data);
}

export async function receiveTransfer(id: number, body: ReceiveTransferInput): Promise<Transfer> {
  const response = await api.post(`${STOCK}/transfers/${id}/receive`, body);
  return transferSchema.parse(response.data);
}

export async function fetchCounts(status: StockCount['status']): Promise<StockCount[]> {
  const response = await api.get(`${STOCK}/counts`, { params: { status } });
  return countListSchema.parse(response.data);
}

export async function createCount(body: CountInput): Promise<StockCount> {
  const response = await api.post(`${STOCK}/counts`, body);
  return countSchema.parse(response.data);
}

export async function applyCount(id: number, body: ApplyCountInput): Promise<StockCount> {
  const response = await api.post(`${STOCK}/counts/${id}/apply`, body);
  return countSchema.parse(response.data);
}

/** The work's count sheet (xlsx): each material with what the books say, and a column to count. */
export async function downloadCountSheet(workId: number): Promise<void> {
  const response = await api.get<Blob>(`${STOCK}/counts/sheet`, { params: { workId, format: 'xlsx' }, responseType: 'blob' });
  saveBlob(response.data, fileNameFromDisposition(response.headers['content-disposition']) ?? 'hoja-de-conteo.xlsx');
}

/** The filled count sheet: the count recorded, or the problems of its rows (nothing recorded). */
export type CountSheetOutcome = { count: StockCount } | { report: ImportReport };

export async function importCountSheet(params: { workId: number; date: string; notes: string | null }, file: File): Promise<CountSheetOutcome> {
  const body = new FormData();
  body.append('file', file);
  const response = await api.post(`${STOCK}/counts/import`, body, {
    params: { ...params, mode: 'commit' },
    // 422 is an answer here: the report of the sheet's problems.
    validateStatus: (status) => status === 201 || status === 422,
  });
  return response.status === 201 ? { count: countSchema.parse(response.data) } : { report: importReportSchema.parse(response.data) };
}
