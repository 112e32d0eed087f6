import {
  getResource,
  optionPageSchema,
  OPTIONS_SYNC_MAX_LIMIT,
  ORDERABLE_PROJECT_STATUSES,
  ORDERABLE_WORK_STATUSES,
  type Option,
  type OptionPage,
  type ResourceKey,
} from '@goc/contracts';
import { api } from '../api/client';
import type { OptionSearch } from '../resources/options';
import { offlineDb, type SiteDataSet } from './offline-db';
import { indexRows, mergeRows, packRows, searchRows, unpackRows, type CompactRows, type SiteIndex } from './site-store';

/*
 * The site data (docs/offline.md): what the order form's pickers offer, kept on the phone so the
 * form works without signal. Each picker's list (a resource with its filter) is one set, kept whole
 * and refreshed incrementally: the first refresh reads every row it offers, the next ones only the
 * rows changed since (GET /options?updatedSince, the API's cursor). Searched here, by code and words,
 * when the server cannot be reached.
 */

/** The order form's pickers, with the filter each one sends (works and projects that take orders), and the order statuses. */
const ORDER_PICKERS: readonly { target: ResourceKey; filter?: readonly string[] }[] = [
  { target: 'works', filter: ORDERABLE_WORK_STATUSES },
  { target: 'projects', filter: ORDERABLE_PROJECT_STATUSES },
  { target: 'materials' },
  { target: 'suppliers' },
  { target: 'units' },
  { target: 'orderStatuses' },
];

/** The resources whose sets are kept: the order form's. */
const KEPT = new Set<string>(ORDER_PICKERS.map((p) => getResource(p.target).resource));

/**
 * A set whose last refresh is older than this is read whole again: what an incremental refresh
 * cannot see (a row that left the user's scope, a renamed unit in a material's detail) lasts at most this.
 */
export const SITE_DATA_FULL_REFRESH_MS = 7 * 24 * 3_600_000;
/** The first refresh: every row changed since the epoch is every row. */
const FROM_THE_START = new Date(0).toISOString();

const setName = (resource: string, filter: readonly string[] | undefined) => `options:${resource}|${filter?.join(',') ?? ''}`;

/** The searchable sets read so far, of one user: IndexedDB is read once per set, not per keystroke. */
let indexes: { userId: number; sets: Map<string, Promise<SiteIndex | null>> } = { userId: 0, sets: new Map() };

function cached(userId: number): Map<string, Promise<SiteIndex | null>> {
  if (indexes.userId !== userId) indexes = { userId, sets: new Map() };
  return indexes.sets;
}

async function readSet(userId: number, name: string): Promise<SiteDataSet | undefined> {
  return (await offlineDb(userId)).get('siteData', name);
}

/** The set's search index, read from IndexedDB on first use. */
function loadIndex(userId: number, name: string): Promise<SiteIndex | null> {
  const sets = cached(userId);
  let index = sets.get(name);
  if (!index) {
    index = readSet(userId, name).then((set) => (set ? indexRows(unpackRows(set.rows)) : null));
    sets.set(name, index);
    index.catch(() => sets.delete(name));
  }
  return index;
}

/** The meta record of each set's last refresh: the header reads the age without reading the sets' rows. */
const SYNCED_KEY = 'siteDataSyncedAt';

async function writeSet(userId: number, name: string, rows: CompactRows, cursor: string | null): Promise<void> {
  const db = await offlineDb(userId);
  const syncedAt = Date.now();
  const tx = db.transaction(['siteData', 'meta'], 'readwrite');
  const synced = (await tx.objectStore('meta').get(SYNCED_KEY))?.value as Record<string, number> | undefined;
  await Promise.all([
    tx.objectStore('siteData').put({ name, rows: packRows(rows), syncedAt, cursor }),
    tx.objectStore('meta').put({ key: SYNCED_KEY, value: { ...synced, [name]: syncedAt } }),
    tx.done,
  ]);
  cached(userId).set(name, Promise.resolve(indexRows(rows)));
}

