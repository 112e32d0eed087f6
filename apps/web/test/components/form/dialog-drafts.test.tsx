import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import IntegrationsPage from '../../../src/features/integrations/integrations-page';
import { settleDrafts } from '../../../src/lib/session/draft-keeper';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { listOf, orderLine, orderRecord } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

/*
 * Nothing typed is lost in the dialogs that keep their inputs in plain state (components/form/form-draft):
 * a dialog that closes because the session ended (no token any more) leaves what was typed, and the
 * page opens it again with it once the same person has signed in; a dialog closed in a live session
 * leaves nothing.
 */

vi.setConfig({ testTimeout: 90_000 });
const LOADED = { timeout: 20_000 };

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const sentOrder = orderRecord({ lines: [orderLine(11, 'Cemento gris', 20, 180)] });

function ordersPage() {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor() });
  const server = fakeApi({
    'GET /orders': listOf([sentOrder]),
    'GET /orders/1': { status: 200, data: { ...sentOrder, timeline: [] } },
    'GET /orders/1/approval': { status: 200, data: { reasons: [], request: null } },
  });
  dispose = renderRoute(<OrdersPage view="all" />, '/pedidos/historico', server.adapter).dispose;
}

function integrationsPage() {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor() });
  const server = fakeApi({
    'GET /api-keys': { status: 200, data: { items: [] } },
    'GET /webhooks': { status: 200, data: { items: [] } },
    'GET /webhooks/events': { status: 200, data: { items: [{ name: 'orders.created', label: 'Pedidos: creado' }] } },
    'GET /roles/options': { status: 200, data: { items: [{ value: 1, label: 'Administrador' }], hasMore: false } },
  });
  dispose = renderRoute(<IntegrationsPage />, '/configuracion/integraciones', server.adapter).dispose;
}

/** The session ends under the open page (a 401, inactivity): the token is gone, then the page leaves for /login. */
function sessionEnds() {
  localStorage.removeItem('token');
  dispose?.();
  dispose = null;
}

/** The same person signs in again (the login page settles the drafts) and is back on the page. */
function signsInAgain(page: () => void) {
  settleDrafts(ADMIN_USER.id);
  page();
}

/** «Rechazar» waits behind the row's «Más acciones», with the other destructive steps. */
async function openReject() {
  const row = (await screen.findByText('PED-000001', {}, LOADED)).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Más acciones' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Rechazar', hidden: true }));
}

describe('dialogs keep what was typed across the end of the session', () => {
  it('an order’s «Rechazar» comment: the dialog opens again with it after signing in again', async () => {
    ordersPage();
    await openReject();
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar: PED-000001' });
    await userEvent.type(within(dialog).getByLabelText(/^Comentario/), 'Precio fuera de mercado');

    sessionEnds();
    signsInAgain(ordersPage);

    const again = await screen.findByRole('dialog', { name: 'Rechazar: PED-000001' }, LOADED);
    expect(within(again).getByLabelText(/^Comentario/)).toHaveValue('Precio fuera de mercado');
    expect(await screen.findByText('Recuperamos lo que estabas capturando')).toBeInTheDocument();
  });

  it('a comment left in a live session is not brought back', async () => {
    ordersPage();
    await openReject();
    await userEvent.type(within(await screen.findByRole('dialog', { name: 'Rechazar: PED-000001' })).getByLabelText(/^Comentario/), 'Borrador');
    dispose?.();
    dispose = null;

    signsInAgain(ordersPage);
    expect(await screen.findByText('PED-000001', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Rechazar: PED-000001' })).not.toBeInTheDocument();
  });

  it('a new webhook: URL, description and events come back in the reopened dialog', async () => {
    integrationsPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo webhook' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo webhook' });
    await userEvent.type(within(dialog).getByLabelText(/^URL/), 'https://erp.example.com/goc');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Pedidos: creado|creado/ }));

    sessionEnds();
    signsInAgain(integrationsPage);

    const again = await screen.findByRole('dialog', { name: 'Nuevo webhook' }, LOADED);
    expect(within(again).getByLabelText(/^URL/)).toHaveValue('https://erp.example.com/goc');
    expect(await within(again).findByRole('checkbox', { name: /Pedidos: creado|creado/ })).toBeChecked();
    expect(await screen.findByText('Recuperamos lo que estabas capturando')).toBeInTheDocument();
  });
});
