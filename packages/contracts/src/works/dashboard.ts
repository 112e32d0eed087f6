import type { DashboardWidgetDef, Zod } from '../dashboard/define';

/** The works' dashboard widget (their navigation declares it). */
export const WORK_WIDGETS = {
  /** Works in execution: how many, their budget, what was ordered, and those above 90 % / 100 % of it. */
  works: {
    modules: ['works'],
    schema: (z: Zod) => z.object({ active: z.number().int(), budget: z.number(), ordered: z.number(), warning: z.number().int(), over: z.number().int() }),
  },
} as const satisfies Record<string, DashboardWidgetDef>;
