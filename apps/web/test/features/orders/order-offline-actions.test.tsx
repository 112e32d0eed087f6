import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { listCommands } from '../../../src/lib/offline/outbox';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { listOf, orderRecord } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';
import { cleanUpOfflineTests } from '../../offline-cleanup';

/*
 * Without signal (docs/offline.md): a requester's draft is still sent for authorisation — kept in the
 * outbox with the version the list showed — while the office's steps, which need the server, are
 * disabled and say why.
 */

const STATUSES = {
  borrador: { id: 1, code: 'borrador', name: 'Borrador', color: 'secondary' },
  enviado: { id: 2, code: 'enviado', name: 'Enviado', color: 'info' },
} as const;

const order = (status: keyof typeof STATUSES) => orderRecord({ status: STATUSES[status], requestedById: ADMIN_USER.id, requestedBy: { id: ADMIN_USER.id, label: 'admin' } });

beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
const cleanup = cleanUpOfflineTests();

function start(status: keyof typeof STATUSES, view: 'mine' | 'all') {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['history', 'my_orders'], { view: true, create: true, edit: true, delete: true }) });
  const server = fakeApi({ 'GET /orders': listOf([order(status)]), 'GET /orders/budget': { status: 200, data: null } });
  const rendered = renderRoute(<OrdersPage view={view} />, view === 'mine' ? '/pedidos/mis-pedidos' : '/pedidos/historico', server.adapter);
  cleanup.rendered(rendered.dispose);
  return server;
}

describe('order steps without signal', () => {
  it('«Enviar» on a draft keeps the send in the outbox with the version shown, and says so', async () => {
    const server = start('borrador', 'mine');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Sin conexión: se guardó en este teléfono y se enviará cuando vuelva la señal')).toBeInTheDocument();
    await waitFor(async () => expect(await listCommands(ADMIN_USER.id)).toHaveLength(1));
    expect((await listCommands(ADMIN_USER.id))[0]).toMatchObject({ kind: 'sendOrder', order: { id: 1 }, version: 5, state: 'pending', summary: 'Enviar a autorización: PED-000001' });
    expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(0);
  });

  it('«Autorizar» needs the server: disabled, named as needing the connection, and sends nothing', async () => {
    const server = start('enviado', 'all');
    const authorise = await screen.findByRole('button', { name: 'Autorizar (requiere conexión)' });
    expect(authorise).toBeDisabled();
    fireEvent.click(authorise);
    expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(0);
    expect(await listCommands(ADMIN_USER.id)).toHaveLength(0);
  });

  it('back online, «Autorizar» is offered again', async () => {
    start('enviado', 'all');
    await screen.findByRole('button', { name: 'Autorizar (requiere conexión)' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fireEvent(window, new Event('online'));
    expect(await screen.findByRole('button', { name: 'Autorizar' })).toBeEnabled();
  });
});
