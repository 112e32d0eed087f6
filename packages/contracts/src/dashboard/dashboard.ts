import { z } from 'zod';
import { PROJECT_STATUS_OPTIONS, type ProjectStatus } from '../projects/statuses';

/*
 * The dashboard (GET /dashboard, signed-in, no permission): only the widgets the caller's role may
 * see, each computed on the server. Which module opens each widget is said once, here, for the API
 * and the SPA.
 */

/** The modules any flag on which opens each widget. */
export const DASHBOARD_WIDGET_MODULES = {
  myOrders: ['my_orders'],
  history: ['history'],
  // Pedidos por aprobar: Dirección's queue.
  approvals: ['orders_approval'],
  // The movements the caller may list: the history, or the office's or the works' own.
  registry: ['registry_history', 'registry_office', 'registry_works'],
  works: ['works'],
  projects: ['projects'],
  stock: ['stock'],
} as const satisfies Record<string, readonly string[]>;
export type DashboardWidget = keyof typeof DASHBOARD_WIDGET_MODULES;

/** Weeks before the current one in the altas / bajas chart. */
export const DASHBOARD_WEEKS = 8;

/** Months of the orders-by-month chart, the current one included. */
export const DASHBOARD_MONTHS = 6;
/** Rows of the "latest" lists of a widget. */
export const DASHBOARD_RECENT = 5;

/** Material at a work with no salida nor traspaso for this many days (or since it arrived) is idle. */
export const STOCK_IDLE_DAYS = 30;

const statusCount = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  color: z.string(),
  count: z.number().int(),
});

const orderSummary = z.object({
  id: z.number().int(),
  folio: z.string(),
  work: z.string(),
  requiredDate: z.string(),
  total: z.number(),
  status: z.object({ code: z.string().nullable(), name: z.string(), color: z.string() }),
});

const PROJECT_STATUSES = PROJECT_STATUS_OPTIONS.map((o) => o.value) as [ProjectStatus, ...ProjectStatus[]];

export const dashboardSchema = z.object({
  /** My orders still open (borrador to entregado_parcial), per status and the latest ones. */
  myOrders: z.object({ open: z.number().int(), byStatus: z.array(statusCount), recent: z.array(orderSummary) }).optional(),
  /** Pedidos por aprobar: sent orders at or above their company's approval limit, how many, their sum and the oldest first. */
  approvals: z
    .object({
      pending: z.number().int(),
      total: z.number(),
      items: z.array(orderSummary.extend({ limit: z.number().nullable(), reasons: z.array(z.string()) })),
    })
    .optional(),
  /** Every order per status, and per month of creation (Mexico City) over the last DASHBOARD_MONTHS months. */
  history: z
    .object({
      byStatus: z.array(statusCount),
      byMonth: z.array(z.object({ month: z.string(), count: z.number().int(), total: z.number() })),
    })
    .optional(),
  /**
   * Altas, bajas and salary changes per weekly cut (the Monday–Sunday week of capture, Mexico City):
   * the DASHBOARD_WEEKS weeks before this one and this one last, within the movements the caller may list.
   */
  registry: z
    .object({
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
    })
    .optional(),
  /** Works in execution: how many, their budget, what was ordered, and those above 90 % / 100 % of it. */
  works: z
    .object({ active: z.number().int(), budget: z.number(), ordered: z.number(), warning: z.number().int(), over: z.number().int() })
    .optional(),
  /** Projects I manage or belong to. */
  projects: z
    .object({
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
    })
    .optional(),
  /** Almacén de obra: material value held at the works (largest first) and material sitting unused. */
  stock: z
    .object({
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
    })
    .optional(),
});
export type Dashboard = z.output<typeof dashboardSchema>;
