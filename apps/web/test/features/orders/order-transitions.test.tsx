import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ATTACHMENT_MESSAGES, FIELD_MESSAGES, ORDER_MESSAGES } from '@goc/contracts';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi, type FakeApi, type FakeReply, type FakeRequest, type FakeRoute } from '../../crud/fake-api';
import { listOf, optionsOf, orderLine, orderRecord } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

const STAMP = '2026-03-01T10:00:00.000Z';
const STATUSES = {
  enviado: { id: 2, code: 'enviado', name: 'Enviado', color: 'info' },
  autorizado: { id: 3, code: 'autorizado', name: 'Autorizado', color: 'success' },
  comprado: { id: 4, code: 'comprado', name: 'Comprado', color: 'contrast' },
} as const;

function order(status: keyof typeof STATUSES) {
  return orderRecord({
    status: STATUSES[status],
    supplierId: 4,
    supplier: { id: 4, label: 'Aceros del Norte' },
    lines: [orderLine(11, 'Varilla 3/8"', 100, 120.5, status === 'comprado' ? 40 : 0), orderLine(12, 'Cemento gris', 20, null)],
  });
}

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

/** What the attachments API answers to an upload after the transition (a stored document, or a refusal). */
const attachedReply = (request: FakeRequest): FakeReply => {
  const file = (request.body as FormData).get('file') as File;
  return { status: 201, data: { id: 30, resource: 'orders', recordId: 1, fileName: file.name, contentType: file.type, size: file.size, sha256: '0'.repeat(64), description: null, createdAt: STAMP, createdBy: null, hasThumbnail: false, canDelete: true } };
};

function start(
  status: keyof typeof STATUSES,
  transition: FakeRoute | ReturnType<typeof apiError>,
  attach: FakeRoute | ReturnType<typeof apiError> = attachedReply,
  modules: Parameters<typeof permissionsFor>[0] = ['history', 'my_orders'],
  extra: Record<string, FakeRoute | FakeReply> = {},
): FakeApi {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(modules, { view: true, create: true, edit: true, delete: true }) });
  const row = order(status);
  const server = fakeApi({
    'GET /orders': listOf([row]),
    'GET /orders/1': { status: 200, data: { ...row, timeline: [] } },
    'GET /orders/budget': { status: 200, data: { scope: 'obra', name: 'Torre Norte', budget: 100000, committed: 97950, available: 2050 } },
    'GET /suppliers/options': optionsOf([
      { value: 4, label: 'Aceros del Norte' },
      { value: 5, label: 'Cementos del Bajío' },
    ]),
    'POST /orders/1/transitions': transition,
    'POST /attachments': attach,
    ...extra,
  });
  dispose = renderRoute(<OrdersPage view="all" />, '/pedidos/historico', server.adapter).dispose;
  return server;
}

const savedReply: FakeRoute = () => ({ status: 200, data: { ...order('comprado'), version: 6 } });

/** Chooses files with the dialog's own «Adjuntar …» input; they are listed in the dialog. */
async function chooseFiles(dialog: HTMLElement, label: string, files: File[]) {
  await userEvent.upload(within(dialog).getByLabelText(label, { selector: 'input' }), files);
  for (const file of files) expect(within(dialog).getByText(file.name)).toBeInTheDocument();
}

/** The uploads after the transition, in order: their target, file and description. */
const uploads = (server: FakeApi) =>
  server.calls('POST', '/attachments').map((r) => ({ params: r.params, file: ((r.body as FormData).get('file') as File).name, description: (r.body as FormData).get('description') }));

async function openAction(name: string) {
  const row = (await screen.findByText('PED-000001')).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name: `${name}: PED-000001` });
  await within(dialog).findByText('Cemento gris');
  return dialog;
}

