import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { listCommands } from '../../../src/lib/offline/outbox';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi } from '../../crud/fake-api';
import { listOf, newOrderFormRoutes } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';
import { cleanUpOfflineTests } from '../../offline-cleanup';

/*
 * Mis pedidos without signal: «Guardar» on a new order keeps it, with its photo, in the phone's
 * outbox (docs/offline.md) instead of losing it; a refusal by the server is still shown as before.
 */

vi.setConfig({ testTimeout: 90_000 });

const cleanup = cleanUpOfflineTests();

function start(postOrder: { status: number; data?: unknown }) {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
  const server = fakeApi({
    'GET /orders': listOf([]),
    ...newOrderFormRoutes(),
    'POST /orders': postOrder,
  });
  const view = renderRoute(<OrdersPage view="mine" />, '/pedidos/mis-pedidos', server.adapter);
  cleanup.rendered(view.dispose);
  return server;
}

async function fillNewOrder() {
  fireEvent.click(await screen.findByRole('button', { name: 'Nuevo' }));
  const form = await screen.findByRole('dialog', { name: 'Nuevo pedido' });
  await choose(within(form).getByLabelText(/^Obra/), 'OB-2 Torre Norte');
  fireEvent.click(within(form).getByRole('button', { name: 'Agregar partida' }));
  await choose(within(form).getByLabelText('Material (partida 1)'), 'Cemento gris');
  await userEvent.type(within(form).getByLabelText('Cantidad (partida 1)'), '6');
  fireEvent.input(within(form).getByLabelText(/^Fecha requerida/), { target: { value: '20/03/2030' } });
  return form;
}

describe('a new order saved without signal', () => {
  it('is kept in the outbox with its photo, the form closes and says so', async () => {
    // A gateway answering for an unreachable API: no API error body.
    const server = start({ status: 503 });
    const form = await fillNewOrder();
    await userEvent.upload(within(form).getByLabelText('Adjuntar fotos o cotización', { selector: 'input' }), [new File(['jpeg'], 'acceso.jpg', { type: 'image/jpeg' })]);
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Sin conexión: se guardó en este teléfono y se enviará cuando vuelva la señal')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo pedido' })).not.toBeInTheDocument());
    expect(server.calls('POST', '/orders')).toHaveLength(1);
    const [create, photo] = await listCommands(ADMIN_USER.id);
    expect(create).toMatchObject({ kind: 'createOrder', state: 'pending', summary: 'Pedido nuevo (1 partida)', body: { workId: 2, requiredDate: '2030-03-20', lines: [expect.objectContaining({ materialId: 10, quantity: 6 })] } });
    expect(create && 'body' in create ? create.body : null).not.toHaveProperty('documents');
    expect(photo).toMatchObject({ kind: 'attachFile', order: { clientId: create?.clientId }, name: 'acceso.jpg', type: 'image/jpeg', state: 'pending' });
  });

  it('the signal drops while the form is open: «Guardar» still keeps the order instead of waiting with its button spinning', async () => {
    const server = start({ status: 503 });
    const form = await fillNewOrder();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Sin conexión: se guardó en este teléfono y se enviará cuando vuelva la señal')).toBeInTheDocument();
    expect(server.calls('POST', '/orders')).toHaveLength(1);
    expect((await listCommands(ADMIN_USER.id)).map((c) => [c.kind, c.state])).toEqual([['createOrder', 'pending']]);
  });

  it('a refusal by the server is not kept: the form stays open with the message', async () => {
    start(apiError(400, 'Revisa los datos del formulario', { workId: 'La obra «OB-2 Torre Norte» está terminada' }));
    const form = await fillNewOrder();
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('La obra «OB-2 Torre Norte» está terminada')).toBeInTheDocument();
    expect(await listCommands(ADMIN_USER.id)).toEqual([]);
  });
});
