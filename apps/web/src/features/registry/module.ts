import type { QueryKey } from '@tanstack/react-query';
import { registryNavigation } from '@goc/contracts';
import { queryKeys } from '../../lib/api/query-keys';
import { listPrefetch } from '../../lib/resources/list-prefetch';
import { resourceKeys } from '../../lib/resources/query-keys';
import { defineWebModule } from '../../lib/modules';

/** The weekly cuts' and the movements' list paths, as their declarations name them (a test holds them equal). */
export const CUTS_LIST = '/registry/cuts';
export const MOVEMENTS_LIST = '/registry/movements';

/** A movement moved: the movements' lists, the cuts that count them, the works' staff and the dashboard. */
const MOVEMENT_MOVED: readonly QueryKey[] = [resourceKeys.all(MOVEMENTS_LIST), resourceKeys.all(CUTS_LIST), queryKeys.worksOverview, queryKeys.dashboard];

export default defineWebModule(
  registryNavigation,
  {
    registryOffice: () => import('./office-movements-page'),
    registryOfficeCreate: () => import('./office-movement-create-page'),
    registryHistory: () => import('./weekly-cuts-page'),
    registryCut: () => import('./weekly-cut-detail-page'),
    registryWorks: () => import('./work-movements-page'),
  },
  {
    // The movement lists carry the week shown as base filters, and a cut's movements its id: their pages ask.
    prefetch: { registryHistory: listPrefetch({ resource: CUTS_LIST, entity: async () => (await import('@goc/contracts/registry/cuts')).registryCutsResource.schemas.entity }) },
    refreshes: { movement_status: MOVEMENT_MOVED, movement_late: MOVEMENT_MOVED, cut_open: [resourceKeys.all(CUTS_LIST), queryKeys.dashboard] },
    dashboard: () => import('./dashboard-cards'),
  },
);
