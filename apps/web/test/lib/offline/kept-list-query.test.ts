import { describe, expect, it } from 'vitest';
import { ordersResource, type Filters } from '@goc/contracts';
import { queryKeptRows } from '../../../src/lib/offline/kept-list-query';
import { orderRecord } from '../../crud/fixtures';

/* The list protocol applied on the phone to kept rows (Mis Pedidos without signal), as the API applies it. */

const rows = [
  // 23:30 in Mexico City on 9 March is already 10 March in UTC: its day is the 9th.
  orderRecord({ id: 1, folio: 'PED-000001', createdAt: '2026-03-10T05:30:00.000Z', notes: 'Revisión de ÁREA común', total: 1500, invoiceStatus: 'facturado' }),
  orderRecord({ id: 2, folio: 'PED-000002', createdAt: '2026-03-10T07:00:00.000Z', notes: null, total: 300, supplierId: 4, supplier: { id: 4, label: 'Aceros del Norte' } }),
  orderRecord({ id: 3, folio: 'PED-000003', createdAt: '2026-03-11T18:00:00.000Z', notes: 'area de carga', total: 300, invoiceStatus: 'sin_factura' }),
];
const ids = (filters: Filters, extra: { q?: string; sort?: { field: string; order: 'asc' | 'desc' }[] } = {}) =>
  queryKeptRows(ordersResource, rows, { filters, q: extra.q, sort: extra.sort ?? [] }).map((r) => r.id);
const one = (field: string, matchMode: string, value: string | number) => ({ [field]: { operator: 'and', constraints: [{ matchMode, value }] } }) as Filters;

describe('queryKeptRows (lib/offline/kept-list-query)', () => {
  it('searches every word in the text fields and shown labels, accents and case ignored', () => {
    expect(ids({}, { q: 'area' })).toEqual([3, 1]);
    expect(ids({}, { q: 'ACEROS norte' })).toEqual([2]);
    expect(ids({}, { q: 'area aceros' })).toEqual([]);
  });

  it('a timestamp is on its Mexico City day; the negative modes match an empty value, the positive ones never', () => {
    expect(ids(one('createdAt', 'dateIs', '2026-03-09'))).toEqual([1]);
    expect(ids(one('createdAt', 'dateAfter', '2026-03-09'))).toEqual([3, 2]);
    expect(ids(one('notes', 'notContains', 'área'))).toEqual([2]);
    expect(ids(one('notes', 'contains', ''))).toEqual([3, 1]);
    expect(ids(one('supplierId', 'notEquals', 4))).toEqual([3, 1]);
    expect(ids(one('total', 'gte', 1000))).toEqual([1]);
  });

  it('sorts by each key with empty values last in either order, then by id; by default newest first', () => {
    expect(ids({})).toEqual([3, 2, 1]);
    expect(ids({}, { sort: [{ field: 'total', order: 'asc' }] })).toEqual([2, 3, 1]);
    expect(ids({}, { sort: [{ field: 'supplierId', order: 'desc' }] })).toEqual([2, 1, 3]);
    // Enums in their declared order (sin factura before facturado), not alphabetically.
    expect(ids({}, { sort: [{ field: 'invoiceStatus', order: 'asc' }] })).toEqual([2, 3, 1]);
  });

  it('a field found nowhere selects no row instead of being ignored', () => {
    expect(ids(one('unknownField', 'equals', 1))).toEqual([]);
  });
});
