import { defineModule } from '../../lib/modules';
import catalogRoutes from './routes';
import { CATALOG_TABLES } from './tables';

/** The fourteen configuration catalogues (roles and users are modules of their own). */
export default defineModule({ name: 'catalogs', resources: CATALOG_TABLES, routes: catalogRoutes });
