import {
  ACTION_LABELS,
  ACTIONS,
  ATTACHMENT_TYPES,
  budgetScopeName,
  formatDateTime,
  moduleLabel,
  type Action,
  type AuditAction,
  type AuditDetail,
  type AuditDetailKey,
  type HistoryLabels,
} from '@goc/contracts';
import { formatSize } from '../attachments/attachments-texts';
import { formatMoney } from '../../lib/format';

/*
 * The words of every kind of history entry, declared once: a title per action the API writes and a
 * sentence per audited detail that is not a declared field (contracts' history-kinds.ts). Both are
 * records over the contracts' lists, so a kind added there without words here does not compile.
 * Declared fields read by their declaration (history-text.ts), not here.
 */

/** What a detail's sentence may draw on besides its old and new value. */
export interface DetailContext {
  labels: HistoryLabels;
  /** The part of the detail the key names (`permissions.orders` → 'orders'). */
  suffix: string | null;
  /** The comment of the status change the entry made, shown on its own line. */
  comment: string | null;
}

/** One sentence for a detail's change (old null: added; new null: removed). */
type DetailWords<K extends AuditDetailKey> = (old: AuditDetail<K> | null, next: AuditDetail<K> | null, ctx: DetailContext) => string;

const none = '—';

/** «Etiqueta: valor», «Etiqueta: antes → después» — the sentence of most details; `empty` says a missing value. */
function labelled<T>(label: string | ((ctx: DetailContext) => string), text: (value: NonNullable<T>, ctx: DetailContext) => string, empty = none) {
  return (old: T | null, next: T | null, ctx: DetailContext): string => {
    const name = typeof label === 'string' ? label : label(ctx);
    const shown = (value: T | null) => (value === null || value === undefined ? empty : text(value, ctx));
    if (old === null) return `${name}: ${shown(next)}`;
    if (next === null) return `${name}: ${shown(old)}`;
    return `${name}: ${shown(old)} → ${shown(next)}`;
  };
}

const isAction = (value: string): value is Action => (ACTIONS as readonly string[]).includes(value);

/** A role's flags as stored ('view, edit'; 'ninguno') in the matrix's words. */
const flagsText = (flags: string) =>
  flags
    .split(',')
    .map((flag) => flag.trim())
    .map((flag) => (isAction(flag) ? ACTION_LABELS[flag] : flag))
    .join(', ');

const fileKind = (contentType: string) => (ATTACHMENT_TYPES as Record<string, string>)[contentType] ?? 'archivo';

const plural = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

export const historyWords: { actions: Record<AuditAction, string>; details: { [K in AuditDetailKey]: DetailWords<K> } } = {
  actions: {
    create: 'Creado',
    update: 'Edición',
    delete: 'Eliminado',
    transition: 'Cambio de estatus',
    'attachment.create': 'Documento agregado',
    'attachment.delete': 'Documento eliminado',
    'invoice.added': 'Factura registrada',
    'invoice.removed': 'Factura quitada',
    'approval.requested': 'Aprobación solicitada a Dirección',
    'secret.rotated': 'Secreto de firma cambiado',
    'job.retried': 'Tarea en segundo plano reintentada',
    'job.discarded': 'Tarea en segundo plano descartada',
    import: 'Importación',
    seed: 'Datos iniciales',
    password_reset: 'Contraseña restablecida',
    password_change: 'Contraseña cambiada',
    'auth.login': 'Inicio de sesión',
    'auth.login_failed': 'Inicio de sesión fallido',
    'auth.lockout': 'Cuenta bloqueada por intentos fallidos',
    'auth.login_locked': 'Inicio de sesión con la cuenta bloqueada',
    'auth.refresh': 'Sesión renovada',
    'auth.refresh_failed': 'Renovación de sesión rechazada',
    'auth.refresh_reuse': 'Sesión cerrada por uso repetido de su renovación',
    'auth.logout': 'Cierre de sesión',
    'auth.reauthenticated': 'Identidad confirmada de nuevo',
    'auth.reauthentication_failed': 'Confirmación de identidad fallida',
    'mfa.challenge': 'Contraseña correcta; se pidió el segundo paso',
    'mfa.verified': 'Verificación en dos pasos correcta',
    'mfa.failed': 'Código de verificación incorrecto',
    'mfa.recovery_used': 'Código de recuperación usado',
    'mfa.enrolled': 'Verificación en dos pasos activada',
    'mfa.disabled': 'Verificación en dos pasos desactivada',
    'mfa.recovery_regenerated': 'Códigos de recuperación generados de nuevo',
    'mfa.removed': 'Verificación en dos pasos quitada por un administrador',
    'mfa.passkey_added': 'Llave de acceso registrada',
    'mfa.passkey_removed': 'Llave de acceso quitada',
    'auth.session_ended': 'Sesión cerrada desde «Mi cuenta»',
    'auth.sessions_others_ended': 'Cerró sus demás sesiones',
    'auth.sessions_ended_by_admin': 'Un administrador cerró todas sus sesiones',
    'auth.oidc_login_failed': 'Inicio de sesión con la cuenta de la empresa rechazado',
    'auth.oidc_linked': 'Cuenta de la empresa vinculada',
  },
  details: {
    attachment: labelled('Documento', (file) => `«${file.fileName}» (${fileKind(file.contentType)}, ${formatSize(file.size)})`),
    invoices: labelled('Factura', (invoice) => {
      const number = [invoice.series, invoice.folio].filter((part) => part !== null && part !== '').join('-');
      const amount = `${formatMoney(invoice.total)}${invoice.currency === 'MXN' ? '' : ` ${invoice.currency}`}`;
      return `${number === '' ? '' : `${number} `}por ${amount} (folio fiscal ${invoice.uuid})`;
    }),
    overBudget: (_old, next, { comment }) => {
      if (next === null) return 'Autorización sobre presupuesto retirada';
      const figures = `Autorizado sobre el presupuesto ${budgetScopeName(next)}: comprometido ${formatMoney(next.after)} de ${formatMoney(next.budget)} (antes ${formatMoney(next.committed)}; este pedido ${formatMoney(next.total)})`;
      // The timeline's comment already carries the justification; without it (never expected) it is said here.
      return comment?.includes(next.comment) ? figures : `${figures}. Justificación: ${next.comment}`;
    },
    approvalRequest: (_old, next, { comment }) => {
      if (next === null) return 'Solicitud de aprobación retirada';
      const reasons = `Solicitud de aprobación a Dirección: ${next.reasons.join('; ')}`;
      // The timeline's comment already carries what was typed; without it (never expected) it is said here.
      return comment?.includes(next.comment) ? reasons : `${reasons}. Comentario: «${next.comment}»`;
    },
    permissions: labelled(({ suffix }) => `Permisos en ${suffix === null ? 'un módulo' : moduleLabel(suffix)}`, flagsText),
    url: labelled('Dirección del webhook', (url) => url),
    events: labelled('Eventos', (events) => plural(events.length, 'evento', 'eventos')),
    description: labelled('Descripción', (text) => (text === '' ? none : text)),
    active: labelled('Activo', (active) => (active ? 'Sí' : 'No')),
    name: labelled('Nombre', (name) => name),
    roleId: labelled('Rol', (id, { labels }) => labels.roles?.[String(id)] ?? `#${String(id)}`),
    expiresAt: labelled('Vence', (at) => formatDateTime(at), 'sin vencimiento'),
  },
};
