import { usersNavigation } from '@goc/contracts';
import { queryKeys } from '../../lib/api/query-keys';
import { listPrefetch } from '../../lib/resources/list-prefetch';
import { defineWebModule } from '../../lib/modules';

/** The users' list path, as their declaration names it (a test holds them equal). */
export const USERS_LIST = '/users';

export default defineWebModule(
  usersNavigation,
  { users: () => import('./users-page') },
  {
    prefetch: { users: listPrefetch({ resource: USERS_LIST, entity: async () => (await import('@goc/contracts/catalogs/users')).usersCatalog.schemas.entity }) },
    // A role or its permissions changed: what the person may open and see.
    refreshes: { access_changed: [queryKeys.permissions, queryKeys.currentUser, queryKeys.dashboard] },
  },
);
