import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { IDEMPOTENCY_KEY_HEADER } from '@goc/contracts';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { api } from '../../../src/lib/api/client';
import { refreshMyOrders } from '../../../src/lib/offline/my-orders';
import { enqueue, flushOutbox, listCommands } from '../../../src/lib/offline/outbox';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi } from '../../crud/fake-api';
import { listOf, newOrderFormRoutes, orderRecord } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';
import { cleanUpOfflineTests } from '../../offline-cleanup';

/*
 * A new order kept on the phone that the server refused (issue 45 item 4, docs/offline.md): opened
 * from «Cambios sin enviar» in its form, with what was queued and the server's message; «Guardar»
 * puts the corrected order back in the outbox with a new Idempotency-Key (the refusal stays with the
 * old one) and it is sent once, its photo after it.
 */

vi.setConfig({ testTimeout: 90_000 });

const USER = ADMIN_USER.id;
// Typed offline with a date still valid then, sent once that day had passed: the server refuses it.
const KEPT = { workId: 2, requiredDate: '2026-01-15', lines: [{ materialId: 10, quantity: 6 }] };
const PAST = 'La fecha requerida no puede ser anterior a hoy (28 de noviembre de 2026)';

const cleanup = cleanUpOfflineTests();

/** The outbox holds the refused order and its photo; the page opens at Mis Pedidos?corregir=<its seq>. */
async function start() {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
  const keys: string[] = [];
  const server = fakeApi({
    'GET /orders': listOf([]),
    ...newOrderFormRoutes(),
    'POST /orders': (request) =>
      (request.body as { requiredDate: string }).requiredDate < '2026-11-28'
        ? apiError(400, 'Revisa los datos del formulario', { requiredDate: PAST })
        : { status: 201, data: { id: 31, version: 1, folio: 'PED-000031' } },
    'POST /attachments': { status: 201, data: { id: 5 } },
  });
  const adapter: AxiosAdapter = (config) => {
    if (config.method === 'post' && config.url === '/orders') keys.push(String(config.headers[IDEMPOTENCY_KEY_HEADER]));
    return server.adapter(config);
  };
  api.defaults.adapter = adapter;
  const clientId = await enqueue(USER, { kind: 'createOrder', body: KEPT }, 'Pedido nuevo (1 partida)');
  await enqueue(USER, { kind: 'attachFile', order: { clientId }, bytes: new Uint8Array([1, 2]).buffer, type: 'image/jpeg', name: 'acceso.jpg' }, 'Adjuntar «acceso.jpg»');
  await flushOutbox(USER);
  const [refused] = await listCommands(USER);
  expect(refused).toMatchObject({ state: 'failed', message: `Revisa los datos del formulario: ${PAST}` });
  cleanup.rendered(renderRoute(<OrdersPage view="mine" />, `/pedidos/mis-pedidos?corregir=${refused?.seq}`, adapter).dispose);
  return { server, keys, refused: refused! };
}

