import type { AuditAction, AuditDetail, AuditDetailKey } from '@goc/contracts';
import { auditLog, type AuditChanges } from '../db/schema';
import type { Executor } from '../db/client';
import { insertRows } from './bulk-insert';

export interface AuditEntry {
  /** Who did it; null for anonymous events (a failed login with an unknown username). */
  userId: number | null;
  /** What happened: one of the declared kinds (contracts' AUDIT_ACTIONS), each of which the SPA's history puts in words. */
  action: AuditAction;
  /** Table-like name of the affected record type ('companies', 'user'…). */
  entity: string;
  entityId?: number | null;
  changes?: AuditChanges | null;
  ip?: string | null;
  metadata?: Record<string, unknown> | null;
}

/**
 * The change of a declared audit detail (contracts' auditDetailSchemas: a document, an invoice, an
 * override…), typed by its stored shape, which the SPA's history puts in words; `suffix` names the
 * part of a detail a key is about (`permissions.orders`).
 */
export function detailChange<K extends AuditDetailKey>(key: K, old: AuditDetail<K> | null, next: AuditDetail<K> | null, suffix?: string): AuditChanges {
  return { [suffix === undefined ? key : `${key}.${suffix}`]: { old, new: next } };
}

/** Keys never stored in the audit trail (nor in domain events), whatever a caller passes. */
const SECRET_KEY = /pass(word)?|token|secret|hash|authorization|cookie/i;

export function redact<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => redact(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[oculto]' : redact(v)]),
    ) as T;
  }
  return value;
}

export const auditRow = (entry: AuditEntry) => ({
  userId: entry.userId,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId ?? null,
  changes: entry.changes ? redact(entry.changes) : null,
  ip: entry.ip ?? null,
  metadata: entry.metadata ? redact(entry.metadata) : null,
});

/**
 * Writes one audit row with the given executor, so that inside a transaction the entry commits or
 * rolls back with the change it describes.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values(auditRow(entry));
}

/** The entries of a batched write (an import), in order, a thousand per statement. */
export async function recordAudits(executor: Executor, entries: readonly AuditEntry[]): Promise<void> {
  await insertRows(executor, auditLog, entries.map(auditRow));
}

const comparable = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/**
 * `{ field: { old, new } }` for the fields whose value differs between two versions of a record.
 * Pass `before = null` for a creation and `after = null` for a deletion.
 */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  ignore: readonly string[] = ['createdAt', 'updatedAt', 'version'],
): AuditChanges {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const key of keys) {
    if (ignore.includes(key)) continue;
    const oldValue = comparable(before?.[key] ?? null);
    const newValue = comparable(after?.[key] ?? null);
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes[key] = { old: oldValue, new: newValue };
  }
  return changes;
}
