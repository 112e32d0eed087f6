import {
  conceptSuggestionsSchema,
  consumptionSchema,
  countListSchema,
  countSchema,
  kardexSchema,
  stockBalancesResource,
  transferListSchema,
  transferSchema,
  type ApplyCountInput,
  type Consumption,
  type ConsumptionInput,
  type CountInput,
  type Kardex,
  type ReceiveTransferInput,
  type StockCount,
  type Transfer,
  type TransferInput,
} from '@goc/contracts';
import { api } from '../../lib/api/client';

/* The calls of the store beyond the existencias list (which the shared list reads from its declaration). */

const STOCK = stockBalancesResource.resource;

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
