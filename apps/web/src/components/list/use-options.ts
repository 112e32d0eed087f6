import { useQuery } from '@tanstack/react-query';
import { CATALOGS, type CatalogKey } from '@goc/contracts';
import { fetchOptions, resourceKeys } from './resource-api';

/** Pickers change seldom: one fetch a minute per catalogue is plenty; every write to it refreshes them. */
const OPTIONS_STALE_MS = 60_000;

/** GET /<catalogue>/options for a picker (active rows only). */
export function useOptions(catalog: CatalogKey | undefined) {
  const resource = catalog ? CATALOGS[catalog].resource : '';
  return useQuery({
    queryKey: resourceKeys.options(resource),
    queryFn: () => fetchOptions(resource),
    enabled: catalog !== undefined,
    staleTime: OPTIONS_STALE_MS,
  });
}
