import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { decodeListQuery, DEFAULT_PAGE_SIZE, listQueryToParams, validateListQuery, type ListFieldSpec, type ListQuery } from '@goc/contracts';

/** The query-string parameters the list owns; any other parameter of the page is left alone. */
const LIST_PARAMS = ['page', 'pageSize', 'sort', 'q', 'filters'] as const;

/**
 * Drops what this list cannot ask for (a hand-edited or outdated link): filters and sort entries on
 * fields it does not allow, modes that do not apply, values of the wrong type. The API would answer
 * 400; a link should still open the list.
 */
export function sanitizeListQuery(query: ListQuery, fields: readonly ListFieldSpec[]): ListQuery {
  const filters = Object.fromEntries(
    Object.entries(query.filters).filter(([field, filter]) => validateListQuery({ filters: { [field]: filter }, sort: [] }, fields).length === 0),
  );
  const seen = new Set<string>();
  const sort = query.sort.filter((entry) => {
    const allowed = !seen.has(entry.field) && validateListQuery({ filters: {}, sort: [entry] }, fields).length === 0;
    seen.add(entry.field);
    return allowed;
  });
  return { ...query, filters, sort };
}

/** Writes a list state into a copy of the search params, leaving defaults out. */
export function withListQuery(current: URLSearchParams, query: ListQuery, defaultPageSize: number): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of LIST_PARAMS) next.delete(key);
  for (const [key, value] of Object.entries(listQueryToParams(query, defaultPageSize))) next.set(key, value);
  return next;
}

export interface ListUrlState {
  query: ListQuery;
  /**
   * Merges a change into the URL: a new history entry, so back / forward walk through list states;
   * `replace` corrects the current entry instead (a page past the end).
   */
  update: (patch: Partial<ListQuery>, options?: { replace?: boolean }) => void;
}

/** The list state lives in the address bar (page, pageSize, sort, q, filters), so a link or a reload shows the same view. */
export function useListUrlState(fields: readonly ListFieldSpec[], defaultPageSize: number = DEFAULT_PAGE_SIZE): ListUrlState {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const query = useMemo(
    () => sanitizeListQuery(decodeListQuery(search, defaultPageSize), fields),
    [search, defaultPageSize, fields],
  );
  const update = useCallback(
    (patch: Partial<ListQuery>, options?: { replace?: boolean }) =>
      setSearchParams(
        (current) => withListQuery(current, { ...sanitizeListQuery(decodeListQuery(current.toString(), defaultPageSize), fields), ...patch }, defaultPageSize),
        { replace: options?.replace ?? false },
      ),
    [setSearchParams, defaultPageSize, fields],
  );
  return { query, update };
}
