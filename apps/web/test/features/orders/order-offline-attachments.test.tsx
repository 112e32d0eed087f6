import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { IDEMPOTENCY_KEY_HEADER } from '@goc/contracts';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { api } from '../../../src/lib/api/client';
import { refreshMyOrders } from '../../../src/lib/offline/my-orders';
import { flushOutbox, listCommands } from '../../../src/lib/offline/outbox';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { listOf, orderRecord } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';
import { cleanUpOfflineTests } from '../../offline-cleanup';

/*
 * Photos and PDFs for an order the server has, chosen without signal (issue 45, docs/offline.md):
 * its detail in Mis Pedidos says the detail needs the server and keeps the files in the outbox,
 * listed as pending on the order; back online each goes up once, with its own Idempotency-Key.
 */

vi.setConfig({ testTimeout: 60_000 });

const USER = ADMIN_USER.id;
const cleanup = cleanUpOfflineTests();

const sent = orderRecord({ id: 12, folio: 'PED-000012', createdAt: new Date().toISOString() });

describe('attaching to an order the server has, without signal', () => {
  it('keeps the chosen files for that order, shows them pending on it, and uploads each once when the signal returns', async () => {
    seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
    api.defaults.adapter = fakeApi({ 'GET /orders': listOf([sent]) }).adapter;
    await refreshMyOrders(USER);
    // No signal: the detail's request waits paused, the list answers from the phone.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = fakeApi({ 'GET /orders': { status: 503 }, 'GET /orders/12': { status: 503 }, 'GET /orders/budget': { status: 503 }, 'POST /attachments': { status: 503 } });
    cleanup.rendered(renderRoute(<OrdersPage view="mine" />, '/pedidos/mis-pedidos', offline.adapter).dispose);

    fireEvent.click(await screen.findByText('PED-000012'));
    const detail = await screen.findByRole('dialog', { name: 'Pedido PED-000012' });
    expect(
      await within(detail).findByText('Sin conexión: el detalle del pedido necesita el servidor. Puedes adjuntarle fotos y PDF; se enviarán cuando vuelva la señal.'),
    ).toBeInTheDocument();
    const quote = new File(['%PDF-1.4 cotización'], 'cotizacion.pdf', { type: 'application/pdf' });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'acceso.jpg', { type: 'image/jpeg' });
    fireEvent.change(await within(detail).findByLabelText('Adjuntar fotos o PDF', { selector: 'input' }), { target: { files: [quote, photo] } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Guardar 2 archivos en el teléfono' }));

    expect(await screen.findByText('Sin conexión: se guardó en este teléfono y se enviará cuando vuelva la señal')).toBeInTheDocument();
    const pending = await within(detail).findByRole('region', { name: 'Adjuntos sin enviar' });
    await waitFor(() => expect(within(pending).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['cotizacion.pdfPendiente', 'acceso.jpgPendiente']));
    const kept = await listCommands(USER);
    expect(kept).toMatchObject([
      { kind: 'attachFile', order: { id: 12 }, name: 'cotizacion.pdf', type: 'application/pdf', state: 'pending', summary: 'Adjuntar «cotizacion.pdf» a PED-000012' },
      { kind: 'attachFile', order: { id: 12 }, name: 'acceso.jpg', state: 'pending' },
    ]);
    expect(new Set(kept.map((c) => c.idempotencyKey)).size).toBe(2);
    expect(offline.calls('POST', '/attachments')).toHaveLength(0);
    // The order's row says so too, beside its paperclip.
    const row = screen.getByText('PED-000012').closest('tr')!;
    expect(await within(row).findByText('2 documentos por enviar desde este teléfono')).toBeInTheDocument();

    // The signal returns: each file goes up once, to that order, with the key it was kept with.
    onLine.mockRestore();
    const keys: string[] = [];
    const online = fakeApi({ 'POST /attachments': () => ({ status: 201, data: { id: 40 + keys.length } }) });
    const adapter: AxiosAdapter = (config) => {
      keys.push(String(config.headers[IDEMPOTENCY_KEY_HEADER]));
      return online.adapter(config);
    };
    api.defaults.adapter = adapter;
    await flushOutbox(USER);
    expect(online.calls('POST', '/attachments').map((r) => r.params)).toEqual([
      { resource: 'orders', recordId: '12' },
      { resource: 'orders', recordId: '12' },
    ]);
    expect(online.calls('POST', '/attachments').map((r) => (r.body as FormData).get('file') instanceof Blob)).toEqual([true, true]);
    expect(keys).toEqual(kept.map((c) => c.idempotencyKey));
    expect((await listCommands(USER)).map((c) => c.state)).toEqual(['sent', 'sent']);
    await waitFor(() => expect(within(detail).queryByRole('region', { name: 'Adjuntos sin enviar' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(row).queryByText('2 documentos por enviar desde este teléfono')).not.toBeInTheDocument());
  });
});
