import { registryNavigation } from '@goc/contracts';
import { listPrefetch } from '../../lib/resources/list-prefetch';
import { defineWebModule } from '../../lib/modules';

/** The weekly cuts' list path, as their declaration names it (a test holds them equal). */
export const CUTS_LIST = '/registry/cuts';

export default defineWebModule(
  registryNavigation,
  {
    registryOffice: () => import('./office-movements-page'),
    registryOfficeCreate: () => import('./office-movement-create-page'),
    registryHistory: () => import('./weekly-cuts-page'),
    registryCut: () => import('./weekly-cut-detail-page'),
    registryWorks: () => import('./work-movements-page'),
  },
  // The movement lists carry the week shown as base filters, and a cut's movements its id: their pages ask.
  { registryHistory: listPrefetch({ resource: CUTS_LIST, entity: async () => (await import('@goc/contracts/registry/cuts')).registryCutsResource.schemas.entity }) },
);
