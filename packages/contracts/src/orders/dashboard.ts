import type { DashboardWidgetDef, Zod } from '../dashboard/define';

/** Months of the orders-by-month chart, the current one included. */
export const DASHBOARD_MONTHS = 6;

const statusCount = (z: Zod) => z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  color: z.string(),
  count: z.number().int(),
});

const orderSummary = (z: Zod) => z.object({
  id: z.number().int(),
  folio: z.string(),
  work: z.string(),
  requiredDate: z.string(),
  total: z.number(),
  status: z.object({ code: z.string().nullable(), name: z.string(), color: z.string() }),
});

/** The orders' dashboard widgets (their navigation declares them). */
export const ORDER_WIDGETS = {
  /** My orders still open (borrador to entregado_parcial), per status and the latest ones. */
  myOrders: {
    modules: ['my_orders'],
    schema: (z: Zod) => z.object({ open: z.number().int(), byStatus: z.array(statusCount(z)), recent: z.array(orderSummary(z)) }),
  },
  /** Pedidos por aprobar (Dirección's queue): sent orders at or above their company's approval limit, how many, their sum and the oldest first. */
  approvals: {
    modules: ['orders_approval'],
    schema: (z: Zod) => z.object({
      pending: z.number().int(),
      total: z.number(),
      items: z.array(orderSummary(z).extend({ limit: z.number().nullable(), reasons: z.array(z.string()) })),
    }),
  },
  /** Every order per status, and per month of creation (Mexico City) over the last DASHBOARD_MONTHS months. */
  history: {
    modules: ['history'],
    schema: (z: Zod) => z.object({
      byStatus: z.array(statusCount(z)),
      byMonth: z.array(z.object({ month: z.string(), count: z.number().int(), total: z.number() })),
    }),
  },
} as const satisfies Record<string, DashboardWidgetDef>;
