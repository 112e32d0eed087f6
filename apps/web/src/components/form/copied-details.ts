import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { getResource, type ResourceField, type Option } from '@goc/contracts';
import { fetchOptionsByIds } from '../../lib/resources/options';
import { resourceKeys } from '../../lib/resources/query-keys';
import type { FormValues } from './form-values';

/** The same freshness as the pickers' own labels (use-options). */
const STALE_MS = 60_000;

/**
 * What a line's copied read-only cells show (an order line's unit): the `detail` of the option
 * picked in the field each one is copied from, read with one `ids=` request per source picker for
 * every line at once. The server copies the same value when it saves the line.
 */
export function useCopiedDetails(lineFields: readonly ResourceField[], lines: readonly FormValues[]): (line: FormValues, field: ResourceField) => string {
  const sources = [...new Set(lineFields.flatMap((f) => (f.form === 'readOnly' && f.reference?.copiedFrom ? [f.reference.copiedFrom] : [])))]
    .map((name) => lineFields.find((f) => f.name === name))
    .filter((f): f is ResourceField => f?.reference !== undefined);
  const results = useQueries({
    queries: sources.map((source) => {
      const resource = getResource(source.reference!.target).resource;
      const ids = [...new Set(lines.map((l) => l[source.name]).filter((v): v is number => typeof v === 'number'))].sort((a, b) => a - b);
      return {
        queryKey: resourceKeys.optionLabels(resource, ids),
        queryFn: () => fetchOptionsByIds(resource, ids),
        enabled: ids.length > 0,
        staleTime: STALE_MS,
        placeholderData: keepPreviousData,
      };
    }),
  });
  const bySource = new Map(sources.map((source, i) => [source.name, new Map((results[i]?.data ?? []).map((o: Option) => [Number(o.value), o.detail]))]));
  return (line, field) => {
    const from = field.reference?.copiedFrom;
    const id = from ? line[from] : undefined;
    return (typeof id === 'number' && from ? bySource.get(from)?.get(id) : undefined) ?? '';
  };
}
