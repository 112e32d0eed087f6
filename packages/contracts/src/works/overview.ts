import { z } from 'zod';
import { WORK_STATUS_OPTIONS, type WorkStatus } from './statuses';

/*
 * Obras por línea de negocio (GET /works/overview, module works): the works grouped by business line
 * (category) with what management reads at a glance — budget against the amount ordered, open orders,
 * active workers and projects — and the same figures summed per line.
 */

/** Order statuses of an order still in progress (not delivered, rejected nor cancelled). */
export const OPEN_ORDER_STATUS_CODES = ['borrador', 'enviado', 'autorizado', 'comprado', 'entregado_parcial'] as const;

const WORK_STATUSES = WORK_STATUS_OPTIONS.map((o) => o.value) as [WorkStatus, ...WorkStatus[]];

export const WORKS_OVERVIEW_MESSAGES = {
  id: 'Selecciona una opción válida',
  status: `El estatus debe ser uno de: ${WORK_STATUS_OPTIONS.map((o) => o.value).join(', ')}`,
  q: 'La búsqueda admite hasta 100 caracteres',
} as const;

const idParam = z.coerce
  .number({ error: WORKS_OVERVIEW_MESSAGES.id })
  .int(WORKS_OVERVIEW_MESSAGES.id)
  .positive(WORKS_OVERVIEW_MESSAGES.id)
  .optional();

export const worksOverviewQuerySchema = z.object({
  companyId: idParam,
  categoryId: idParam,
  status: z.enum(WORK_STATUSES, { error: WORKS_OVERVIEW_MESSAGES.status }).optional(),
  q: z.string().trim().max(100, WORKS_OVERVIEW_MESSAGES.q).optional(),
});
export type WorksOverviewQuery = z.output<typeof worksOverviewQuerySchema>;

/** The figures shown per work and summed per business line. */
const figures = {
  budget: z.number(),
  /** Total of the bought and delivered orders (comprado, entregado_parcial, entregado). */
  ordered: z.number(),
  /** Total of the orders committed against the budget (autorizado onwards: COMMITTED_STATUS_CODES). */
  committed: z.number(),
  /** budget − committed (negative after a justified override). */
  available: z.number(),
  /** Value of the material held in the work's store (Almacén de obra, at its weighted average cost). */
  stockValue: z.number(),
  openOrders: z.number().int(),
  activeWorkers: z.number().int(),
  projects: z.number().int(),
};

const named = z.object({ id: z.number().int(), name: z.string() });

export const workOverviewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  company: named,
  status: z.enum(WORK_STATUSES),
  resident: named.nullable(),
  ...figures,
});
export type WorkOverview = z.output<typeof workOverviewSchema>;

export const businessLineSchema = z.object({
  category: z.object({ id: z.number().int(), name: z.string(), icon: z.string().nullable(), color: z.string().nullable() }),
  totals: z.object({ works: z.number().int(), ...figures }),
  works: z.array(workOverviewSchema),
});
export type BusinessLine = z.output<typeof businessLineSchema>;

export const worksOverviewSchema = z.object({
  lines: z.array(businessLineSchema),
  totals: z.object({ works: z.number().int(), ...figures }),
});
export type WorksOverview = z.output<typeof worksOverviewSchema>;

/** Above 90 % of the budget ordered a work is a warning, above 100 % a danger. */
export const BUDGET_WARNING_RATIO = 0.9;
export type BudgetLevel = 'ok' | 'warning' | 'danger';

export function budgetLevel(budget: number, ordered: number): BudgetLevel {
  if (budget <= 0) return ordered > 0 ? 'danger' : 'ok';
  const ratio = ordered / budget;
  if (ratio > 1) return 'danger';
  return ratio > BUDGET_WARNING_RATIO ? 'warning' : 'ok';
}
