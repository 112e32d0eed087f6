import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Attachment, AttachmentList } from '@goc/contracts';
import StockPage from '../../../src/features/stock/stock-page';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi, type FakeApi } from '../../crud/fake-api';
import { listOf, optionsOf } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
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
    { id: 1, date: '2026-11-20', kind: 'entrada', quantity: 20, unitCost: 115, amount: 2300, balance: 20, balanceValue: 2300, concept: 'Entrega del pedido PED-000012', reference: 'Pedido 12', consumptionId: null, createdBy: null, createdAt: STAMP },
    { id: 2, date: '2026-11-23', kind: 'consumo', quantity: -8, unitCost: 115, amount: -920, balance: 12, balanceValue: 1380, concept: 'Losa nivel 2', reference: null, consumptionId: 9, createdBy: { id: 1, label: 'admin' }, createdAt: STAMP },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
};

const VALE: Attachment = {
  id: 31,
  resource: 'stock-consumptions',
  recordId: 9,
  fileName: 'vale firmado.pdf',
  contentType: 'application/pdf',
  size: 2_048,
  sha256: 'b'.repeat(64),
  description: 'Vale de salida',
  createdAt: STAMP,
  createdBy: { id: 1, name: 'Ana Ruiz' },
  hasThumbnail: false,
  canDelete: true,
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
    'GET /works/options': optionsOf([{ value: 7, label: 'OB-7 - Los Encinos' }]),
    'GET /materials/options': optionsOf([{ value: 11, label: 'Cemento gris' }]),
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
    // A salida's concept cell also holds its documents' button, named for assistive technology only.
    const lines = (await within(dialog).findAllByRole('row')).slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent?.trim()));
    expect(lines).toEqual([
      ['20/11/26', 'Entrada por entrega', 'Pedido 12 · Entrega del pedido PED-000012', '+20', '$2,300.00', '20'],
      ['23/11/26', 'Salida (consumo)', 'Losa nivel 2', '-8', '-$920.00', '12'],
    ]);
  });

  it('opens a saved salida’s documents from its kardex row in the shared panel, and adds one', async () => {
    let items: Attachment[] = [VALE];
    const photo: Attachment = { ...VALE, id: 32, fileName: 'cuadrilla.jpg', contentType: 'image/jpeg', description: null };
    const server = start(
      { create: true, edit: false },
      {
        'GET /attachments': () => ({ status: 200, data: { items, canUpload: true, maxMb: 25 } satisfies AttachmentList }),
        'POST /attachments': () => {
          items = [VALE, photo];
          return { status: 201, data: photo };
        },
      },
    );
    fireEvent.click(within((await screen.findByText('Cemento gris')).closest('tr')!).getByRole('button', { name: 'Kardex' }));
    const kardexDialog = await screen.findByRole('dialog', { name: 'Kardex de Cemento gris en OB-7 - Los Encinos' });
    // Only the salida's row has documents: an entrada's are its order's.
    expect(await within(kardexDialog).findAllByRole('button', { name: /^Documentos de la salida/ })).toHaveLength(1);
    fireEvent.click(within(kardexDialog).getByRole('button', { name: 'Documentos de la salida del 23/11/26 (Losa nivel 2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documentos · Salida del 23/11/26 · Losa nivel 2' });
    expect(await within(dialog).findByText('vale firmado.pdf')).toBeInTheDocument();
    expect(server.calls('GET', '/attachments')[0]!.params).toEqual({ resource: 'stock-consumptions', recordId: '9' });
    await userEvent.upload(within(dialog).getByLabelText('Elegir archivos', { selector: 'input' }), [new File([new Uint8Array(100)], 'cuadrilla.jpg', { type: 'image/jpeg' })]);
    expect(await within(dialog).findByText('cuadrilla.jpg')).toBeInTheDocument();
    expect(server.calls('POST', '/attachments')).toHaveLength(1);
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

  it('without signal: salidas, traspasos, conteos and receiving are disabled and say they need the connection', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      start({ create: true, edit: true });
      await screen.findByText('Cemento gris');
      // The toolbar's, and a row's «Registrar salida» too.
      expect(screen.getAllByRole('button', { name: 'Registrar salida (requiere conexión)' })).toHaveLength(2);
      for (const name of ['Registrar salida', 'Enviar traspaso', 'Inventario físico']) {
        for (const button of screen.getAllByRole('button', { name: `${name} (requiere conexión)` })) expect(button).toBeDisabled();
      }
      const card = (await screen.findByText('TRA-000005 · 23/11/26')).closest('li')!;
      expect(within(card).getByRole('button', { name: 'Recibir (requiere conexión)' })).toBeDisabled();
      // A salida's documents are sent to the server as they are chosen: none offline either.
      fireEvent.click(within(screen.getByText('Cemento gris').closest('tr')!).getByRole('button', { name: 'Kardex' }));
      const kardexDialog = await screen.findByRole('dialog', { name: 'Kardex de Cemento gris en OB-7 - Los Encinos' });
      expect(await within(kardexDialog).findByRole('button', { name: 'Documentos de la salida del 23/11/26 (Losa nivel 2) (requiere conexión)' })).toBeDisabled();
    } finally {
      offline.mockRestore();
    }
  });

  it('without stock create or edit: no movements, no receiving, no applying', async () => {
    start({ create: false, edit: false });
    await screen.findByText('Cemento gris');
    expect(screen.queryByRole('button', { name: 'Registrar salida' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar traspaso' })).not.toBeInTheDocument();
    expect(await screen.findByText('TRA-000005 · 23/11/26')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recibir' })).not.toBeInTheDocument();
  });

  it('records a salida with its photo: the file goes to the salida through the attachments API', async () => {
    const server = start(
      { create: true, edit: false },
      {
        'POST /stock/consumptions': (request) => ({
          status: 201,
          data: { id: 41, work: balance.work, date: '2026-11-23', concept: (request.body as { concept: string }).concept, receivedBy: null, lines: [], createdAt: STAMP },
        }),
        'POST /attachments': {
          status: 201,
          data: { id: 90, resource: 'stock-consumptions', recordId: 41, fileName: 'vale.jpg', contentType: 'image/jpeg', size: 3, sha256: 'x', description: null, createdAt: STAMP, createdBy: null, hasThumbnail: false, canDelete: true },
        },
      },
    );
    const row = (await screen.findByText('Cemento gris')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Registrar salida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salida de material (consumo)' });
    await userEvent.type(within(dialog).getByLabelText(/Concepto o frente/), 'Losa nivel 2');
    await choose(within(dialog).getByLabelText('Material 1'), 'Cemento gris');
    await userEvent.type(within(dialog).getByLabelText('Cantidad 1'), '3');
    await userEvent.upload(within(dialog).getByLabelText('Documentos de la salida', { selector: 'input' }), new File(['jpg'], 'vale.jpg', { type: 'image/jpeg' }));
    expect(within(dialog).getByText('vale.jpg')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(server.calls('POST', '/attachments')).toHaveLength(1));
    expect(server.calls('POST', '/stock/consumptions')[0]!.body).toMatchObject({ workId: 7, concept: 'Losa nivel 2', lines: [{ materialId: 11, quantity: 3 }] });
    expect(server.calls('POST', '/attachments')[0]!.params).toEqual({ resource: 'stock-consumptions', recordId: '41' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Salida de material (consumo)' })).not.toBeInTheDocument());
  });

  it('imports the filled count sheet of the chosen work: a refused sheet shows its rows’ problems, a clean one records the count', async () => {
    let answers = 0;
    const server = start(
      { create: true, edit: false },
      {
        'POST /stock/counts/import': () => {
          answers += 1;
          if (answers === 1) {
            return {
              status: 422,
              data: {
                fileName: 'conteo.xlsx',
                mode: 'commit',
                rows: 3,
                valid: 1,
                created: 1,
                updated: 0,
                unchanged: 0,
                errors: [
                  { row: 3, column: 'Clave', value: 'MAT-X', message: 'No existe un material con clave «MAT-X»', record: 'MAT-X' },
                  { row: 4, column: 'Cantidad contada', value: 'doce', message: 'Debe ser un número', record: 'MAT-2 · Varilla' },
                ],
              },
            };
          }
          return { status: 201, data: { id: 3, work: balance.work, status: 'por_aprobar', date: '2026-11-23', notes: null, reason: null, lines: [], countedBy: null, appliedBy: null, appliedAt: null, createdAt: STAMP, version: 1 } };
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Inventario físico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conteo de inventario físico' });
    expect(within(dialog).getByText('Elige la obra para descargar o importar su hoja de conteo')).toBeInTheDocument();
    await choose(within(dialog).getByLabelText(/^Obra/), 'OB-7 - Los Encinos');
    const sheet = () => within(dialog).getByLabelText('Importar hoja llenada', { selector: 'input' });
    await userEvent.upload(sheet(), new File(['x'], 'conteo.xlsx'));
    expect(await within(dialog).findByText('La hoja tiene 2 problemas; no se registró el conteo')).toBeInTheDocument();
    const problems = within(dialog).getByRole('list', { name: 'Problemas de la hoja' });
    expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fila 3 · Clave: No existe un material con clave «MAT-X»',
      'Fila 4 · Cantidad contada: Debe ser un número',
    ]);
    expect(server.calls('POST', '/stock/counts/import')[0]!.params).toMatchObject({ workId: '7', mode: 'commit' });

    await userEvent.upload(sheet(), new File(['x'], 'conteo.xlsx'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conteo de inventario físico' })).not.toBeInTheDocument());
    expect(await screen.findByText('Conteo registrado: queda por aprobar')).toBeInTheDocument();
  });

  it('offers the opening-balance import only to stock edit', async () => {
    start({ create: false, edit: true });
    expect(await screen.findByRole('button', { name: 'Importar inventario inicial' })).toBeInTheDocument();
    dispose?.();
    dispose = null;
    start({ create: true, edit: false });
    await screen.findByText('Cemento gris');
    expect(screen.getByRole('button', { name: 'Enviar traspaso' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importar inventario inicial' })).not.toBeInTheDocument();
  });
});
