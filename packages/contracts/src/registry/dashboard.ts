import type { DashboardWidgetDef, Zod } from '../dashboard/define';

/** Weeks before the current one in the altas / bajas chart. */
export const DASHBOARD_WEEKS = 8;

/** The registry's dashboard widget (its navigation declares it). */
export const REGISTRY_WIDGETS = {
  /**
   * Altas, bajas and salary changes per weekly cut (the Monday–Sunday week of capture, Mexico City):
   * the DASHBOARD_WEEKS weeks before this one and this one last, within the movements the caller may
   * list — the history, or the office's or the works' own.
   */
  registry: {
    modules: ['registry_history', 'registry_office', 'registry_works'],
    schema: (z: Zod) => z.object({
      weeks: z.array(
        z.object({
          key: z.string(),
          start: z.string(),
          end: z.string(),
          /** The week's cut, when one was opened (the Histórico de Registro detail). */
          cutId: z.number().int().nullable(),
          alta: z.number().int(),
          baja: z.number().int(),
          modificacion_salario: z.number().int(),
        }),
      ),
    }),
  },
} as const satisfies Record<string, DashboardWidgetDef>;
