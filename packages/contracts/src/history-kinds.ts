import { z } from 'zod';

/*
 * What an audit entry can say, declared once: every action the API writes (its audit writer accepts
 * only these) and the stored shape of every audited detail that is not a declared field of a
 * resource (a document, an invoice, an over-budget override…). The SPA keeps one Spanish sentence per
 * action and per detail in records typed by these lists, so a new kind without words does not compile.
 */

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'transition',
  'attachment.create',
  'attachment.delete',
  'invoice.added',
  'invoice.removed',
  'approval.requested',
  'secret.rotated',
  'job.retried',
  'job.discarded',
  'import',
  'seed',
  'password_reset',
  'password_change',
  'auth.login',
  'auth.login_failed',
  'auth.lockout',
  'auth.login_locked',
  'auth.refresh',
  'auth.refresh_failed',
  'auth.refresh_reuse',
  'auth.logout',
  'auth.reauthenticated',
  'auth.reauthentication_failed',
  'mfa.challenge',
  'mfa.verified',
  'mfa.failed',
  'mfa.recovery_used',
  'mfa.enrolled',
  'mfa.disabled',
  'mfa.recovery_regenerated',
  'mfa.removed',
  'mfa.passkey_added',
  'mfa.passkey_removed',
  'auth.session_ended',
  'auth.sessions_others_ended',
  'auth.sessions_ended_by_admin',
  'auth.oidc_login_failed',
  'auth.oidc_linked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);

/**
 * Audited data beyond a resource's declared fields, by its key in an entry's `changes`, with the
 * shape it is stored with. A key may carry a suffix after a dot (`permissions.orders`: a role's flags
 * on one module).
 */
export const auditDetailSchemas = {
  /** A document attached to the record (new) or deleted from it (old). */
  attachment: z.object({ id: z.number().int(), fileName: z.string(), contentType: z.string(), size: z.number(), sha256: z.string() }),
  /** A CFDI registered on an order (new) or removed from it (old). */
  invoices: z.object({ uuid: z.string(), series: z.string().nullable(), folio: z.string().nullable(), total: z.number(), currency: z.string() }),
  /** Dirección's commitment of an order over its project's or work's budget, with the justification. */
  overBudget: z.object({
    scope: z.enum(['proyecto', 'obra']),
    name: z.string(),
    budget: z.number(),
    committed: z.number(),
    total: z.number(),
    after: z.number(),
    comment: z.string(),
  }),
  /** Compras' request that Dirección approve a sent order: why it needs Dirección, and the comment typed. */
  approvalRequest: z.object({ reasons: z.array(z.string()), comment: z.string() }),
  /** A role's flags on the module named after the dot: 'view, edit', or 'ninguno'. */
  permissions: z.string(),
  /** Integrations (API keys and webhooks, which are not resources). */
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  active: z.boolean(),
  name: z.string(),
  roleId: z.number().int(),
  expiresAt: z.string().nullable(),
} as const;
export type AuditDetailKey = keyof typeof auditDetailSchemas;
export type AuditDetail<K extends AuditDetailKey> = z.infer<(typeof auditDetailSchemas)[K]>;

/** The detail a change key names (`permissions.orders` → permissions), and its suffix. */
export function auditDetailOf(key: string): { detail: AuditDetailKey; suffix: string | null } | null {
  const dot = key.indexOf('.');
  const head = dot === -1 ? key : key.slice(0, dot);
  if (!Object.hasOwn(auditDetailSchemas, head)) return null;
  return { detail: head as AuditDetailKey, suffix: dot === -1 ? null : key.slice(dot + 1) };
}