/**
 * Adds a picker's answer to its set while the set has not been read whole (a dependent picker's
 * rows get their parent); a whole set is left to its refresh.
 */
export async function rememberOptions(userId: number, resource: string, search: OptionSearch, items: readonly Option[]): Promise<void> {
  if (!KEPT.has(resource) || items.length === 0) return;
  const name = setName(resource, search.filter);
  const current = await readSet(userId, name);
  if (current?.cursor) return;
  const withParent = items.map((item) => (search.parentId === undefined || item.parentId !== undefined ? item : { ...item, parentId: search.parentId }));
  const rows = mergeRows(current ? indexRows(unpackRows(current.rows)) : null, withParent, []);
  await writeSet(userId, name, rows, null);
}

/**
 * A picker's page from the phone's set, searched like the server does (every word, accents and case
 * ignored); null when nothing is kept. A picker asking for every row (a list's «Obra» filter) that
 * has no set of its own gets the order form's (the works that take orders): what the phone has.
 */
export async function keptOptionPage(userId: number, resource: string, search: OptionSearch): Promise<OptionPage | null> {
  if (!KEPT.has(resource)) return null;
  const formSet = ORDER_PICKERS.find((p) => getResource(p.target).resource === resource)?.filter;
  const index = (await loadIndex(userId, setName(resource, search.filter))) ?? (search.filter === undefined && formSet ? await loadIndex(userId, setName(resource, formSet)) : null);
  return index ? searchRows(index, search) : null;
}

/** When the site data was last refreshed (epoch ms of its oldest set), null when there is none: «Datos de hace 2 h». */
export async function siteDataSyncedAt(userId: number): Promise<number | null> {
  const record = await (await offlineDb(userId)).get('meta', SYNCED_KEY);
  const times = Object.values((record?.value ?? {}) as Record<string, number>);
  return times.length === 0 ? null : Math.min(...times);
}

/** One page of the rows changed since `updatedSince` (after `afterId`), as GET /options?updatedSince answers it. */
async function changesPage(resource: string, filter: readonly string[] | undefined, updatedSince: string, afterId?: number) {
  const params = {
    updatedSince,
    limit: String(OPTIONS_SYNC_MAX_LIMIT),
    ...(afterId === undefined ? {} : { afterId: String(afterId) }),
    ...(filter ? { filter: filter.join(',') } : {}),
  };
  const page = optionPageSchema.parse((await api.get(`${resource}/options`, { params })).data);
  if (!page.changes) throw new Error(`${resource}/options answered no changes`);
  return { items: page.items, changes: page.changes };
}

/**
 * Brings one set up to date: every row the first time (or after SITE_DATA_FULL_REFRESH_MS), then
 * the rows changed since the cursor of the last refresh, page after page; the new cursor is the
 * first page's, so what changes while the pages are read is read again next time.
 */
export async function refreshSet(userId: number, resource: string, filter?: readonly string[]): Promise<void> {
  const name = setName(resource, filter);
  const current = await readSet(userId, name);
  const incremental = current?.cursor && Date.now() - current.syncedAt < SITE_DATA_FULL_REFRESH_MS ? current.cursor : null;
  const changed: Option[] = [];
  const removed: number[] = [];
  let page = await changesPage(resource, filter, incremental ?? FROM_THE_START);
  const cursor = page.changes.cursor;
  for (;;) {
    changed.push(...page.items);
    removed.push(...page.changes.removed);
    const next = page.changes.next;
    if (!next) break;
    page = await changesPage(resource, filter, next.updatedSince, next.afterId);
  }
  const base = incremental ? await loadIndex(userId, name) : null;
  // Nothing changed: the same rows, with the new cursor and age.
  const rows = base && changed.length === 0 && removed.length === 0 ? base.rows : mergeRows(base, changed, removed);
  await writeSet(userId, name, rows, cursor);
}

/** Refreshes every set of the order form; a refused one (no permission) is skipped. */
export async function syncOrderPickers(userId: number): Promise<void> {
  for (const picker of ORDER_PICKERS) {
    await refreshSet(userId, getResource(picker.target).resource, picker.filter).catch(() => undefined);
  }
}
