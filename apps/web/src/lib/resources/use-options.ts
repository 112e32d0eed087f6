import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getResource, OPTIONS_DEFAULT_LIMIT, OPTIONS_MAX_LIMIT, type Option, type ResourceKey } from '@goc/contracts';
import { isConnectionError } from '../api/api-error';
import { getStoredUser } from '../session/session-user';
import { useDebouncedValue } from '../use-debounced-value';
import { fetchOptionPage, fetchOptionsByIds, optionSearchParams, type OptionSearch } from './options';
import { resourceKeys } from './query-keys';

/** Pickers change seldom: one fetch a minute per search is plenty; every write to the resource refreshes them. */
const OPTIONS_STALE_MS = 60_000;
/** Pause after the last keystroke before a picker asks the server. */
export const OPTION_SEARCH_DEBOUNCE_MS = 300;

interface OptionSearchSettings {
  /** Owner row of a dependent picker; the search waits while it is null. */
  parentId?: number | null;
  /** Values of the target's declared filter field the options must hold (a reference field's `offer`). */
  filter?: readonly string[] | null;
  /** False while the picker waits for its parent. */
  enabled?: boolean;
}

// Loaded on the first answer: IndexedDB is not needed to draw a form.
const siteData = () => import('../offline/site-data');

/**
 * The server's page; the order form's pickers keep what they get on the phone (the site data,
 * docs/offline.md) and, when the server cannot be reached, search what was kept instead.
 */
async function searchOptions(resource: string, search: OptionSearch) {
  const user = getStoredUser();
  try {
    const page = await fetchOptionPage(resource, search);
    if (user) void siteData().then((m) => m.rememberOptions(user.id, resource, search, page.items)).catch(() => undefined);
    return page;
  } catch (error) {
    const kept = user && isConnectionError(error) ? await siteData().then((m) => m.keptOptionPage(user.id, resource, search)).catch(() => null) : null;
    if (kept) return kept;
    throw error;
  }
}

/**
 * A picker's server-side search over GET /<resource>/options: the typed text (debounced) goes as
 * `q`, a page of OPTIONS_DEFAULT_LIMIT rows comes back, and `loadMore` widens the page up to the
 * API's maximum; past that the user narrows the search. A new search starts from one page again.
 */
export function useOptionSearch(target: ResourceKey | undefined, { parentId, filter, enabled = true }: OptionSearchSettings = {}) {
  const resource = target ? getResource(target).resource : '';
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), OPTION_SEARCH_DEBOUNCE_MS);
  const filterKey = filter ? filter.join(',') : '';
  const searchKey = `${q}|${parentId ?? ''}|${filterKey}`;
  const [widened, setWidened] = useState({ searchKey, limit: OPTIONS_DEFAULT_LIMIT });
  const limit = widened.searchKey === searchKey ? widened.limit : OPTIONS_DEFAULT_LIMIT;
  const search = { q, limit, ...(parentId === null || parentId === undefined ? {} : { parentId }), ...(filter ? { filter } : {}) };

  const query = useQuery({
    queryKey: resourceKeys.options(resource, optionSearchParams(search)),
    queryFn: () => searchOptions(resource, search),
    enabled: target !== undefined && enabled,
    staleTime: OPTIONS_STALE_MS,
    // Keep the previous page on screen while the next search is on its way.
    placeholderData: keepPreviousData,
  });
  const hasMore = query.data?.hasMore ?? false;
  return {
    text,
    setText,
    options: query.data?.items ?? [],
    isLoading: query.isFetching,
    hasMore,
    canLoadMore: hasMore && limit < OPTIONS_MAX_LIMIT,
    loadMore: () => setWidened({ searchKey, limit: Math.min(limit + OPTIONS_DEFAULT_LIMIT, OPTIONS_MAX_LIMIT) }),
  };
}

/**
 * Labels of the ids a form or filter holds (GET /options?ids=), for values whose joined display
 * value is not at hand: a filter read from the URL, a pre-filled copy, an audited change.
 */
export function useOptionLabels(target: ResourceKey | undefined, ids: readonly number[]) {
  const resource = target ? getResource(target).resource : '';
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery<Option[]>({
    queryKey: resourceKeys.optionLabels(resource, sorted),
    queryFn: () => fetchOptionsByIds(resource, sorted),
    enabled: target !== undefined && sorted.length > 0,
    staleTime: OPTIONS_STALE_MS,
  });
}
