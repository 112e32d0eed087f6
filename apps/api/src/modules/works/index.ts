import { worksOverviewSchema, type WorksOverview, type WorksOverviewQuery } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { defineModule } from '../../lib/modules';
import { filtersBy } from '../../lib/option-readers';
import { WORKS_WIDGET } from './dashboard';
import { worksBudgets, worksOverview } from './overview';
import workRoutes from './routes';

export interface WorkFigures {
  /** Obras por línea de negocio. */
  overview: (executor: Executor, query: WorksOverviewQuery) => Promise<WorksOverview>;
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
  // The store's material value beside each work's budget, read through the stock module's service.
  needs: ['stock'],
  provides: { works: ({ services }) => ({ overview: (executor, query) => worksOverview(executor, query, services.stock), budgets: worksBudgets }) },
  routes: workRoutes,
  widgets: [WORKS_WIDGET],
  schemas: { WorksOverview: worksOverviewSchema },
  // The overview filters by company and category.
  options: [filtersBy('works', 'companies', 'categories')],
});
