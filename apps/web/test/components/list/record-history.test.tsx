import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ordersResource, type HistoryEntry } from '@goc/contracts';
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

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({ id: 1, at: '2026-11-24T16:05:00.000Z', action: 'update', user, changes: {}, labels, ...over });

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