describe('Comprar', () => {
  it('starts from the order’s supplier and prices, requires a price on every line and posts them per line', async () => {
    const server = start('autorizado', savedReply);
    const dialog = await openAction('Comprar');
    expect(within(dialog).getByLabelText(/^Proveedor/).closest('.p-dropdown')).toHaveTextContent('Aceros del Norte');
    const prices = within(dialog).getAllByLabelText(/^Precio unitario/);
    expect(prices.map((input) => (input as HTMLInputElement).value)).toEqual(['$120.50', '']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Comprar' }));
    expect(await within(dialog).findByText(FIELD_MESSAGES.required)).toBeInTheDocument();
    expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(0);

    await userEvent.type(prices[1]!, '215.75');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comprar' }));
    await waitFor(() => expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(1));
    expect(server.calls('POST', '/orders/1/transitions')[0]!.body).toEqual({
      to: 'comprado',
      version: 5,
      comment: null,
      supplierId: 4,
      prices: [
        { lineId: 11, unitPrice: 120.5 },
        { lineId: 12, unitPrice: 215.75 },
      ],
    });
    expect(await screen.findByText('Pedido PED-000001 comprado')).toBeInTheDocument();
  });

  it('attaches the chosen quote to the order once the purchase is saved', async () => {
    const server = start('autorizado', savedReply);
    const dialog = await openAction('Comprar');
    await userEvent.type(within(dialog).getAllByLabelText(/^Precio unitario/)[1]!, '10');
    await chooseFiles(dialog, 'Adjuntar cotización', [new File(['%PDF-1.4'], 'cotizacion aceros.pdf', { type: 'application/pdf' })]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comprar' }));
    await waitFor(() => expect(uploads(server)).toHaveLength(1));
    expect(uploads(server)).toEqual([{ params: { resource: 'orders', recordId: '1' }, file: 'cotizacion aceros.pdf', description: 'Cotización' }]);
    // The file went up after the transition, which does not carry it.
    const paths = server.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(paths).toEqual(['/orders/1/transitions', '/attachments']);
    expect(server.calls('POST', '/orders/1/transitions')[0]!.body).not.toHaveProperty('documents');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the order’s new total as the prices change', async () => {
    start('autorizado', savedReply);
    const dialog = await openAction('Comprar');
    const total = within(dialog).getByRole('status');
    // 100 × $120.50; the line without a price counts nothing yet.
    expect(total).toHaveTextContent('Total con estos precios$12,050.00');
    await userEvent.type(within(dialog).getAllByLabelText(/^Precio unitario/)[1]!, '215.75');
    // + 20 × $215.75
    await waitFor(() => expect(total).toHaveTextContent('$16,365.00'));
    const first = within(dialog).getAllByLabelText(/^Precio unitario/)[0]!;
    await userEvent.clear(first);
    await userEvent.type(first, '100');
    await waitFor(() => expect(total).toHaveTextContent('$14,315.00'));
  });

  it('a quote attached from the open detail shows in its Documentos at once, with its count and a toast', async () => {
    let documents: unknown[] = [];
    const store: FakeRoute = (request) => {
      const reply = attachedReply(request);
      documents = [reply.data];
      return reply;
    };
    start('autorizado', savedReply, store, ['history', 'my_orders'], {
      'GET /attachments': () => ({ status: 200, data: { items: documents, canUpload: true, maxMb: 25 } }),
      'GET /attachments/counts': () => ({ status: 200, data: { counts: { 1: documents.length } } }),
    });
    // A tap on the row opens the order.
    fireEvent.click((await screen.findByText('PED-000001')).closest('td')!);
    const detail = await screen.findByRole('dialog', { name: 'Pedido PED-000001' });
    expect(await within(detail).findByText('Sin documentos')).toBeInTheDocument();

    fireEvent.click(within(detail).getByRole('button', { name: 'Comprar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comprar: PED-000001' });
    await within(dialog).findByText('Cemento gris');
    await userEvent.type(within(dialog).getAllByLabelText(/^Precio unitario/)[1]!, '10');
    await chooseFiles(dialog, 'Adjuntar cotización', [new File(['%PDF-1.4'], 'cotizacion aceros.pdf', { type: 'application/pdf' })]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comprar' }));

    expect(await screen.findByText('Se adjuntó «cotizacion aceros.pdf»')).toBeInTheDocument();
    expect(await within(detail).findByRole('heading', { name: 'Documentos (1)' })).toBeInTheDocument();
    expect(within(within(detail).getByRole('list', { name: 'Documentos' })).getByText('cotizacion aceros.pdf')).toBeInTheDocument();
    // The list's paperclip counts the new document too.
    const row = screen.getByText('PED-000001').closest('tr')!;
    await waitFor(() => expect(within(row).getByText('1 documento')).toBeInTheDocument());
  });

  it('uploads nothing when the purchase is refused', async () => {
    const server = start('autorizado', apiError(409, 'El pedido cambió mientras lo editabas'));
    const dialog = await openAction('Comprar');
    await userEvent.type(within(dialog).getAllByLabelText(/^Precio unitario/)[1]!, '10');
    await chooseFiles(dialog, 'Adjuntar cotización', [new File(['%PDF-1.4'], 'cotizacion.pdf', { type: 'application/pdf' })]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comprar' }));
    expect(await within(dialog).findByText('El pedido cambió mientras lo editabas')).toBeInTheDocument();
    expect(server.calls('POST', '/attachments')).toHaveLength(0);
  });

  it('shows the server’s field message next to the supplier', async () => {
    start('autorizado', apiError(400, 'Datos inválidos', { supplierId: ORDER_MESSAGES.supplierRequired }));
    const dialog = await openAction('Comprar');
    await userEvent.type(within(dialog).getAllByLabelText(/^Precio unitario/)[1]!, '10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comprar' }));
    expect(await within(dialog).findByText(ORDER_MESSAGES.supplierRequired)).toBeInTheDocument();
  });
});

describe('Autorizar over the budget', () => {
  const OVER = 'Este pedido lleva el comprometido de la obra «Torre Norte» a $110,000.00, por encima de su presupuesto de $100,000.00 (comprometido: $97,950.00; disponible: $2,050.00; este pedido: $12,050.00)';
  /** 409 with the figures until the body carries Dirección's justification. */
  const overBudgetReply: FakeRoute = (request) =>
    (request.body as { overBudget?: unknown }).overBudget ? { status: 200, data: { ...order('autorizado'), version: 6 } } : apiError(409, OVER, { overBudget: OVER });

  async function authorise() {
    const row = (await screen.findByText('PED-000001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Autorizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Autorizar: PED-000001' });
    await within(dialog).findByText(/Presupuesto: Obra «Torre Norte»/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Autorizar' }));
    expect(await within(dialog).findByText(OVER)).toBeInTheDocument();
    return dialog;
  }

  it('asks Dirección for a justification of 10 characters or more and posts it as overBudget', async () => {
    const server = start('enviado', overBudgetReply, attachedReply, ['history', 'my_orders', 'orders_approval']);
    const dialog = await authorise();
    const comment = within(dialog).getByLabelText(/^Justificación de Dirección/);
    await userEvent.type(comment, 'corto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Autorizar' }));
    expect(await within(dialog).findByText(ORDER_MESSAGES.overBudgetComment)).toBeInTheDocument();
    expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(1);
    await userEvent.type(comment, ': ampliación aprobada por el cliente');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Autorizar' }));
    await waitFor(() => expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(2));
    expect(server.calls('POST', '/orders/1/transitions')[1]!.body).toMatchObject({ to: 'autorizado', overBudget: { comment: 'corto: ampliación aprobada por el cliente' } });
    expect(await screen.findByText('Pedido PED-000001 autorizado')).toBeInTheDocument();
  });

  it('tells purchasing without Aprobación de pedidos that only Dirección may go over it', async () => {
    start('enviado', overBudgetReply);
    const dialog = await authorise();
    expect(within(dialog).getByText('Solo Dirección (Aprobación de pedidos) puede autorizar por encima del presupuesto.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Justificación de Dirección/)).not.toBeInTheDocument();
  });
});

describe('Registrar entrega', () => {
  it('shows ordered, received and pending per line and posts the quantities of this delivery', async () => {
    const server = start('comprado', savedReply);
    const dialog = await openAction('Registrar entrega');
    expect(within(dialog).getByText('Pendiente: 60 pza')).toBeInTheDocument();
    expect(within(dialog).getByText('Pendiente: 20 pza')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar entrega' }));
    expect(await within(dialog).findByText(ORDER_MESSAGES.receivedEmpty)).toBeInTheDocument();
    expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(0);

    const quantities = within(dialog).getAllByLabelText(/^En esta entrega/);
    await userEvent.clear(quantities[0]!);
    await userEvent.type(quantities[0]!, '25.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar entrega' }));
    await waitFor(() => expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(1));
    expect(server.calls('POST', '/orders/1/transitions')[0]!.body).toEqual({
      to: 'entregado',
      version: 5,
      comment: null,
      received: [
        { lineId: 11, quantity: 25.5 },
        { lineId: 12, quantity: 0 },
      ],
    });
  });

  it('attaches the delivery notes; a refused one is reported while the delivery stays registered', async () => {
    const server = start('comprado', savedReply, (request) =>
      ((request.body as FormData).get('file') as File).name === 'remision escaneada.pdf' ? apiError(415, ATTACHMENT_MESSAGES.type) : attachedReply(request),
    );
    const dialog = await openAction('Registrar entrega parcial');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recibir todo lo pendiente' }));
    await chooseFiles(dialog, 'Adjuntar remisión', [new File(['remisión 881'], 'remision 881.jpg', { type: 'image/jpeg' }), new File(['MZ'], 'remision escaneada.pdf', { type: 'application/pdf' })]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar entrega parcial' }));
    // The refused file is named, with the server's reason.
    expect(await screen.findByText('No se pudo subir «remision escaneada.pdf»')).toBeInTheDocument();
    expect(screen.getByText(ATTACHMENT_MESSAGES.type)).toBeInTheDocument();
    expect(screen.getByText('Se adjuntó «remision 881.jpg»')).toBeInTheDocument();
    expect(uploads(server)).toEqual([
      { params: { resource: 'orders', recordId: '1' }, file: 'remision 881.jpg', description: 'Remisión' },
      { params: { resource: 'orders', recordId: '1' }, file: 'remision escaneada.pdf', description: 'Remisión' },
    ]);
    expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(1);
  });

  it('"Recibir todo lo pendiente" fills each line with what is still missing', async () => {
    const server = start('comprado', savedReply);
    const dialog = await openAction('Registrar entrega parcial');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recibir todo lo pendiente' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar entrega parcial' }));
    await waitFor(() => expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(1));
    expect(server.calls('POST', '/orders/1/transitions')[0]!.body).toMatchObject({
      to: 'entregado_parcial',
      received: [
        { lineId: 11, quantity: 60 },
        { lineId: 12, quantity: 20 },
      ],
    });
  });

  it('keeps an over-delivery refusal of the server in the dialog', async () => {
    start('comprado', apiError(400, ORDER_MESSAGES.overDelivery('100', '140'), { 'received.0.quantity': ORDER_MESSAGES.overDelivery('100', '140') }));
    const dialog = await openAction('Registrar entrega');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recibir todo lo pendiente' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar entrega' }));
    expect(await within(dialog).findByText('La cantidad recibida en total (140) supera la pedida (100)')).toBeInTheDocument();
  });
});
