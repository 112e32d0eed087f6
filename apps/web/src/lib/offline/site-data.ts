import { getResource, OPTIONS_MAX_LIMIT, ORDERABLE_PROJECT_STATUSES, ORDERABLE_WORK_STATUSES, type Option, type OptionPage, type ResourceKey } from '@goc/contracts';
import { fetchOptionPage, type OptionSearch } from '../resources/options';
import { offlineDb } from './offline-db';

/*
 * The site data (docs/offline.md): what the order form's pickers offer, kept on the phone so the
 * form works without signal. Each picker's list (a resource with its filter) is one set; it is
 * filled when GOC opens online and grows with every answer the pickers get while online, and
 * searched here, by code and words, when the server cannot be reached.
 */

/** The order form's pickers, with the filter each one sends (works and projects that take orders). */
const ORDER_PICKERS: readonly { target: ResourceKey; filter?: readonly string[] }[] = [
  { target: 'works', filter: ORDERABLE_WORK_STATUSES },
  { target: 'projects', filter: ORDERABLE_PROJECT_STATUSES },
  { target: 'materials' },
  { target: 'suppliers' },
  { target: 'units' },
];

/** The resources whose picker answers are kept: the order form's. */
const KEPT = new Set<string>(ORDER_PICKERS.map((p) => getResource(p.target).resource));

const setName = (resource: string, filter: readonly string[] | undefined) => `options:${resource}|${filter?.join(',') ?? ''}`;

/** Lower case without accents: «Cemento» finds «cemento», «tuberia» finds «Tubería». */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** Adds a picker's answer to its set (same id: the newer label wins); a parent's subset lands in the whole resource's set. */
export async function rememberOptions(userId: number, resource: string, search: OptionSearch, items: readonly Option[]): Promise<void> {
  if (!KEPT.has(resource) || items.length === 0) return;
  const db = await offlineDb(userId);
  const name = setName(resource, search.filter);
  const tx = db.transaction('siteData', 'readwrite');
  const current = await tx.store.get(name);
  const byValue = new Map((current?.items as Option[] | undefined)?.map((o) => [o.value, o]));
  for (const item of items) byValue.set(item.value, search.parentId === undefined || item.parentId !== undefined ? item : { ...item, parentId: search.parentId });
  await tx.store.put({ name, items: [...byValue.values()], syncedAt: Date.now(), cursor: null });
  await tx.done;
}

/** A picker's page from the phone's set, searched like the server does (every word, accents and case ignored); null when nothing is kept. */
export async function keptOptionPage(userId: number, resource: string, search: OptionSearch): Promise<OptionPage | null> {
  if (!KEPT.has(resource)) return null;
  const set = await (await offlineDb(userId)).get('siteData', setName(resource, search.filter));
  if (!set) return null;
  const words = fold(search.q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const matches = (set.items as Option[]).filter((o) => {
    if (search.parentId !== undefined && o.parentId !== search.parentId) return false;
    if (words.length === 0) return true;
    const text = fold(`${o.label} ${o.detail ?? ''}`);
    return words.every((w) => text.includes(w));
  });
  return { items: matches.slice(0, search.limit), hasMore: matches.length > search.limit };
}

/** When the site data was last refreshed (epoch ms), null when there is none: «Datos de hace 2 h». */
export async function siteDataSyncedAt(userId: number): Promise<number | null> {
  const sets = await (await offlineDb(userId)).getAll('siteData');
  return sets.length === 0 ? null : Math.min(...sets.map((s) => s.syncedAt));
}

/** Refreshes every picker of the order form (the first OPTIONS_MAX_LIMIT rows of each); a refused one (no permission) is skipped. */
export async function syncOrderPickers(userId: number): Promise<void> {
  for (const picker of ORDER_PICKERS) {
    const resource = getResource(picker.target).resource;
    const search = { limit: OPTIONS_MAX_LIMIT, ...(picker.filter ? { filter: picker.filter } : {}) };
    const page = await fetchOptionPage(resource, search).catch(() => null);
    if (page) await rememberOptions(userId, resource, search, page.items);
  }
}
