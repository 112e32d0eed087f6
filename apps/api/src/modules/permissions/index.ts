import { permissionListSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import permissionRoutes from './routes';

/** The permission modules and the signed-in user's own permissions. */
export default defineModule({ name: 'permissions', routes: permissionRoutes, schemas: { PermissionList: permissionListSchema } });
