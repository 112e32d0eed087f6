import { CATALOGS } from '@goc/contracts';
import { roles } from '../../db/schema';
import { defineModule } from '../../lib/modules';
import { roleNotifications } from './notifications';
import rolesRoutes from './routes';

/** Permisos: roles and their permission matrix. */
export default defineModule({ name: 'roles', resources: [{ declaration: CATALOGS.roles, table: roles }], routes: rolesRoutes,
  notifications: [roleNotifications],
});
