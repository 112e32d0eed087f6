import type { ListQuery, Option } from '@goc/contracts';
import type { FakeReply, FakeRequest } from './fake-api';

const STAMP = '2026-03-01T10:00:00.000Z';

/** A unit row as GET /units returns it. */
export function unit(id: number, abbreviation: string, name: string, extra: Record<string, unknown> = {}) {
  return { id, createdAt: STAMP, updatedAt: STAMP, version: 1, abbreviation, name, active: true, ...extra };
}

/** A list answer for whatever page was asked: rows named after the page so tests can tell pages apart. */
export function pagedUnits(total: number) {
  return (request: FakeRequest): FakeReply => {
    const page = Number(request.params.page ?? '1');
    const pageSize = Number(request.params.pageSize ?? '25');
    const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
    const items = Array.from({ length: count }, (_, i) => unit((page - 1) * pageSize + i + 1, `u${page}-${i + 1}`, `Unidad p${page}-${i + 1}`));
    return { status: 200, data: { items, total, page, pageSize } };
  };
}

export function listOf(items: unknown[], query: Partial<Pick<ListQuery, 'page' | 'pageSize'>> = {}): FakeReply {
  return { status: 200, data: { items, total: items.length, page: query.page ?? 1, pageSize: query.pageSize ?? 25 } };
}

/** A work row as GET /works returns it (references joined as { id, label }). */
export function work(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: 1,
    code: `OB-${id}`,
    name: `Obra ${id}`,
    companyId: 3,
    company: { id: 3, label: 'Constructora Norte' },
    categoryId: 1,
    category: { id: 1, label: 'Vivienda' },
    subcategoryId: null,
    subcategory: null,
    address: null,
    city: 'Monterrey',
    state: 'Nuevo León',
    startDate: '2026-01-10',
    estimatedEndDate: null,
    budget: 1500000.5,
    committed: 500000,
    available: 1000000.5,
    sirocNumber: null,
    residentId: null,
    resident: null,
    status: 'en_ejecucion',
    active: true,
    ...extra,
  };
}

/** An order line as GET /orders returns it inside its order (material and unit joined as { id, label }). */
export function orderLine(id: number, material: string, quantity: number, unitPrice: number | null, receivedQuantity = 0) {
  return {
    id,
    materialId: id * 10,
    material: { id: id * 10, label: material },
    quantity,
    unitId: 1,
    unit: { id: 1, label: 'pza' },
    unitPrice,
    amount: unitPrice === null ? null : unitPrice * quantity,
    receivedQuantity,
    notes: null,
  };
}

type OrderLine = ReturnType<typeof orderLine>;

/**
 * An order as GET /orders returns it: PED-000001 of «residente» (user 7) for OB-2, sent, without
 * lines unless given; its total and line count follow the lines.
 */
export function orderRecord(extra: Record<string, unknown> & { lines?: OrderLine[]; status?: { id: number; code: string; name: string; color: string } } = {}) {
  const { lines = [], status = { id: 2, code: 'enviado', name: 'Enviado', color: 'info' }, ...rest } = extra;
  return {
    id: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: 5,
    folio: 'PED-000001',
    workId: 2,
    work: { id: 2, label: 'OB-2 Torre Norte' },
    projectId: null,
    project: null,
    requestedById: 7,
    requestedBy: { id: 7, label: 'residente' },
    requiredDate: '2026-03-10',
    supplierId: null,
    supplier: null,
    statusId: status.id,
    status,
    notes: null,
    lines,
    total: lines.reduce((sum, l) => sum + (l.amount ?? 0), 0),
    lineCount: lines.length,
    needsApproval: false,
    invoiceStatus: 'sin_factura',
    ...rest,
  };
}

/** What Mis Pedidos' «Nuevo» form asks for: no budget line, the work OB-2, no projects, one material (Cemento gris). */
export function newOrderFormRoutes() {
  return {
    'GET /orders/budget': { status: 200, data: null },
    'GET /works/options': optionsOf([{ value: 2, label: 'OB-2 Torre Norte' }]),
    'GET /projects/options': optionsOf([]),
    'GET /materials/options': optionsOf([{ value: 10, label: 'Cemento gris', detail: 'bulto' }]),
  };
}

/** Accent- and case-insensitive text, as the API folds labels for /options search. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * GET /<resource>/options answered like the API: with `ids`, exactly those rows; otherwise the rows
 * whose label contains every word of `q`, narrowed by `parentId`, a page of `limit` (default 50)
 * and whether more match.
 */
export function optionsOf(rows: Option[]) {
  return (request: FakeRequest): FakeReply => {
    const { q, ids, parentId, limit } = request.params;
    if (ids) {
      const wanted = ids.split(',').map(Number);
      return { status: 200, data: { items: rows.filter((r) => wanted.includes(Number(r.value))), hasMore: false } };
    }
    const words = fold(q ?? '').split(/\s+/).filter((w) => w !== '');
    const matching = rows.filter(
      (r) => words.every((w) => fold(r.label).includes(w)) && (parentId === undefined || r.parentId === Number(parentId)),
    );
    const size = Number(limit ?? '50');
    return { status: 200, data: { items: matching.slice(0, size), hasMore: matching.length > size } };
  };
}
