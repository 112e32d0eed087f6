import { dashboardSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import dashboardRoutes from './routes';

/** Inicio: the widgets each role may see, from the other modules' queries. */
export default defineModule({ name: 'dashboard', needs: ['orders', 'projects', 'registry', 'works'], routes: dashboardRoutes,
  schemas: { Dashboard: dashboardSchema },
});
