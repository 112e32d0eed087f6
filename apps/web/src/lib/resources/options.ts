import { optionPageSchema, type Option, type OptionPage } from '@goc/contracts';
import { api } from '../api/client';

/* GET /<resource>/options: the pickers' bounded, server-filtered pages and the labels of held values. */

export interface OptionSearch {
  /** Words the label must contain (accents and case ignored by the API). */
  q?: string;
  limit: number;
  /** Owner row of a dependent picker (a work's subcategories of its category). */
  parentId?: number;
  /** Values of the target's declared filter field (works in planeación or en ejecución). */
  filter?: readonly string[];
}

/** The query string of a search, leaving out what is not set. */
export function optionSearchParams(search: OptionSearch): Record<string, string> {
  return {
    limit: String(search.limit),
    ...(search.q ? { q: search.q } : {}),
    ...(search.parentId === undefined ? {} : { parentId: String(search.parentId) }),
    ...(search.filter === undefined ? {} : { filter: search.filter.join(',') }),
  };
}

/** One page of active rows matching the search, and whether more match. */
export async function fetchOptionPage(resource: string, search: OptionSearch): Promise<OptionPage> {
  const response = await api.get(`${resource}/options`, { params: optionSearchParams(search) });
  return optionPageSchema.parse(response.data);
}

/** Exactly the rows with these ids, active or not: the labels of the values a form or filter holds. */
export async function fetchOptionsByIds(resource: string, ids: readonly number[]): Promise<Option[]> {
  if (ids.length === 0) return [];
  const response = await api.get(`${resource}/options`, { params: { ids: ids.join(','), limit: String(Math.max(ids.length, 1)) } });
  return optionPageSchema.parse(response.data).items;
}
