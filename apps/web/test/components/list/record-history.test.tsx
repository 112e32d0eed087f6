import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AUDIT_ACTIONS, auditDetailSchemas, ordersResource, type AuditAction, type AuditDetail, type AuditDetailKey, type HistoryEntry } from '@goc/contracts';
import { entryText, plainText } from '../../../src/components/list/history-text';
import { RecordHistoryDialog } from '../../../src/components/list/record-history-dialog';
import { seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';

/*
 * The one history renderer every resource uses, on an order's real declaration: actions in Spanish
 * (a transition by the status reached), people by name, Mexico City time, lines by material,
 * deliveries as «recibido N de M unidad», prices as money, references by the labels the API sends,
 * and a field nobody declared readable.
 */

const CEMENT = 11;
const SAND = 12;
const PZA = 3;
const M3 = 4;
const labels = {
  materials: { [CEMENT]: 'MAT-001 · Cemento gris 50 kg', [SAND]: 'MAT-002 · Arena' },
  units: { [PZA]: 'pza', [M3]: 'm3' },
  orderStatuses: { 4: 'Comprado', 5: 'Entregado parcial', 1: 'Borrador', 2: 'Enviado' },
  suppliers: { 9: 'Materiales del Norte' },
  works: { 7: 'OB-07 · Torre Reforma' },
};
const user = { id: 5, username: 'ux.residente', name: 'Ana López Ruiz' };
const line = (materialId: number, quantity: number, over: Record<string, unknown> = {}) => ({
  materialId,
  quantity,
  unitId: materialId === CEMENT ? PZA : M3,
  unitPrice: null,
  amount: null,
  receivedQuantity: 0,
  notes: null,
  ...over,
});

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({ id: 1, at: '2026-11-24T16:05:00.000Z', action: 'update', user, changes: {}, labels, comment: null, ...over });

describe('an order history entry in words', () => {
  it('names a transition by the status it reached and a delivery by material, received of ordered with the unit', () => {
    const text = entryText(
      ordersResource,
      entry({
        action: 'transition',
        changes: {
          statusId: { old: 4, new: 5 },
          lines: { old: [line(CEMENT, 10, { unitPrice: 210, amount: 2100 }), line(SAND, 3)], new: [line(CEMENT, 10, { unitPrice: 210, amount: 2100, receivedQuantity: 6 }), line(SAND, 3)] },
        },
      }),
    );
    expect(text.action).toBe('Entregado parcial');
    expect(text.who).toBe('Ana López Ruiz');
    // 16:05 UTC is 10:05 in Mexico City.
    expect(text.when).toBe('24/11/26 10:05');
    expect(text.changes).toEqual(['Estatus: Comprado → Entregado parcial', 'MAT-001 · Cemento gris 50 kg: recibido 6 de 10 pza']);
  });

  it('shows an edit of lines by material (quantity, added, removed) and prices as money', () => {
    const text = entryText(
      ordersResource,
      entry({
        changes: {
          requiredDate: { old: '2026-12-01', new: '2026-12-15' },
          lines: { old: [line(CEMENT, 10), line(SAND, 3)], new: [line(CEMENT, 12, { unitPrice: 1234.5, amount: 14814 }), line(99, 1)] },
          total: { old: null, new: 14814 },
        },
        labels: { ...labels, materials: { ...labels.materials, 99: 'MAT-099 · Varilla 3/8' } },
      }),
    );
    expect(text.action).toBe('Edición');
    expect(text.changes).toEqual([
      'Fecha requerida: 01/12/2026 → 15/12/2026',
      'MAT-001 · Cemento gris 50 kg: cantidad 10 → 12, precio unitario — → $1,234.50, importe — → $14,814.00',
      'MAT-099 · Varilla 3/8: agregada, cantidad 1 m3',
      'MAT-002 · Arena: quitada',
      'Total: — → $14,814.00',
    ]);
  });

  it('reads the creation with references by label and a purchase with the supplier', () => {
    const created = entryText(ordersResource, entry({ action: 'create', changes: { workId: { old: null, new: 7 }, supplierId: { old: null, new: null }, lines: { old: null, new: [line(CEMENT, 10)] } } }));
    expect(created.action).toBe('Creado');
    expect(created.changes).toEqual(['Obra: OB-07 · Torre Reforma', 'MAT-001 · Cemento gris 50 kg: cantidad 10 pza']);
    const bought = entryText(ordersResource, entry({ action: 'transition', changes: { statusId: { old: 3, new: 4 }, supplierId: { old: null, new: 9 } } }));
    expect(bought.action).toBe('Comprado');
    expect(bought.changes).toContain('Proveedor: — → Materiales del Norte');
  });

  it('shows a field nobody declared with its raw value readably, never [object Object] or JSON', () => {
    const text = entryText(ordersResource, entry({ user: null, changes: { delivery: { old: null, new: [{ lineId: 31, quantity: 6 }] }, urgente: { old: false, new: true } } }));
    expect(text.who).toBeNull();
    expect(text.changes).toEqual(['delivery: — → lineId: 31, quantity: 6', 'urgente: No → Sí']);
    expect(plainText({ a: [1, 2], b: null })).toBe('a: 1; 2, b: —');
  });
});

describe('the history dialog', () => {
  afterEach(() => document.body.replaceChildren());

  it('lists every entry of the record in words, newest first', async () => {
    seedSession();
    const server = fakeApi({
      'GET /orders/8/history': {
        status: 200,
        data: [
          entry({ id: 2, action: 'transition', changes: { statusId: { old: 1, new: 2 } } }),
          entry({ id: 1, action: 'create', at: '2026-11-23T15:00:00.000Z', changes: { lines: { old: null, new: [line(CEMENT, 10)] } } }),
        ],
      },
    });
    const view = renderRoute(<RecordHistoryDialog resource={ordersResource} recordId={8} recordLabel="PED-000008" onHide={() => undefined} />, '/', server.adapter);
    const dialog = await screen.findByRole('dialog', { name: 'Historial: PED-000008' });
    const items = await within(dialog).findAllByRole('listitem');
    const entries = items.filter((li) => li.parentElement?.tagName === 'OL');
    expect(entries.map((li) => li.querySelector('span')?.textContent)).toEqual(['Enviado', 'Creado']);
    expect(entries[0]).toHaveTextContent('por Ana López Ruiz');
    expect(entries[0]).toHaveTextContent('Estatus: Borrador → Enviado');
    expect(entries[1]).toHaveTextContent('23/11/26 09:00');
    expect(entries[1]).toHaveTextContent('MAT-001 · Cemento gris 50 kg: cantidad 10 pza');
    expect(dialog).not.toHaveTextContent('[object Object]');
    view.dispose();
  });
});

/*
 * Every kind of entry the API can write, from the contracts' lists the API's audit writer is typed by
 * (AUDIT_ACTIONS, auditDetailSchemas): each has a realistic sample here, and each reads as Spanish
 * sentences — no English key, no object dump, no raw hash — with money, sizes and people formatted.
 */
const SHA256 = 'fb235f0c9a1e4d7b8c2f6a3e5d9b1c7e4f8a2d6b0c3e7f1a5d9b2c6e0f4a8d3b';
const CFDI_UUID = '6F1C2B3A-8D4E-4F5A-9B6C-7D8E9F0A1B2C';
const quote = { id: 31, fileName: 'cotizacion-acero.pdf', contentType: 'application/pdf', size: 1614, sha256: SHA256 };
const invoice = { uuid: CFDI_UUID, series: 'F', folio: '1234', total: 38604.8, currency: 'MXN' };
const override = { scope: 'obra' as const, name: 'Losas', budget: 800000, committed: 801770.2, total: 38604.8, after: 840375, comment: 'Se autoriza por el colado del viernes' };
const overrideNote = `Urge para el colado — Sobre presupuesto de la obra «Losas» ($840,375.00 de $800,000.00): ${override.comment}`;

const approvalRequest = { reasons: ['Requiere aprobación de Dirección: total ≥ límite de $1,000,000.00'], comment: 'urge para el colado del viernes' };

/** An entry of each action, as the API stores it for an order (sign-in events carry no changes). */
const actionSamples: Record<AuditAction, Partial<HistoryEntry>> = {
  create: { changes: { workId: { old: null, new: 7 }, lines: { old: null, new: [line(CEMENT, 10)] } } },
  update: { changes: { requiredDate: { old: '2026-12-01', new: '2026-12-15' }, total: { old: 2100, new: 38604.8 } } },
  delete: { changes: { workId: { old: 7, new: null }, folio: { old: 'PED-000008', new: null } } },
  transition: { changes: { statusId: { old: 2, new: 4 }, supplierId: { old: null, new: 9 }, overBudget: { old: null, new: override } }, comment: overrideNote },
  'attachment.create': { changes: { attachment: { old: null, new: quote } } },
  'attachment.delete': { changes: { attachment: { old: quote, new: null } } },
  'invoice.added': { changes: { invoices: { old: null, new: invoice }, invoiceStatus: { old: 'sin_factura', new: 'facturado' } } },
  'approval.requested': { changes: { approvalRequest: { old: null, new: approvalRequest } }, comment: 'Solicitud de aprobación a Dirección (Requiere aprobación de Dirección: total ≥ límite de $1,000,000.00): urge para el colado del viernes' },
  'invoice.removed': { changes: { invoices: { old: invoice, new: null }, invoiceStatus: { old: 'facturado', new: 'sin_factura' } } },
  'secret.rotated': {},
  'job.retried': {},
  'job.discarded': {},
  import: {},
  seed: { user: null },
  password_reset: {},
  password_change: {},
  'auth.login': {},
  'auth.login_failed': {},
  'auth.lockout': { user: null },
  'auth.login_locked': {},
  'auth.refresh': {},
  'auth.refresh_failed': {},
  'auth.refresh_reuse': {},
  'auth.logout': {},
  'auth.reauthenticated': {},
  'auth.reauthentication_failed': {},
  'mfa.challenge': {},
  'mfa.verified': {},
  'mfa.failed': {},
  'mfa.recovery_used': {},
  'mfa.enrolled': {},
  'mfa.disabled': {},
  'mfa.recovery_regenerated': {},
  'mfa.removed': {},
  'mfa.passkey_added': {},
  'mfa.passkey_removed': {},
  'auth.session_ended': {},
  'auth.sessions_others_ended': {},
  'auth.sessions_ended_by_admin': {},
  'auth.oidc_login_failed': {},
  'auth.oidc_linked': {},
};

/** A change of each audited detail that is not a declared field (key, old, new), as its writer stores it. */
const detailSamples: { [K in AuditDetailKey]: { key: string; old: AuditDetail<K> | null; new: AuditDetail<K> | null } } = {
  attachment: { key: 'attachment', old: null, new: quote },
  invoices: { key: 'invoices', old: invoice, new: null },
  overBudget: { key: 'overBudget', old: null, new: override },
  approvalRequest: { key: 'approvalRequest', old: null, new: approvalRequest },
  permissions: { key: 'permissions.orders_approval', old: 'view, edit', new: 'view' },
  url: { key: 'url', old: 'https://erp.example.mx/goc', new: 'https://erp.example.mx/hooks/goc' },
  events: { key: 'events', old: ['orders.created'], new: ['orders.created', 'orders.transitioned', 'attachment.added'] },
  description: { key: 'description', old: null, new: 'ERP de contabilidad' },
  active: { key: 'active', old: true, new: false },
  name: { key: 'name', old: null, new: 'ERP contabilidad' },
  roleId: { key: 'roleId', old: null, new: 3 },
  expiresAt: { key: 'expiresAt', old: null, new: '2027-05-31T23:00:00.000Z' },
};

const ENGLISH_KEYS =
  /\b(create|update|delete|transition|attachment|invoices?|fileName|contentType|size|sha256|uuid|series|currency|scope|budget|committed|after|overBudget|comment|url|events|active|roleId|expiresAt|permissions|view|edit|import|seed|password|auth|login|logout|refresh|null|undefined|NaN)\b/;

/** What no history sentence may show: an English key, an object dump, a raw hash, a code. */
function expectWords(text: string): void {
  expect(text).not.toMatch(ENGLISH_KEYS);
  expect(text).not.toMatch(/[{}[\]]/);
  expect(text).not.toMatch(/[0-9a-f]{16,}/i);
  expect(text).not.toMatch(/\b[a-z]+[A-Z]\w*|\b[a-z]+_[a-z_]+\b/);
  expect(text).not.toContain('object Object');
}

const allText = (text: ReturnType<typeof entryText>) => [text.action, text.who ?? '', text.comment ?? '', ...text.changes].join('\n');
/** API keys and webhooks are not resources: their entries read by the details' words alone. */
const integration = { fields: [], workflow: undefined };

describe('every kind of history entry in words', () => {
  it('has a sample of every action and detail the API can write', () => {
    expect(Object.keys(actionSamples).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(Object.keys(detailSamples).sort()).toEqual(Object.keys(auditDetailSchemas).sort());
  });

  it.each([...AUDIT_ACTIONS])('reads an entry «%s» as Spanish sentences', (action) => {
    const text = entryText(ordersResource, entry({ action, ...actionSamples[action] }));
    expectWords(allText(text));
    expect(text.action).not.toBe('');
  });

  it.each(Object.keys(detailSamples) as AuditDetailKey[])('reads a change of the detail «%s» as a Spanish sentence', (detail) => {
    const sample = detailSamples[detail];
    const text = entryText(integration, entry({ changes: { [sample.key]: { old: sample.old, new: sample.new } } }));
    expect(text.changes).toHaveLength(1);
    expectWords(allText(text));
  });

  it('says a document by name, kind and size, and an invoice with its money', () => {
    const added = entryText(ordersResource, entry({ action: 'attachment.create', ...actionSamples['attachment.create'] }));
    expect(added.action).toBe('Documento agregado');
    expect(added.changes).toEqual(['Documento: «cotizacion-acero.pdf» (PDF, 2 KB)']);
    expect(entryText(ordersResource, entry({ action: 'attachment.delete', ...actionSamples['attachment.delete'] })).action).toBe('Documento eliminado');
    const invoiced = entryText(ordersResource, entry({ action: 'invoice.added', ...actionSamples['invoice.added'] }));
    expect(invoiced.action).toBe('Factura registrada');
    expect(invoiced.changes).toEqual([`Factura: F-1234 por $38,604.80 (folio fiscal ${CFDI_UUID})`, 'Facturación: Sin factura → Facturado']);
    const dollars = entryText(ordersResource, entry({ changes: { invoices: { old: null, new: { ...invoice, series: null, folio: null, currency: 'USD' } } } }));
    expect(dollars.changes).toEqual([`Factura: por $38,604.80 USD (folio fiscal ${CFDI_UUID})`]);
  });

  it('reads an authorisation over budget with its figures, and the comment typed with it as the timeline does', () => {
    const text = entryText(ordersResource, entry({ action: 'transition', ...actionSamples.transition }));
    expect(text.action).toBe('Comprado');
    expect(text.comment).toBe(overrideNote);
    expect(text.changes).toEqual([
      'Estatus: Enviado → Comprado',
      'Proveedor: — → Materiales del Norte',
      'Autorizado sobre el presupuesto de la obra «Losas»: comprometido $840,375.00 de $800,000.00 (antes $801,770.20; este pedido $38,604.80)',
    ]);
    // Without the timeline's note (never expected), the justification is still said.
    const bare = entryText(ordersResource, entry({ changes: { overBudget: { old: null, new: override } } }));
    expect(bare.changes[0]).toMatch(/\. Justificación: Se autoriza por el colado del viernes$/);
  });

  it('reads a role matrix, an API key and a webhook change in words', () => {
    const read = (key: string, old: unknown, next: unknown, over: Partial<HistoryEntry> = {}) =>
      entryText(integration, entry({ changes: { [key]: { old, new: next } }, ...over })).changes[0];
    expect(read('permissions.orders_approval', 'view, edit', 'view')).toBe('Permisos en Aprobación de pedidos: Ver, Editar → Ver');
    expect(read('permissions.history', null, 'ninguno')).toBe('Permisos en Histórico de pedidos: ninguno');
    expect(read('roleId', null, 3, { labels: { roles: { 3: 'Compras' } } })).toBe('Rol: Compras');
    // 23:00 UTC is 17:00 in Mexico City.
    expect(read('expiresAt', null, '2027-05-31T23:00:00.000Z')).toBe('Vence: 31/05/27 17:00');
    expect(read('expiresAt', null, null)).toBe('Vence: sin vencimiento');
    expect(read('events', ['orders.created'], ['orders.created', 'orders.transitioned'])).toBe('Eventos: 1 evento → 2 eventos');
    expect(read('active', true, false)).toBe('Activo: Sí → No');
  });

  it('reads a detail stored in a shape its words do not know as Spanish text, never as JSON', () => {
    const text = entryText(ordersResource, entry({ changes: { overBudget: { old: null, new: { scope: 'obra', name: 'Losas', after: 840375 } } } }));
    expect(text.changes).toEqual(['Sobre presupuesto: — → alcance: obra, nombre: Losas, comprometido después: 840,375']);
  });
});

describe('the history dialog with a comment', () => {
  afterEach(() => document.body.replaceChildren());

  it('shows the comment typed when sending under the entry, as the timeline does', async () => {
    seedSession();
    const server = fakeApi({
      'GET /orders/8/history': {
        status: 200,
        data: [entry({ id: 3, action: 'transition', changes: { statusId: { old: 1, new: 2 } }, comment: 'Urge para el colado del viernes' })],
      },
    });
    const view = renderRoute(<RecordHistoryDialog resource={ordersResource} recordId={8} recordLabel="PED-000008" onHide={() => undefined} />, '/', server.adapter);
    const dialog = await screen.findByRole('dialog', { name: 'Historial: PED-000008' });
    expect(await within(dialog).findByText('«Urge para el colado del viernes»')).toBeInTheDocument();
    view.dispose();
  });
});
