import type { z } from 'zod';
import { earlyQueryFn } from '../api/early-get';
import type { Prefetch } from '../modules';
import { resourceKeys } from './query-keys';

/** What a list route's loader needs to ask for the page's first rows as the list page itself will. */
export interface ListPrefetch {
  /** The API path the page's resource lists (its declaration's `resource`, '/orders'). */
  resource: string;
  /** The view's base parameters the page sends with every request (scope=mine). */
  baseParams?: Readonly<Record<string, string>>;
  /** The entity schema the page parses each row with, loaded on demand (the declarations stay out of the entry). */
  entity: () => Promise<z.ZodType>;
}

/**
 * The prefetch of a list route (ResourceList): the rows the address asks for leave from the route's
 * loader, beside the page's chunks, under the query key the page's list uses — so the page finds
 * them in flight or cached and draws rows instead of skeletons. The request leaves with fetch once
 * the list-query codec is in (not the HTTP client nor the declarations) and is parsed once the entity
 * schema has loaded. An address with a sort or filters is left to the page: it first drops what its
 * list cannot ask for, with the resource's fields.
 */
export function listPrefetch({ resource, baseParams = {}, entity }: ListPrefetch): Prefetch {
  return (queryClient, url) => {
    if (url.searchParams.has('sort') || url.searchParams.has('filters')) return;
    void (async () => {
      const [{ decodeListQuery }, { listRequestParams, listSchema }] = await Promise.all([import('@goc/contracts/list-query'), import('./list-request')]);
      const params = listRequestParams(decodeListQuery(url.searchParams), baseParams);
      await queryClient.prefetchQuery({
        queryKey: resourceKeys.list(resource, params),
        queryFn: earlyQueryFn(`${resource}?${new URLSearchParams(params).toString()}`, async () => {
          const schema = listSchema(await entity());
          return (data: unknown) => schema.parse(data);
        }),
      });
    })();
  };
}
