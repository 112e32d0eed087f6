import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_MESSAGES } from '@goc/contracts';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi, type FakeApi, type FakeReply, type FakeRequest } from '../../crud/fake-api';
import { listOf, newOrderFormRoutes } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';

/*
 * A new order on Mis pedidos: the required date offers no day before today in Mexico City, and the
 * photos and quote chosen while writing it go up right after the save, in the new order's detail,
 * with a failed file named and sent again with «Reintentar». An order linked from another screen
 * (?pedido=) opens its detail.
 */

vi.setConfig({ testTimeout: 90_000 });

const STAMP = '2026-03-14T16:00:00.000Z';

const savedOrder = (id: number, requiredDate: string) => ({
  id,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: 1,
  folio: `PED-0000${id}`,
  workId: 2,
  work: { id: 2, label: 'OB-2 Torre Norte' },
  projectId: null,
  project: null,
  requestedById: 1,
  requestedBy: { id: 1, label: 'Ana Ruiz' },
  requiredDate,
  supplierId: null,
  supplier: null,
  statusId: 1,
  status: { id: 1, code: 'borrador', name: 'Borrador', color: 'secondary' },
  notes: null,
  lines: [{ id: 5, materialId: 10, material: { id: 10, label: 'Cemento gris' }, quantity: 6, unitId: 1, unit: { id: 1, label: 'bulto' }, unitPrice: null, amount: null, receivedQuantity: 0, notes: null }],
  total: 0,
  lineCount: 1,
  needsApproval: false,
  invoiceStatus: 'sin_factura',
});

const fileOf = (request: FakeRequest) => (request.body as FormData).get('file') as File;

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start(path = '/pedidos/mis-pedidos'): { server: FakeApi; search: () => URLSearchParams } {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
  const stored: unknown[] = [];
  let quoteAttempts = 0;
  const server = fakeApi({
    'GET /orders': listOf([]),
    ...newOrderFormRoutes(),
    'GET /orders/(\\d+)': (_request, match) => ({ status: 200, data: { ...savedOrder(Number(match[1]), '2026-03-20'), timeline: [] } }),
    'POST /orders': (request) => ({ status: 201, data: savedOrder(77, (request.body as { requiredDate: string }).requiredDate) }),
    'GET /attachments': { status: 200, data: { items: stored, canUpload: true, maxMb: 25 } },
    'GET /attachments/counts': { status: 200, data: { counts: {} } },
    'POST /attachments': (request): FakeReply => {
      const file = fileOf(request);
      // The quote is refused the first time (the connection dropped), taken when sent again.
      if (file.name === 'cotizacion.pdf' && ++quoteAttempts === 1) return apiError(503, 'El servidor no está disponible');
      const document = { id: stored.length + 30, resource: 'orders', recordId: 77, fileName: file.name, contentType: file.type, size: file.size, sha256: '0'.repeat(64), description: null, createdAt: STAMP, createdBy: null, hasThumbnail: false, canDelete: true };
      stored.push(document);
      return { status: 201, data: document };
    },
  });
  const view = renderRoute(<OrdersPage view="mine" />, path, server.adapter);
  dispose = view.dispose;
  return { server, search: view.search };
}

/** PrimeReact's calendar takes the whole day at once in jsdom. */
const typeDay = (form: HTMLElement, day: string) => fireEvent.input(within(form).getByLabelText(/^Fecha requerida/), { target: { value: day } });

async function newOrderForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Nuevo' }));
  const form = await screen.findByRole('dialog', { name: 'Nuevo pedido' });
  await choose(within(form).getByLabelText(/^Obra/), 'OB-2 Torre Norte');
  fireEvent.click(within(form).getByRole('button', { name: 'Agregar partida' }));
  await choose(within(form).getByLabelText('Material (partida 1)'), 'Cemento gris');
  await userEvent.type(within(form).getByLabelText('Cantidad (partida 1)'), '6');
  return form;
}

