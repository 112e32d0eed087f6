import type { DashboardWidgetDef, Zod } from '../dashboard/define';

/** Material at a work with no salida nor traspaso for this many days (or since it arrived) is idle. */
export const STOCK_IDLE_DAYS = 30;

/** The store's dashboard widget (its navigation declares it). */
export const STOCK_WIDGETS = {
  /** Almacén de obra: material value held at the works (largest first) and material sitting unused. */
  stock: {
    modules: ['stock'],
    schema: (z: Zod) => z.object({
      value: z.number(),
      works: z.array(z.object({ workId: z.number().int(), code: z.string(), name: z.string(), value: z.number() })),
      idle: z.object({
        count: z.number().int(),
        items: z.array(
          z.object({
            workId: z.number().int(),
            work: z.string(),
            materialId: z.number().int(),
            material: z.string(),
            quantity: z.number(),
            unit: z.string(),
            value: z.number(),
            /** The last salida or traspaso, or the arrival when none: idle since then. */
            since: z.string(),
          }),
        ),
      }),
    }),
  },
} as const satisfies Record<string, DashboardWidgetDef>;
