import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoicesPanel } from '../../../src/features/orders/invoices-panel';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';

/*
 * CFDI stays online-only (issue 45, docs/offline.md): without signal «Registrar factura» and «Quitar
 * factura» are disabled and say why, with the words of every other online-only action, and nothing
 * is sent; back online they work again.
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