describe('a new order', () => {
  it('offers no day before today in Mexico City as the required date, whatever the browser’s zone', async () => {
    // 05:00 UTC on the 15th is still the 14th, 23:00, in Mexico City.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T05:00:00.000Z'));
    const { server } = start();
    const form = await newOrderForm();
    typeDay(form, '13/03/2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText(FIELD_MESSAGES.required)).toBeInTheDocument();
    expect(server.calls('POST', '/orders')).toHaveLength(0);

    typeDay(form, '14/03/2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(server.calls('POST', '/orders')).toHaveLength(1));
    expect(server.calls('POST', '/orders')[0]!.body).toMatchObject({ requiredDate: '2026-03-14' });
  });

  it('uploads the photo and quote chosen in the form right after the save, in the new order’s detail; a failed one is named and sent again', async () => {
    const { server } = start();
    const form = await newOrderForm();
    typeDay(form, '20/03/2030');
    const photo = new File(['jpeg'], 'acceso.jpg', { type: 'image/jpeg' });
    const quote = new File(['%PDF-1.4'], 'cotizacion.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(form).getByLabelText('Adjuntar fotos o cotización', { selector: 'input' }), [photo, quote]);
    const queued = within(form).getByRole('list', { name: 'Adjuntar fotos o cotización' });
    expect(within(queued).getAllByRole('listitem').map((item) => item.textContent?.trim())).toEqual(['acceso.jpg', 'cotizacion.pdf']);
    expect(server.calls('POST', '/attachments')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    const detail = await screen.findByRole('dialog', { name: 'Pedido PED-000077' });
    // The order went first, without the files; then each file to the new order.
    await waitFor(() => expect(server.calls('POST', '/attachments')).toHaveLength(2));
    expect(server.calls('POST', '/orders')[0]!.body).not.toHaveProperty('documents');
    expect(server.calls('POST', '/attachments').map((r) => [r.params, fileOf(r).name])).toEqual([
      [{ resource: 'orders', recordId: '77' }, 'acceso.jpg'],
      [{ resource: 'orders', recordId: '77' }, 'cotizacion.pdf'],
    ]);
    expect(await screen.findByText('Se adjuntó «acceso.jpg»')).toBeInTheDocument();
    expect(await within(detail).findByText('No se pudo subir «cotizacion.pdf»')).toBeInTheDocument();
    expect(within(detail).getByText('El servidor no está disponible')).toBeInTheDocument();
    expect(await within(detail).findByRole('heading', { name: 'Documentos (1)' })).toBeInTheDocument();

    fireEvent.click(within(detail).getByRole('button', { name: 'Reintentar cotizacion.pdf' }));
    expect(await within(detail).findByRole('heading', { name: 'Documentos (2)' })).toBeInTheDocument();
    expect(within(detail).queryByText('No se pudo subir «cotizacion.pdf»')).not.toBeInTheDocument();
    expect(server.calls('POST', '/attachments')).toHaveLength(3);
  });

  it('with no files, saves and closes as before, opening nothing', async () => {
    const { server } = start();
    const form = await newOrderForm();
    typeDay(form, '20/03/2030');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', '/orders')).toHaveLength(1);
    expect(server.calls('POST', '/attachments')).toHaveLength(0);
  });
});

it('opens the detail of an order linked from another screen (?pedido=), and closing it leaves the list narrowed to its folio', async () => {
  const { search } = start('/pedidos/mis-pedidos?q=PED-000031&pedido=31');
  const detail = await screen.findByRole('dialog', { name: 'Pedido PED-000031' });
  expect(await within(detail).findByText('OB-2 Torre Norte')).toBeInTheDocument();
  fireEvent.click(within(detail).getByRole('button', { name: /Cerrar/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(search().get('pedido')).toBeNull();
  expect(search().get('q')).toBe('PED-000031');
});
