import type { Executor } from '../../db/client';

/*
 * Where the pages of a list start: the sort-key values of the row just before a page, remembered
 * when a page is served, so that the same page again (a refresh, going back) or the next one is a
 * seek (`where keys > start order by … limit n`) instead of walking the rows OFFSET skips. A start
 * is kept under the list's write signature (count-cache.ts): once a table the list reads has been
 * written, in this process or another, every start of that list is forgotten.
 */

/** Distinct lists (filters, search, view, sort) remembered at once; the oldest go first. */
const MAX_LISTS = 500;
/** Starts remembered per list; the oldest go first. */
const MAX_STARTS = 200;

export type PageStart = readonly (string | null)[];

interface Starts {
  signature: number;
  byOffset: Map<number, PageStart>;
}

/** One set per database (tests open several in one process). */
const lists = new WeakMap<Executor, Map<string, Starts>>();

/** The start of the page at `offset` of the list `key`, if it is known under `signature`. */
export function knownPageStart(executor: Executor, key: string, signature: number, offset: number): PageStart | undefined {
  const starts = lists.get(executor)?.get(key);
  return starts?.signature === signature ? starts.byOffset.get(offset) : undefined;
}

/** Remembers where pages start, read under `signature`; starts read under an older one than kept are dropped. */
export function rememberPageStarts(executor: Executor, key: string, signature: number, found: ReadonlyMap<number, PageStart>): void {
  if (found.size === 0) return;
  let byList = lists.get(executor);
  if (!byList) {
    byList = new Map();
    lists.set(executor, byList);
  }
  let starts = byList.get(key);
  if (starts && starts.signature > signature) return;
  if (!starts || starts.signature < signature) {
    byList.delete(key);
    if (byList.size >= MAX_LISTS) byList.delete(byList.keys().next().value as string);
    starts = { signature, byOffset: new Map() };
    byList.set(key, starts);
  }
  for (const [offset, start] of found) {
    starts.byOffset.delete(offset);
    if (starts.byOffset.size >= MAX_STARTS) starts.byOffset.delete(starts.byOffset.keys().next().value as number);
    starts.byOffset.set(offset, start);
  }
}
