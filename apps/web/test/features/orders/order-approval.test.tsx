import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { APPROVAL_MESSAGES } from '@goc/contracts';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi, type FakeApi, type FakeRoute } from '../../crud/fake-api';
import { listOf, orderLine, orderRecord } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

/* What a sent order needs from Dirección, in the Autorizar dialog and the detail, and Compras's request. */

const ORDER = orderRecord({ needsApproval: true, lines: [orderLine(11, 'Varilla 3/8"', 10000, 120.5)] });
const OVER_LIMIT = APPROVAL_MESSAGES.overLimit(1_000_000);
const OVER_BUDGET = APPROVAL_MESSAGES.overBudget('Torre Norte', 10_000);

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start(reasons: { kind: string; message: string }[], canApprove: boolean, routes: Record<string, FakeRoute | ReturnType<typeof apiError>> = {}): FakeApi {
  const modules: Parameters<typeof permissionsFor>[0] = canApprove ? ['history', 'orders_approval'] : ['history'];
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(modules, { view: true, create: true, edit: true, delete: true }) });
  const server = fakeApi({
    'GET /orders': listOf([ORDER]),
    'GET /orders/1': { status: 200, data: { ...ORDER, timeline: [] } },
    'GET /orders/1/approval': { status: 200, data: { reasons, canApprove } },
    'GET /orders/budget': { status: 200, data: { scope: 'obra', name: 'Torre Norte', budget: 1200000, committed: 5000, available: 1195000 } },
    'POST /orders/1/transitions': { status: 200, data: { ...ORDER, status: { id: 3, code: 'autorizado', name: 'Autorizado', color: 'success' }, version: 6 } },
    ...routes,
  });
  dispose = renderRoute(<OrdersPage view="all" />, '/pedidos/historico', server.adapter).dispose;
  return server;
}

async function openAuthorise() {
  const row = (await screen.findByText('PED-000001')).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: 'Autorizar' }));
  return screen.findByRole('dialog', { name: 'Autorizar: PED-000001' });
}

describe('Autorizar', () => {
  it('says before the click what the order needs, and asks Dirección the justification from the start: one request', async () => {
    const server = start([{ kind: 'presupuesto', message: OVER_BUDGET }], true);
    const dialog = await openAuthorise();
    expect(await within(dialog).findByText(OVER_BUDGET)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Justificación de Dirección/), { target: { value: 'Ampliación aprobada por el cliente' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Autorizar' }));
    await waitFor(() => expect(server.calls('POST', '/orders/1/transitions')).toHaveLength(1));
    expect(server.calls('POST', '/orders/1/transitions')[0]!.body).toMatchObject({ to: 'autorizado', overBudget: { comment: 'Ampliación aprobada por el cliente' } });
  });

  it('tells purchasing the limit it needs Dirección for', async () => {
    start([{ kind: 'limite', message: OVER_LIMIT }], false);
    const dialog = await openAuthorise();
    expect(await within(dialog).findByText(OVER_LIMIT)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Justificación de Dirección/)).not.toBeInTheDocument();
  });
});

describe('the detail', () => {
  it('offers purchasing «Solicitar aprobación a Dirección»: the comment is required, the server’s message stays by it, then it is sent', async () => {
    let calls = 0;
    const server = start([{ kind: 'limite', message: OVER_LIMIT }], false, {
      'POST /orders/1/approval-request': () => {
        calls += 1;
        return calls === 1 ? apiError(400, 'Datos inválidos', { comment: APPROVAL_MESSAGES.comment }) : { status: 204 };
      },
    });
    fireEvent.click(await screen.findByText('PED-000001'));
    const detail = await screen.findByRole('dialog', { name: 'Pedido PED-000001' });
    expect(await within(detail).findByText(OVER_LIMIT)).toBeInTheDocument();
    fireEvent.click(within(detail).getByRole('button', { name: 'Solicitar aprobación a Dirección' }));
    const ask = await screen.findByRole('dialog', { name: 'Solicitar aprobación a Dirección' });
    fireEvent.change(within(ask).getByLabelText(/^Comentario para Dirección/), { target: { value: 'ok' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(ask).findByText(APPROVAL_MESSAGES.comment)).toBeInTheDocument();
    fireEvent.change(within(ask).getByLabelText(/^Comentario para Dirección/), { target: { value: 'ok: proveedor único' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Solicitud de aprobación del pedido PED-000001 enviada a Dirección')).toBeInTheDocument();
    expect(server.calls('POST', '/orders/1/approval-request').map((r) => r.body)).toEqual([{ comment: 'ok' }, { comment: 'ok: proveedor único' }]);
  });

  it('does not offer the request to Dirección, who approves it', async () => {
    start([{ kind: 'limite', message: OVER_LIMIT }], true);
    fireEvent.click(await screen.findByText('PED-000001'));
    const detail = await screen.findByRole('dialog', { name: 'Pedido PED-000001' });
    expect(await within(detail).findByText(OVER_LIMIT)).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Solicitar aprobación a Dirección' })).not.toBeInTheDocument();
  });
});
