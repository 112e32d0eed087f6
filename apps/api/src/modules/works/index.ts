import { worksOverviewSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import { WORKS_WIDGET } from './dashboard';
import { worksBudgets, worksOverview } from './overview';
import workRoutes from './routes';

export interface WorkFigures {
  /** Obras por línea de negocio. */
  overview: typeof worksOverview;
  /** Budget and bought amount of each work matching a query (the dashboard's figures). */
  budgets: typeof worksBudgets;
}

declare module '../../lib/modules' {
  interface ModuleServices {
    works: WorkFigures;
  }
}

/** Obras por línea de negocio: the works with their kept figures, grouped by category. */
export default defineModule({
  name: 'works',
  provides: { works: () => ({ overview: worksOverview, budgets: worksBudgets }) },
  routes: workRoutes,
  widgets: [WORKS_WIDGET],
  schemas: { WorksOverview: worksOverviewSchema },
});
