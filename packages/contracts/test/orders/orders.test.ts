import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BUSINESS_RESOURCES,
  FIELD_MESSAGES,
  LINES_MESSAGES,
  ORDER_MESSAGES,
  PROJECT_MESSAGES,
  WORKFLOW_MESSAGES,
  allowedViews,
  availableActions,
  getResource,
  ordersResource,
  projectsResource,
  resourceListQuerySchema,
  transitionInputSchema,
  type OrderEntity,
  type PermissionEntry,
  type ResourceActor,
} from '../../src/index';

function issues(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const flags = (module: string, on: Partial<Omit<PermissionEntry, 'module'>>): PermissionEntry => ({
  module: { name: module },
  view: false,
  create: false,
  edit: false,
  delete: false,
  ...on,
});

const requester: ResourceActor = { userId: 7, permissions: [flags('my_orders', { view: true, create: true, edit: true, delete: true })] };
const otherRequester: ResourceActor = { ...requester, userId: 8 };
const purchaser: ResourceActor = { userId: 9, permissions: [flags('history', { view: true, edit: true })] };
const historyReader: ResourceActor = { userId: 10, permissions: [flags('history', { view: true })] };

const status = (code: string, name: string) => ({ id: 1, code, name, color: 'info' });

function order(code: string, name: string, requestedById = 7): OrderEntity {
  return {
    id: 1,
    createdAt: '2026-11-23T12:00:00.000Z',
    updatedAt: '2026-11-23T12:00:00.000Z',
    version: 1,
    folio: 'PED-000001',
    workId: 1,
    work: { id: 1, label: 'OB-001 · Torre Reforma' },
    projectId: null,
    project: null,
    requestedById,
    requestedBy: { id: requestedById, label: 'jperez' },
    requiredDate: '2026-12-01',
    supplierId: null,
    supplier: null,
    statusId: 1,
    status: status(code, name),
    notes: null,
    lines: [],
    total: 0,
    lineCount: 0,
    needsApproval: false,
    invoiceStatus: 'sin_factura',
  };
}

const validBody = {
  workId: 1,
  requiredDate: '2026-12-01',
  lines: [{ materialId: 3, quantity: 12.5 }],
};

describe('orders declaration', () => {
  const { createInput, updateInput } = ordersResource.schemas;

  it('is registered as a business resource under its key', () => {
    expect(BUSINESS_RESOURCES.orders).toBe(ordersResource);
    expect(getResource('orders')).toBe(ordersResource);
    expect(getResource('projects')).toBe(projectsResource);
  });

  it('accepts an order with lines and leaves server-set fields out of the body', () => {
    const parsed = createInput.parse({ ...validBody, folio: 'PED-999999', statusId: 5, requestedById: 3, total: 1 });
    expect(parsed).toEqual({
      workId: 1,
      projectId: null,
      requiredDate: '2026-12-01',
      supplierId: null,
      notes: null,
      lines: [{ materialId: 3, quantity: 12.5, unitPrice: null, notes: null }],
    });
  });

  it('needs at least one line', () => {
    expect(issues(createInput, { ...validBody, lines: [] })).toEqual({
      lines: LINES_MESSAGES.min(1, { singular: 'partida', plural: 'partidas', article: 'la' }),
    });
    expect(LINES_MESSAGES.min(1, { singular: 'partida', plural: 'partidas', article: 'la' })).toBe('Agrega al menos 1 partida');
  });

  it('takes quantities above 0 with up to 3 decimals', () => {
    const line = (quantity: unknown) => ({ ...validBody, lines: [{ materialId: 3, quantity }] });
    expect(createInput.parse(line(0.125)).lines[0]?.quantity).toBe(0.125);
    expect(issues(createInput, line(0))).toEqual({ 'lines.0.quantity': 'Debe ser mayor que 0' });
    expect(issues(createInput, line(-2))).toEqual({ 'lines.0.quantity': 'Debe ser mayor que 0' });
    expect(issues(createInput, line(1.2345))).toEqual({ 'lines.0.quantity': 'Admite como máximo 3 decimales' });
    expect(issues(createInput, line(undefined))).toEqual({ 'lines.0.quantity': FIELD_MESSAGES.required });
  });

  it('checks unit prices as money and requires work, material and required date', () => {
    expect(issues(createInput, { ...validBody, lines: [{ materialId: 3, quantity: 1, unitPrice: 10.555 }] })).toEqual({
      'lines.0.unitPrice': 'El importe admite como máximo 2 decimales',
    });
    expect(issues(createInput, { lines: [{ quantity: 1 }] })).toEqual({
      workId: FIELD_MESSAGES.required,
      requiredDate: FIELD_MESSAGES.required,
      'lines.0.materialId': FIELD_MESSAGES.required,
    });
  });

  it('updates with the version read and the lines as a whole', () => {
    expect(issues(updateInput, { notes: 'x' })).toEqual({ version: 'Falta la versión del registro; recarga e inténtalo de nuevo' });
    expect(updateInput.parse({ version: 2, lines: [{ materialId: 1, quantity: 2 }] }).lines).toEqual([
      { materialId: 1, quantity: 2, unitPrice: null, notes: null },
    ]);
  });

  it('lists by every field the issue names, plus the material of its lines', () => {
    const names = ordersResource.listFields.filter((x) => x.filterable).map((x) => x.name);
    expect(names).toEqual(
      expect.arrayContaining(['folio', 'workId', 'projectId', 'requestedById', 'supplierId', 'statusId', 'requiredDate', 'createdAt', 'total', 'materialId']),
    );
    expect(ordersResource.listFields.find((x) => x.name === 'materialId')).toMatchObject({ type: 'reference', sortable: false });
    expect(ordersResource.listFields.some((x) => x.name === 'lines')).toBe(false);
    expect(ordersResource.listFields.find((x) => x.name === 'total')).toMatchObject({ type: 'money', sortable: true });
  });

  it('scopes lists to mine by default and all under history', () => {
    const query = resourceListQuerySchema(ordersResource);
    expect(query.parse({}).scope).toBe('mine');
    expect(query.parse({ scope: 'all' }).scope).toBe('all');
    expect(issues(query, { scope: 'otro' })).toEqual({ scope: 'La vista debe ser una de: mine, all' });
    expect(allowedViews(ordersResource, requester)).toEqual(['mine']);
    expect(allowedViews(ordersResource, historyReader)).toEqual(['all']);
    expect(ordersResource.views?.mine?.route).toBe('myOrders');
    expect(ordersResource.views?.all?.route).toBe('ordersHistory');
  });
});

describe('orders guards', () => {
  const { edit, delete: remove } = ordersResource.guards;

  it('lets the requester edit and delete their own draft', () => {
    expect(edit?.(order('borrador', 'Borrador'), requester)).toBeNull();
    expect(remove?.(order('borrador', 'Borrador'), requester)).toBeNull();
  });

  it('refuses anyone else, and any order that left borrador, naming its status', () => {
    expect(edit?.(order('borrador', 'Borrador'), otherRequester)).toBe('Solo quien hizo el pedido puede editarlo');
    expect(remove?.(order('borrador', 'Borrador'), otherRequester)).toBe('Solo quien hizo el pedido puede eliminarlo');
    expect(edit?.(order('enviado', 'En compras'), requester)).toBe('Solo se puede editar un pedido en borrador; este pedido está «En compras»');
    expect(remove?.(order('autorizado', 'Autorizado'), requester)).toBe(
      'Solo se puede eliminar un pedido en borrador; este pedido está «Autorizado»',
    );
  });
});

describe('orders workflow', () => {
  const targets = (row: OrderEntity, actor: ResourceActor) => availableActions(ordersResource, row, actor).map((a) => a.to);

  it('offers the requester send and cancel on a draft, cancel once sent, nothing later', () => {
    expect(targets(order('borrador', 'Borrador'), requester)).toEqual(['enviado', 'cancelado']);
    expect(targets(order('enviado', 'Enviado'), requester)).toEqual(['cancelado']);
    expect(targets(order('autorizado', 'Autorizado'), requester)).toEqual([]);
    expect(targets(order('borrador', 'Borrador'), otherRequester)).toEqual([]);
  });

  it('offers purchasing each step from its status, and cancel from any open one', () => {
    expect(targets(order('enviado', 'Enviado'), purchaser)).toEqual(['cancelado', 'autorizado', 'rechazado']);
    expect(targets(order('autorizado', 'Autorizado'), purchaser)).toEqual(['cancelado', 'comprado']);
    expect(targets(order('comprado', 'Comprado'), purchaser)).toEqual(['cancelado', 'entregado_parcial', 'entregado']);
    expect(targets(order('entregado_parcial', 'Entregado parcial'), purchaser)).toEqual(['cancelado', 'entregado_parcial', 'entregado']);
    for (const closed of ['rechazado', 'entregado', 'cancelado']) expect(targets(order(closed, closed), purchaser)).toEqual([]);
    expect(targets(order('enviado', 'Enviado'), historyReader)).toEqual([]);
  });

  it('requires a reason to reject and to cancel', () => {
    const needsComment = ordersResource.workflow?.actions.filter((a) => a.commentRequired).map((a) => a.to);
    expect(needsComment).toEqual(['cancelado', 'cancelado', 'rechazado']);
  });

  it('takes a supplier, prices and the quantities of a delivery in the transition body', () => {
    const body = transitionInputSchema(ordersResource);
    expect(body.parse({ to: 'comprado', version: 3, supplierId: 4, prices: [{ lineId: 1, unitPrice: 10.5 }] })).toMatchObject({
      to: 'comprado',
      supplierId: 4,
      prices: [{ lineId: 1, unitPrice: 10.5 }],
    });
    expect(body.parse({ to: 'entregado', version: 3, received: [{ lineId: 1, quantity: 2.5 }, { lineId: 2, quantity: 0 }] })).toMatchObject({
      received: [{ lineId: 1, quantity: 2.5 }, { lineId: 2, quantity: 0 }],
    });
    expect(issues(body, { to: 'borrador', version: 1 })).toEqual({
      to: WORKFLOW_MESSAGES.status(['enviado', 'cancelado', 'autorizado', 'rechazado', 'comprado', 'entregado_parcial', 'entregado']),
    });
  });

  it('refuses repeated lines, empty deliveries, negative or over-precise quantities', () => {
    const body = transitionInputSchema(ordersResource);
    const deliver = (received: unknown) => issues(body, { to: 'entregado', version: 1, received });
    expect(deliver([{ lineId: 1, quantity: 1 }, { lineId: 1, quantity: 2 }])).toEqual({ 'received.1.lineId': ORDER_MESSAGES.repeatedLine });
    expect(deliver([{ lineId: 1, quantity: 0 }])).toEqual({ received: 'Indica la cantidad recibida de al menos una partida' });
    expect(deliver([{ lineId: 1, quantity: -1 }])).toMatchObject({ 'received.0.quantity': 'Debe ser mayor o igual a 0' });
    expect(deliver([{ lineId: 1, quantity: 0.0001 }])).toEqual({ 'received.0.quantity': 'Admite como máximo 3 decimales' });
    expect(deliver([{ lineId: 'x', quantity: 1 }])).toEqual({ 'received.0.lineId': 'La partida no pertenece a este pedido' });
    expect(issues(body, { to: 'comprado', version: 1, prices: [{ lineId: 1, unitPrice: -1 }] })).toEqual({
      'prices.0.unitPrice': 'El importe no puede ser negativo',
    });
  });
});

describe('projects declaration', () => {
  const { createInput } = projectsResource.schemas;
  const base = { code: 'PR-01', name: 'Cimentación', workId: 1, managerId: 2 };

  it('offers projects to pickers with their work as parent', () => {
    expect(projectsResource.options).toBe(true);
    expect(projectsResource.optionExtras).toEqual({ parentId: 'workId', filter: 'status' });
    expect(createInput.parse({ ...base, memberIds: [3, 4] })).toMatchObject({ status: 'planeado', progress: 0, budget: 0, memberIds: [3, 4] });
  });

  it('refuses an end before the start and progress outside 0–100', () => {
    expect(issues(createInput, { ...base, startDate: '2026-05-01', endDate: '2026-04-30' })).toEqual({ endDate: PROJECT_MESSAGES.endBeforeStart });
    expect(issues(createInput, { ...base, progress: 101 })).toEqual({ progress: 'Debe ser menor o igual a 100' });
  });
});
