import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineResource, f, WORKFLOW_MESSAGES } from '@goc/contracts';
import { CrudPage } from '../../../src/components/list/crud-page';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi, type FakeApi } from '../../crud/fake-api';
import { listOf } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

/** A business resource as the pedidos module will declare one: two views, row guards and a workflow. */
const requests = defineResource({
  key: 'orders',
  resource: '/orders',
  module: 'my_orders',
  nouns: { singular: 'pedido', plural: 'pedidos', article: 'el' },
  fields: {
    folio: f.text({ label: 'Folio', required: true }),
    statusId: f.status({ label: 'Estatus', target: 'orderStatuses', displayKey: 'status' }),
    requesterId: f.reference({ label: 'Solicitante', required: true, target: 'users', displayKey: 'requester' }),
  },
  label: { fields: ['folio'] },
  defaultSort: '-createdAt',
  views: { mine: { label: 'Mis pedidos', module: 'my_orders' }, all: { label: 'Histórico', module: 'history' } },
  guards: {
    edit: (row, actor) => (row.status.code !== 'borrador' ? 'Solo se edita un borrador' : row.requesterId !== actor.userId ? 'Solo lo edita quien lo pidió' : null),
    delete: (row) => (row.status.code !== 'borrador' ? 'Solo se elimina un borrador' : null),
  },
  workflow: {
    statusField: 'statusId',
    statusKey: 'status',
    ownerField: 'requesterId',
    actions: [
      { to: 'enviado', label: 'Enviar', icon: 'pi pi-send', from: ['borrador'], permission: { module: 'my_orders', action: 'edit' }, ownerOnly: true, confirm: '¿Enviar el pedido?' },
      { to: 'rechazado', label: 'Rechazar', icon: 'pi pi-times', severity: 'danger', from: ['enviado'], permission: { module: 'history', action: 'edit' }, commentRequired: true },
    ],
  },
});

const STAMP = '2026-03-01T10:00:00.000Z';
const status = (id: number, code: string, name: string) => ({ id, code, name, color: 'info' });
const order = (id: number, requesterId: number, st: ReturnType<typeof status>) => ({
  id,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: 3,
  folio: `PED-00000${id}`,
  statusId: st.id,
  status: st,
  requesterId,
  requester: { id: requesterId, label: requesterId === ADMIN_USER.id ? 'admin' : 'compras' },
});
/** Mine and a draft; someone else's and sent. */
const ROWS = [order(1, ADMIN_USER.id, status(1, 'borrador', 'Borrador')), order(2, 7, status(2, 'enviado', 'Enviado'))];

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start(modules: { name: string; edit: boolean }[], routes: Parameters<typeof fakeApi>[0] = {}): FakeApi {
  seedSession({ permissions: modules.flatMap(({ name, edit }) => permissionsFor([name], { view: true, create: true, edit, delete: true })) });
  const server = fakeApi({ 'GET /orders': listOf(ROWS), ...routes });
  const view = renderRoute(<CrudPage resource={requests} baseParams={{ scope: 'mine' }} />, '/pedidos', server.adapter);
  dispose = view.dispose;
  return server;
}

const rowOf = async (folio: string) => (await screen.findByText(folio)).closest('tr')!;
const buttonsOf = (row: HTMLElement) => within(row).queryAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);
/** The row's «Más acciones» menu: its items, the destructive ones after a separator. */
async function menuOf(row: HTMLElement) {
  fireEvent.click(within(row).getByRole('button', { name: 'Más acciones' }));
  const menu = await screen.findByRole('menu', { hidden: true });
  await within(menu).findAllByRole('menuitem', { hidden: true });
  return [...menu.querySelectorAll('[role=menuitem], [role=separator]')].map((item) => (item.getAttribute('role') === 'separator' ? '—' : item.textContent));
}
const closeMenu = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' });

describe('list page of a business resource', () => {
  it('sends the view’s scope with the list, and the export carries it too', async () => {
    const server = start([{ name: 'my_orders', edit: true }], { 'GET /orders/export': { status: 200, data: 'x' } });
    await screen.findByText('PED-000001');
    expect(server.calls('GET', '/orders')[0]!.params).toMatchObject({ scope: 'mine', page: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Exportar a CSV lo filtrado' }));
    await waitFor(() => expect(server.calls('GET', '/orders/export')).toHaveLength(1));
    expect(server.calls('GET', '/orders/export')[0]!.params).toMatchObject({ scope: 'mine', format: 'csv' });
  });

  it('offers on each row only what its status, owner, guards and the user’s permissions allow', async () => {
    start([
      { name: 'my_orders', edit: true },
      { name: 'history', edit: true },
    ]);
    // The steps that fit the status are labelled buttons; the rest wait in the menu, destructive ones apart and last.
    const draft = await rowOf('PED-000001');
    expect(buttonsOf(draft)).toEqual(['Enviar', 'Editar', 'Más acciones']);
    expect(await menuOf(draft)).toEqual(['Historial', '—', 'Eliminar']);
    expect(screen.getByRole('menuitem', { name: 'Eliminar', hidden: true })).toHaveClass('goc-menu-danger');
    closeMenu();
    const sent = await rowOf('PED-000002');
    expect(buttonsOf(sent)).toEqual(['Más acciones']);
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull());
    expect(await menuOf(sent)).toEqual(['Historial', '—', 'Rechazar']);
  });

  it('without the history module’s edit flag nobody can reject', async () => {
    start([{ name: 'my_orders', edit: true }]);
    expect(await menuOf(await rowOf('PED-000002'))).toEqual(['Historial']);
  });
});

describe('transition dialog', () => {
  it('asks the declared question and posts the move with the version read', async () => {
    const server = start([{ name: 'my_orders', edit: true }], {
      'POST /orders/1/transitions': { status: 200, data: { ...ROWS[0], version: 4, status: status(2, 'enviado', 'Enviado') } },
    });
    fireEvent.click(within(await rowOf('PED-000001')).getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar: PED-000001' });
    expect(dialog).toHaveTextContent('¿Enviar el pedido? PED-000001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(1));
    expect(server.calls('POST', '/orders/1/transitions')[0]!.body).toEqual({ to: 'enviado', version: 3, comment: null });
    expect(await screen.findByText('Pedido PED-000001 enviado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('requires the comment when the action says so, and shows the 409 of a record moved meanwhile', async () => {
    const server = start([{ name: 'history', edit: true }, { name: 'my_orders', edit: false }], {
      'POST /orders/2/transitions': apiError(409, 'El registro fue modificado por otro usuario'),
    });
    await menuOf(await rowOf('PED-000002'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rechazar', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar: PED-000002' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText(WORKFLOW_MESSAGES.commentRequired)).toBeInTheDocument();
    expect(server.calls('POST', '/orders/2/transitions')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Comentario/), 'Precio fuera de presupuesto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('El registro fue modificado por otro usuario')).toBeInTheDocument();
    expect(server.calls('POST', '/orders/2/transitions')[0]!.body).toEqual({ to: 'rechazado', version: 3, comment: 'Precio fuera de presupuesto' });
    expect(screen.getByRole('dialog', { name: 'Rechazar: PED-000002' })).toBeInTheDocument();
  });
});
