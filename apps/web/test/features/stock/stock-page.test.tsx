import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import StockPage from '../../../src/features/stock/stock-page';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi, type FakeApi } from '../../crud/fake-api';
import { listOf } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

const STAMP = '2026-11-23T16:00:00.000Z';

const balance = {
  id: 3,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: 4,
  workId: 7,
  work: { id: 7, label: 'OB-7 - Los Encinos' },
  materialId: 11,
  material: { id: 11, label: 'Cemento gris' },
  unitId: 2,
  unit: { id: 2, label: 'saco' },
  quantity: 12,
  averageCost: 115,
  value: 1380,
  lastMovementOn: '2026-11-23',
};

const kardex = {
  work: { id: 7, label: 'OB-7 - Los Encinos' },
  material: { id: 11, label: 'Cemento gris' },
  unit: 'saco',
  quantity: 12,
  averageCost: 115,
  value: 1380,
  items: [
    { id: 1, date: '2026-11-20', kind: 'entrada', quantity: 20, unitCost: 115, amount: 2300, balance: 20, balanceValue: 2300, concept: 'Entrega del pedido PED-000012', reference: 'Pedido 12', createdBy: null, createdAt: STAMP },
    { id: 2, date: '2026-11-23', kind: 'consumo', quantity: -8, unitCost: 115, amount: -920, balance: 12, balanceValue: 1380, concept: 'Losa nivel 2', reference: null, createdBy: { id: 1, label: 'admin' }, createdAt: STAMP },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
};

const transfer = {
  id: 5,
  folio: 'TRA-000005',
  fromWork: { id: 8, label: 'OB-8 - Bodega Norte' },
  toWork: { id: 7, label: 'OB-7 - Los Encinos' },
  status: 'en_transito',
  date: '2026-11-23',
  notes: null,
  lossReason: null,
  lines: [{ materialId: 11, material: 'Cemento gris', unit: 'saco', quantity: 6, receivedQuantity: null, amount: 690 }],
  sentBy: { id: 1, label: 'admin' },
  receivedBy: null,
  receivedAt: null,
  createdAt: STAMP,
  version: 1,
};

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start(flags: { create: boolean; edit: boolean }, routes: Parameters<typeof fakeApi>[0] = {}): FakeApi {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['stock'], { view: true, delete: false, ...flags }) });
  const server = fakeApi({
    'GET /stock': listOf([balance]),
    'GET /stock/kardex': { status: 200, data: kardex },
    'GET /stock/transfers': { status: 200, data: [transfer] },
    'GET /stock/counts': { status: 200, data: [] },
    ...routes,
  });
  const view = renderRoute(
    <Routes>
      <Route path="/almacen" element={<StockPage />} />
    </Routes>,
    '/almacen',
    server.adapter,
  );
  dispose = view.dispose;
  return server;
}

describe('Almacén de obra', () => {
  it('lists the existencias and opens a row’s kardex with the balance after each movement', async () => {
    start({ create: true, edit: false });
    const row = (await screen.findByText('Cemento gris')).closest('tr')!;
    expect(within(row).getByText('$1,380.00')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Kardex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kardex de Cemento gris en OB-7 - Los Encinos' });
    const lines = (await within(dialog).findAllByRole('row')).slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(lines).toEqual([
      ['20/11/26', 'Entrada por entrega', 'Pedido 12 · Entrega del pedido PED-000012', '+20', '$2,300.00', '20'],
      ['23/11/26', 'Salida (consumo)', 'Losa nivel 2', '-8', '-$920.00', '12'],
    ]);
  });

  it('receives a transfer short of what was sent only with the loss reason, and sends what arrived', async () => {
    const server = start({ create: true, edit: false }, { 'POST /stock/transfers/5/receive': (request) => ({ status: 200, data: { ...transfer, status: 'recibido', lossReason: (request.body as { lossReason: string }).lossReason } }) });
    const card = (await screen.findByText('TRA-000005 · 23/11/26')).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Recibir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recibir traspaso TRA-000005' });
    expect(within(dialog).queryByLabelText(/Motivo de la diferencia/)).not.toBeInTheDocument();
    const quantity = within(dialog).getByLabelText(/Cemento gris \(Enviado: 6 saco\)/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    fireEvent.blur(quantity);
    await userEvent.type(await within(dialog).findByLabelText(/Motivo de la diferencia/), 'Un saco roto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recibir' }));
    await waitFor(() => expect(server.calls('POST', '/stock/transfers/5/receive')).toHaveLength(1));
    expect(server.calls('POST', '/stock/transfers/5/receive')[0]!.body).toEqual({ version: 1, lines: [{ materialId: 11, quantity: 5 }], lossReason: 'Un saco roto' });
  });

  it('without stock create or edit: no movements, no receiving, no applying', async () => {
    start({ create: false, edit: false });
    await screen.findByText('Cemento gris');
    expect(screen.queryByRole('button', { name: 'Registrar salida' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar traspaso' })).not.toBeInTheDocument();
    expect(await screen.findByText('TRA-000005 · 23/11/26')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recibir' })).not.toBeInTheDocument();
  });
});
