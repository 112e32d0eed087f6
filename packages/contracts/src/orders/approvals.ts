import { z } from 'zod';
import { formatPesos } from '../money';
import { fromUnits, MONEY_DECIMALS, toUnits } from './amounts';
import { COMMENT_MAX_LENGTH } from '../resources/requests';

/*
 * What a sent order needs before purchasing may authorise it (docs/orders.md, "Approval requests"):
 * Dirección's approval when its total meets its company's limit, a justification when it would go over
 * its project's or work's budget. Purchasing reads the reasons before the click and may ask Dirección.
 */

/** Shortest comment of a request to Dirección. */
export const APPROVAL_REQUEST_COMMENT_MIN = 5;

export const APPROVAL_MESSAGES = {
  overLimit: (limit: number | string) => `Requiere aprobación de Dirección: total ≥ límite de ${formatPesos(limit)}`,
  overBudget: (name: string, excess: number | string) => `Excede el presupuesto de «${name}» por ${formatPesos(excess)}`,
  notSent: (status: string) => `Solo se solicita aprobación de un pedido enviado; este pedido está «${status}»`,
  nothingNeeded: 'Este pedido no requiere aprobación de Dirección: puede autorizarse ya',
  comment: `Escribe un comentario de al menos ${APPROVAL_REQUEST_COMMENT_MIN} caracteres para Dirección`,
  commentLong: `El comentario admite como máximo ${COMMENT_MAX_LENGTH} caracteres`,
  /** The timeline's record of a request. */
  requestNote: (reasons: readonly string[], comment: string) => `Solicitud de aprobación a Dirección (${reasons.join('; ')}): ${comment}`,
} as const;

/** Why an order waits for Dirección: its total meets the limit, or it goes over a budget. */
export const approvalReasonSchema = z.object({
  kind: z.enum(['limite', 'presupuesto']),
  message: z.string(),
});
export type ApprovalReason = z.output<typeof approvalReasonSchema>;

/** GET /orders/:id/approval: what the order needs (empty when nothing), and whether the caller may give it. */
export const orderApprovalSchema = z.object({
  reasons: z.array(approvalReasonSchema),
  /** The caller holds orders_approval edit: they authorise over the limit and justify over the budget. */
  canApprove: z.boolean(),
});
export type OrderApproval = z.output<typeof orderApprovalSchema>;

/** POST /orders/:id/approval-request body. */
export const approvalRequestInputSchema = z.object(
  {
    comment: z
      .string({ error: APPROVAL_MESSAGES.comment })
      .trim()
      .min(APPROVAL_REQUEST_COMMENT_MIN, APPROVAL_MESSAGES.comment)
      .max(COMMENT_MAX_LENGTH, APPROVAL_MESSAGES.commentLong),
  },
  { error: APPROVAL_MESSAGES.comment },
);
export type ApprovalRequestInput = z.output<typeof approvalRequestInputSchema>;

const cents = (value: number | string) => toUnits(typeof value === 'number' ? value.toFixed(MONEY_DECIMALS) : value, MONEY_DECIMALS);

/** The figures of a sent order that decide what it needs: its total, its company's limit, the budget it would commit against. */
export interface ApprovalFigures {
  total: number | string;
  /** null: the company has no limit. */
  limit: number | string | null;
  /** null: no budget applies; a budget of 0 means none set. `committed` leaves this order out. */
  budget: { name: string; budget: number | string; committed: number | string } | null;
}

/** What a sent order needs from Dirección, in cents: a total at or above the limit, a commitment above a budget (and by how much). */
export function approvalReasons({ total, limit, budget }: ApprovalFigures): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  if (limit !== null && cents(total) >= cents(limit)) reasons.push({ kind: 'limite', message: APPROVAL_MESSAGES.overLimit(limit) });
  if (budget && cents(budget.budget) > 0n) {
    const excess = cents(budget.committed) + cents(total) - cents(budget.budget);
    if (excess > 0n) reasons.push({ kind: 'presupuesto', message: APPROVAL_MESSAGES.overBudget(budget.name, fromUnits(excess, MONEY_DECIMALS)) });
  }
  return reasons;
}
