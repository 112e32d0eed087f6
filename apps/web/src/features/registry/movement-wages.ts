import { useQuery } from '@tanstack/react-query';
import { wageParametersResource, type WageParameters } from '@goc/contracts';
import { fetchList } from '../../lib/resources/records';
import { resourceKeys } from '../../lib/resources/query-keys';

/** A handful of effective-dated rows (one or two a year): one page holds them all. */
const ALL_ROWS = { page: '1', pageSize: '100', sort: '-effectiveFrom' };

/** The wage parameters (minimum wage, UMA) the SDI of a movement is checked against, every row. */
export function useWageParameters() {
  return useQuery({
    queryKey: resourceKeys.list(wageParametersResource.resource, ALL_ROWS),
    queryFn: async () => (await fetchList(wageParametersResource.resource, ALL_ROWS, wageParametersResource.schemas.entity)).items as unknown as WageParameters[],
    staleTime: 5 * 60_000,
  });
}
