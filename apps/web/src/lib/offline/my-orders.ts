import { addBusinessDays, businessDayOf, businessToday, decodeListQuery, ordersResource, type Filters, type IsoDay, type ListResponse } from '@goc/contracts';
import { api } from '../api/client';
import { listRequestParams, listSchema, rowEntity } from '../resources/list-request';
import type { ResourceRow } from '../resources/resource-row';
import { queryKeptRows } from './kept-list-query';
import { offlineDb } from './offline-db';
import { offlineTexts } from './offline-texts';

/*
 * The signed-in user's own orders of the last 90 days, kept on the phone (docs/offline.md) so Mis
 * Pedidos lists them without signal. Read through the list route Mis Pedidos itself uses
 * (GET /orders?scope=mine) with the list's own filters: the first refresh reads the orders created
 * in the last 90 days, the next ones only those updated since the day of the last refresh (the
 * list filters by day, in Mexico City time: the day before is read again, so nothing is missed).
 */

export const MY_ORDERS_DAYS = 90;
/** A deleted draft cannot be seen in what changed: the whole 90 days are read again once a day. */
export const MY_ORDERS_FULL_REFRESH_MS = 24 * 3_600_000;
const PAGE_SIZE = 100;
/** 2 000 orders in 90 days is far beyond a residente's; the bound keeps a refresh finite. */
const MAX_PAGES = 20;
const KEY = 'myOrders';

interface KeptOrders {
  /** As the server sent them: parsed again when read, so offline rows are the online rows. */
  orders: Record<string, unknown>[];
  syncedAt: number;
  fullAt: number;
  /** The business day the last refresh started on. */
  day: IsoDay;
}

const entity = ordersResource.schemas.entity;
const afterDay = (day: IsoDay) => ({ operator: 'and' as const, constraints: [{ matchMode: 'dateAfter' as const, value: day }] });

/** Every page of the user's orders matching the filters, newest first. */
async function readOrders(filters: Filters): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const params = listRequestParams({ page, pageSize: PAGE_SIZE, sort: [], filters }, { scope: 'mine' });
    const data: unknown = (await api.get(ordersResource.resource, { params })).data;
    const parsed = listSchema(entity).parse(data);
    rows.push(...((data as { items: Record<string, unknown>[] }).items ?? []));
    if (rows.length >= parsed.total || parsed.items.length === 0) break;
  }
  return rows;
}

const createdDay = (row: Record<string, unknown>) => businessDayOf(Date.parse(String(row.createdAt)));
const newestFirst = (a: Record<string, unknown>, b: Record<string, unknown>) => String(b.createdAt).localeCompare(String(a.createdAt)) || Number(b.id) - Number(a.id);

/** Brings the kept orders up to date: all of the last 90 days once a day, otherwise those updated since the last refresh's day. */
export async function refreshMyOrders(userId: number): Promise<void> {
  const db = await offlineDb(userId);
  const kept = (await db.get('meta', KEY))?.value as KeptOrders | undefined;
  const today = businessToday();
  const oldest = addBusinessDays(today, -MY_ORDERS_DAYS);
  const full = !kept || Date.now() - kept.fullAt >= MY_ORDERS_FULL_REFRESH_MS;
  const filters: Filters = { createdAt: afterDay(addBusinessDays(oldest, -1)), ...(full ? {} : { updatedAt: afterDay(addBusinessDays(kept.day, -1)) }) };
  const changed = await readOrders(filters);
  const byId = new Map<number, Record<string, unknown>>(full ? [] : kept.orders.map((o) => [Number(o.id), o]));
  for (const order of changed) byId.set(Number(order.id), order);
  const orders = [...byId.values()].filter((o) => createdDay(o) >= oldest).sort(newestFirst);
  const now = Date.now();
  await db.put('meta', { key: KEY, value: { orders, syncedAt: now, fullAt: full ? now : kept.fullAt, day: today } satisfies KeptOrders });
}

/**
 * A page of Mis Pedidos from the kept orders, with the list's search, filters and sort applied here
 * as the server applies them, or null when none are kept. Its notice says the search and filters
 * look only at the phone's orders, those of the last 90 days (docs/offline.md).
 */
export async function keptMyOrders(userId: number, params: Readonly<Record<string, string>>): Promise<(ListResponse<ResourceRow> & { notice: string }) | null> {
  const kept = (await (await offlineDb(userId)).get('meta', KEY))?.value as KeptOrders | undefined;
  if (!kept) return null;
  const query = decodeListQuery({ get: (name) => params[name] ?? null });
  const rows = queryKeptRows(ordersResource, kept.orders, query);
  const items = rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  return { ...listSchema(entity).parse({ items, total: rows.length, page: query.page, pageSize: query.pageSize }), notice: offlineTexts.keptOrders(MY_ORDERS_DAYS) };
}

/** One of the kept orders as the list shows it (a refused edit of it corrected offline); null when it is not kept. */
export async function keptMyOrder(userId: number, id: number): Promise<ResourceRow | null> {
  const kept = (await (await offlineDb(userId)).get('meta', KEY))?.value as KeptOrders | undefined;
  const row = kept?.orders.find((order) => Number(order.id) === id);
  return row ? rowEntity(entity).parse(row) : null;
}
