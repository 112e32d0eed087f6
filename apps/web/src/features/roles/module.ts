import { rolesNavigation } from '@goc/contracts';
import { listPrefetch } from '../../lib/resources/list-prefetch';
import { defineWebModule } from '../../lib/modules';

/** The roles' list path, as their declaration names it (a test holds them equal). */
export const ROLES_LIST = '/roles';

export default defineWebModule(
  rolesNavigation,
  { permissions: () => import('./roles-page') },
  { prefetch: { permissions: listPrefetch({ resource: ROLES_LIST, entity: async () => (await import('@goc/contracts/catalogs/roles')).rolesCatalog.schemas.entity }) } },
);
