import { dashboardSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import dashboardRoutes from './routes';

/** Inicio: the widgets each role may see, as the modules' manifests declare them (`widgets`). */
export default defineModule({ name: 'dashboard', routes: dashboardRoutes,
  schemas: { Dashboard: dashboardSchema },
});