describe('correcting a refused order kept on the phone', () => {
  it('opens its form with what was queued and why it was refused; «Guardar» sends the corrected order once, with a new key, and then its photo', async () => {
    const { server, keys, refused } = await start();
    const form = await screen.findByRole('dialog', { name: 'Corregir pedido sin enviar' });
    expect(within(form).getByText(`Revisa los datos del formulario: ${PAST}`)).toBeInTheDocument();
    expect(within(form).getByText('El archivo que adjuntaste se enviará con el pedido.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText(/^Obra/)).toHaveValue('OB-2 Torre Norte'));
    expect(within(form).getByLabelText('Cantidad (partida 1)')).toHaveValue('6');

    fireEvent.input(within(form).getByLabelText(/^Fecha requerida/), { target: { value: '20/03/2030' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Pedido corregido: se enviará de nuevo con tus cambios')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Corregir pedido sin enviar' })).not.toBeInTheDocument());
    await waitFor(async () => expect((await listCommands(USER)).map((c) => c.state)).toEqual(['sent', 'sent']));
    const posts = server.calls('POST', '/orders');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toMatchObject({ workId: 2, requiredDate: '2030-03-20', lines: [expect.objectContaining({ materialId: 10, quantity: 6 })] });
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[0]).toBe(refused.idempotencyKey);
    const [sent] = await listCommands(USER);
    expect(sent).toMatchObject({ idempotencyKey: keys[1], summary: 'Pedido nuevo (1 partida)', result: { id: 31, folio: 'PED-000031' } });
    expect(server.calls('POST', '/attachments')).toHaveLength(1);
    expect(server.calls('POST', '/attachments')[0]?.params).toMatchObject({ recordId: '31' });
  });

  it('a change no longer waiting for a correction (sent or discarded meanwhile) says so and opens nothing', async () => {
    seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
    const server = fakeApi({ 'GET /orders': listOf([]) });
    cleanup.rendered(renderRoute(<OrdersPage view="mine" />, '/pedidos/mis-pedidos?corregir=4', server.adapter).dispose);
    expect(await screen.findByText('Ese cambio ya no está pendiente en este teléfono')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Corregir pedido sin enviar' })).not.toBeInTheDocument();
  });

  it('a refused edit of a draft opens the draft\'s form with the queued values and the server\'s field messages; «Guardar» queues it again with a new key, on the version it was made on', async () => {
    seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
    const draft = orderRecord({
      id: 21,
      version: 3,
      folio: 'PED-000021',
      createdAt: new Date().toISOString(),
      requiredDate: '2030-01-10',
      requestedById: ADMIN_USER.id,
      status: { id: 1, code: 'borrador', name: 'Borrador', color: 'secondary' },
      lines: [{ id: 1, materialId: 10, material: { id: 10, label: 'Cemento gris' }, quantity: 6, unitId: 1, unit: { id: 1, label: 'bulto' }, unitPrice: null, amount: null, receivedQuantity: 0, notes: null }],
    });
    const keys: string[] = [];
    const server = fakeApi({
      'GET /orders': listOf([draft]),
      ...newOrderFormRoutes(),
      'PATCH /orders/21': (request) =>
        (request.body as { requiredDate?: string }).requiredDate === '2026-01-15'
          ? apiError(400, 'Revisa los datos del formulario', { requiredDate: PAST })
          : { status: 200, data: { ...draft, version: 4 } },
    });
    const adapter: AxiosAdapter = (config) => {
      if (config.method === 'patch') keys.push(String(config.headers[IDEMPOTENCY_KEY_HEADER]));
      return server.adapter(config);
    };
    api.defaults.adapter = adapter;
    await refreshMyOrders(USER);
    // Edited without signal: the notes and a date still valid then; refused once sent.
    await enqueue(USER, { kind: 'updateOrder', order: { id: 21 }, version: 3, body: { notes: 'Entregar por la puerta 2', requiredDate: '2026-01-15' } }, 'Cambios al pedido PED-000021');
    await flushOutbox(USER);
    const [refused] = await listCommands(USER);
    expect(refused).toMatchObject({ state: 'failed', fields: { requiredDate: PAST } });
    cleanup.rendered(renderRoute(<OrdersPage view="mine" />, `/pedidos/mis-pedidos?corregir=${refused?.seq}`, adapter).dispose);

    const form = await screen.findByRole('dialog', { name: 'Corregir cambios sin enviar de PED-000021' });
    expect(within(form).getByText(`Revisa los datos del formulario: ${PAST}`)).toBeInTheDocument();
    // The server's message beside its field, the queued values in the draft's form.
    const date = within(form).getByLabelText(/^Fecha requerida/);
    await waitFor(() => expect(document.getElementById(`${date.id}-error`)).toHaveTextContent(PAST));
    expect(within(form).getByRole('textbox', { name: /^Notas(?! \(partida)/ })).toHaveValue('Entregar por la puerta 2');
    expect(within(form).getByLabelText(/^Fecha requerida/)).toHaveValue('15/01/2026');
    await waitFor(() => expect(within(form).getByLabelText(/^Obra/)).toHaveValue('OB-2 Torre Norte'));
    expect(within(form).getByLabelText('Cantidad (partida 1)')).toHaveValue('6');
    // What the server sets reads as the draft shows it, not as ids.
    expect(within(form).getByLabelText('Estatus')).toHaveValue('Borrador');
    expect(within(form).getByLabelText('Solicitante')).toHaveValue('residente');

    fireEvent.input(within(form).getByLabelText(/^Fecha requerida/), { target: { value: '20/03/2030' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Cambios corregidos: se enviarán de nuevo')).toBeInTheDocument();
    await waitFor(async () => expect((await listCommands(USER)).map((c) => c.state)).toEqual(['sent']));
    const patches = server.calls('PATCH', '/orders/21');
    expect(patches).toHaveLength(2);
    expect(patches[1]?.body).toEqual({ version: 3, notes: 'Entregar por la puerta 2', requiredDate: '2030-03-20' });
    expect(keys).toEqual([refused!.idempotencyKey, expect.any(String)]);
    expect(keys[1]).not.toBe(keys[0]);
    expect((await listCommands(USER))[0]).toMatchObject({ kind: 'updateOrder', idempotencyKey: keys[1], summary: 'Cambios al pedido PED-000021', result: { id: 21, version: 4 } });
  });
});
