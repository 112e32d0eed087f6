import type { DashboardWidgetDef, Zod } from '../dashboard/define';
import { PROJECT_STATUS_OPTIONS, type ProjectStatus } from './statuses';

const PROJECT_STATUSES = PROJECT_STATUS_OPTIONS.map((o) => o.value) as [ProjectStatus, ...ProjectStatus[]];

/** The projects' dashboard widget (their navigation declares it). */
export const PROJECT_WIDGETS = {
  /** Projects I manage or belong to. */
  projects: {
    modules: ['projects'],
    schema: (z: Zod) => z.object({
      total: z.number().int(),
      byStatus: z.array(z.object({ status: z.enum(PROJECT_STATUSES), count: z.number().int() })),
      items: z.array(
        z.object({
          id: z.number().int(),
          code: z.string(),
          name: z.string(),
          status: z.enum(PROJECT_STATUSES),
          progress: z.number().int(),
          budget: z.number(),
          ordered: z.number(),
        }),
      ),
    }),
  },
} as const satisfies Record<string, DashboardWidgetDef>;
