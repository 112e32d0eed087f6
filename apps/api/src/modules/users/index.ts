import { CATALOGS } from '@goc/contracts';
import { users } from '../../db/schema';
import { defineModule } from '../../lib/modules';
import { picksFrom } from '../../lib/option-readers';
import { userNotifications } from './notifications';
import usersRoutes from './routes';

/** Usuarios: accounts, roles given, passwords. */
export default defineModule({ name: 'users', resources: [{ declaration: CATALOGS.users, table: users }], routes: usersRoutes,
  notifications: [userNotifications],
  // A user's form picks the employee the account belongs to.
  options: [picksFrom('config_permissions', 'employees')],
});
