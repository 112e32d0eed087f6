import { useQuery } from '@tanstack/react-query';
import { getResource, type ResourceKey } from '@goc/contracts';
import { fetchOptions, resourceKeys } from './resource-api';

/** Pickers change seldom: one fetch a minute per catalogue is plenty; every write to it refreshes them. */
const OPTIONS_STALE_MS = 60_000;

/** GET /<catalogue>/options for a picker (active rows only). */
export function useOptions(target: ResourceKey | undefined) {
  const resource = target ? getResource(target).resource : '';
  return useQuery({
    queryKey: resourceKeys.options(resource),
    queryFn: () => fetchOptions(resource),
    enabled: target !== undefined,
    staleTime: OPTIONS_STALE_MS,
  });
}
