import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistryCut } from '@goc/contracts';
import { InvoicesPanel } from '../../../src/features/orders/invoices-panel';
import { CutCloseButton } from '../../../src/features/registry/cut-close-button';
import type { ResourceRow } from '../../../src/components/list/resource-types';
import { LabelledRowActions, RowActions, useRowActionsMenu, type RowAction } from '../../../src/components/list/row-actions';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';

/*
 * CFDI and the registry stay online-only (issue 45, docs/offline.md): without signal «Registrar
 * factura», «Quitar factura» and «Cerrar corte» are disabled and say why, with the words of every
 * other online-only action, and nothing is sent; back online they work again.
 */

const INVOICE = {
  id: 3,
  uuid: 'A1B2C3D4-0000-4000-8000-000000000001',
  series: 'F',
  folio: '77',
  issuedAt: '2026-11-20T10:00:00',
  issuerRfc: 'AAA010101AAA',
  issuerName: 'Materiales del Centro',
  receiverRfc: 'GOC010101AAA',
  subtotal: 100,
  discount: 0,
  taxes: 16,
  total: 116,
  currency: 'MXN',
  exchangeRate: null,
  amountMxn: 100,
  hasPdf: false,
  createdAt: '2026-11-20T16:00:00.000Z',
  createdBy: null,
};
const LIST = { items: [INVOICE], match: { status: 'coincide', invoiced: 100, received: 100, difference: 0 }, invoiceStatus: 'facturado', canEdit: true };

let online = false;
let dispose: (() => void) | null = null;
beforeEach(() => {
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  dispose?.();
  dispose = null;
  vi.restoreAllMocks();
});

function start() {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['history']) });
  const server = fakeApi({ 'GET /orders/1/invoices': { status: 200, data: LIST }, 'POST /orders/1/invoices': { status: 201, data: { ...INVOICE, match: LIST.match } } });
  dispose = renderRoute(<InvoicesPanel orderId={1} invoiceable />, '/pedidos/historico', server.adapter).dispose;
  return server;
}

describe('the CFDI panel without signal', () => {
  it('disables «Registrar factura» and «Quitar factura», named as needing the connection, and sends nothing', async () => {
    const server = start();
    await userEvent.upload(await screen.findByLabelText('XML del CFDI'), new File(['<cfdi/>'], 'factura.xml', { type: 'text/xml' }));

    const upload = screen.getByRole('button', { name: 'Registrar factura (requiere conexión)' });
    expect(upload).toBeDisabled();
    fireEvent.submit(upload.closest('form') as HTMLFormElement);
    const remove = screen.getByRole('button', { name: `Quitar factura ${INVOICE.uuid} (requiere conexión)` });
    expect(remove).toBeDisabled();
    fireEvent.click(remove);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.calls('POST', '/orders/1/invoices')).toHaveLength(0);

    online = true;
    fireEvent(window, new Event('online'));
    const enabled = await screen.findByRole('button', { name: 'Registrar factura' });
    expect(enabled).toBeEnabled();
    fireEvent.click(enabled);
    await waitFor(() => expect(server.calls('POST', '/orders/1/invoices')).toHaveLength(1));
  });
});

describe('closing a weekly cut without signal', () => {
  it('«Cerrar corte» is disabled, named as needing the connection, and asks nothing until the signal returns', async () => {
    seedSession({ user: ADMIN_USER, permissions: permissionsFor(['registry_history'], { view: true, create: true, edit: true, delete: true }) });
    const cut = { id: 7, version: 2, label: '2026-S47', startDate: '2026-11-16', endDate: '2026-11-22', status: 'abierto' } as unknown as RegistryCut;
    const server = fakeApi({});
    dispose = renderRoute(<CutCloseButton cut={cut} />, '/altas-bajas/cortes/7', server.adapter).dispose;

    const close = await screen.findByRole('button', { name: 'Cerrar corte (requiere conexión)' });
    expect(close).toBeDisabled();
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    online = true;
    fireEvent(window, new Event('online'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar corte' }));
    const ask = await screen.findByRole('dialog', { name: 'Cerrar corte' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

/** A row whose «Autorizar» needs the connection and goes away once the order moved on. */
function Row({ shown }: { shown: boolean }) {
  const actions: RowAction[] = [{ key: 'authorise', icon: 'pi pi-check', label: 'Autorizar', prominent: true, needsConnection: true, onClick: () => undefined, visible: () => shown }];
  const menu = useRowActionsMenu(actions, { overflow: true });
  const row = { id: 1 } as ResourceRow;
  return (
    <>
      <LabelledRowActions row={row} actions={actions} menu={menu} />
      <RowActions row={row} actions={actions} />
    </>
  );
}

describe('a row action that needed the connection', () => {
  it('back online, then gone with the row\'s new state: the row redraws without breaking', () => {
    const view = render(<Row shown />);
    expect(screen.getAllByRole('button', { name: 'Autorizar (requiere conexión)' })).toHaveLength(2);
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getAllByRole('button', { name: 'Autorizar' })).toHaveLength(2);
    view.rerender(<Row shown={false} />);
    expect(screen.queryByRole('button', { name: /Autorizar/ })).not.toBeInTheDocument();
    view.unmount();
  });
});
