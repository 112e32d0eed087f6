import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addBusinessDays, businessToday, ORDERABLE_WORK_STATUSES } from '@goc/contracts';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { api } from '../../../src/lib/api/client';
import { MY_ORDERS_FULL_REFRESH_MS, refreshMyOrders } from '../../../src/lib/offline/my-orders';
import { rememberOptions } from '../../../src/lib/offline/site-data';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi, type FakeRequest } from '../../crud/fake-api';
import { listOf, orderRecord } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';
import { cleanUpOfflineTests } from '../../offline-cleanup';

/*
 * Mis Pedidos without signal (docs/offline.md): the user's orders of the last 90 days, kept on the
 * phone while online and refreshed with what changed since, are listed when the server cannot be reached.
 */

vi.setConfig({ testTimeout: 60_000 });

const cleanup = cleanUpOfflineTests();

const DAY = 24 * 3_600_000;
const recent = orderRecord({ id: 1, folio: 'PED-000001', createdAt: new Date(Date.now() - 2 * DAY).toISOString() });
const older = orderRecord({ id: 2, folio: 'PED-000002', createdAt: new Date(Date.now() - 100 * DAY).toISOString() });
const filtersOf = (request: FakeRequest | undefined) => JSON.parse(request?.params.filters ?? '{}') as Record<string, { constraints: { matchMode: string; value: string }[] }>;

/** Keeps the orders the server lists (online), then renders Mis Pedidos with the server unreachable. */
async function keepThenGoOffline(listed: unknown[], path = '/pedidos/mis-pedidos') {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
  const online = fakeApi({ 'GET /orders': listOf(listed) });
  api.defaults.adapter = online.adapter;
  await refreshMyOrders(ADMIN_USER.id);
  // A gateway answering for an unreachable API: no API error body.
  const offline = fakeApi({ 'GET /orders': { status: 503 }, 'GET /orders/budget': { status: 503 }, 'GET /works/options': { status: 503 } });
  const view = renderRoute(<OrdersPage view="mine" />, path, offline.adapter);
  cleanup.rendered(view.dispose);
  return { online, offline, view };
}

describe('Mis Pedidos without signal', () => {
  it('lists the orders of the last 90 days kept on the phone instead of an error', async () => {
    const { online, offline } = await keepThenGoOffline([recent, older]);
    const [request] = online.calls('GET', '/orders');
    expect(request?.params.scope).toBe('mine');
    expect(filtersOf(request).createdAt?.constraints).toEqual([{ matchMode: 'dateAfter', value: addBusinessDays(businessToday(), -91) }]);

    expect(await screen.findByText('PED-000001')).toBeInTheDocument();
    // Older than 90 days: not kept even when the server listed it.
    expect(screen.queryByText('PED-000002')).not.toBeInTheDocument();
    expect(screen.queryByText(/No se pudo conectar/)).not.toBeInTheDocument();
    expect(offline.calls('GET', '/orders').length).toBeGreaterThan(0);
  });

  it('refreshes with the orders updated since the last refresh, and reads the 90 days whole again once a day', async () => {
    seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
    const first = fakeApi({ 'GET /orders': listOf([recent]) });
    api.defaults.adapter = first.adapter;
    await refreshMyOrders(ADMIN_USER.id);

    const sent = orderRecord({ id: 1, folio: 'PED-000001', createdAt: recent.createdAt, version: 6, status: { id: 3, code: 'autorizado', name: 'Autorizado', color: 'success' } });
    const added = orderRecord({ id: 3, folio: 'PED-000003', createdAt: new Date().toISOString() });
    const second = fakeApi({ 'GET /orders': listOf([sent, added]) });
    api.defaults.adapter = second.adapter;
    await refreshMyOrders(ADMIN_USER.id);
    expect(filtersOf(second.calls('GET', '/orders')[0]).updatedAt?.constraints).toEqual([{ matchMode: 'dateAfter', value: addBusinessDays(businessToday(), -1) }]);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + MY_ORDERS_FULL_REFRESH_MS + 1 });
    const third = fakeApi({ 'GET /orders': listOf([sent]) });
    api.defaults.adapter = third.adapter;
    await refreshMyOrders(ADMIN_USER.id);
    expect(filtersOf(third.calls('GET', '/orders')[0]).updatedAt).toBeUndefined();
    vi.useRealTimers();

    const offline = fakeApi({ 'GET /orders': { status: 503 }, 'GET /orders/budget': { status: 503 } });
    const view = renderRoute(<OrdersPage view="mine" />, '/pedidos/mis-pedidos', offline.adapter);
    cleanup.rendered(view.dispose);
    expect(await screen.findByText('PED-000001')).toBeInTheDocument();
    expect(screen.getAllByText('Autorizado').length).toBeGreaterThan(0);
    // Gone from the whole read (a deleted draft): gone from the phone.
    expect(screen.queryByText('PED-000003')).not.toBeInTheDocument();
  });

  describe('search and filters on the kept orders', () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const cement = { id: 1, materialId: 10, material: { id: 10, label: 'Cemento gris' }, quantity: 4, unitId: 1, unit: { id: 1, label: 'bulto' }, unitPrice: 250, amount: 1000, receivedQuantity: 0, notes: null };
    const draft = orderRecord({ id: 11, folio: 'PED-000011', createdAt: ago(2), notes: 'Varilla para la losa', status: { id: 1, code: 'borrador', name: 'Borrador', color: 'secondary' } });
    const southSent = orderRecord({ id: 12, folio: 'PED-000012', createdAt: ago(5), workId: 5, work: { id: 5, label: 'OB-5 Bodega Sur' }, lines: [cement] });
    const authorised = orderRecord({ id: 13, folio: 'PED-000013', createdAt: ago(10), status: { id: 3, code: 'autorizado', name: 'Autorizado', color: 'success' } });
    const folios = () => screen.queryAllByText(/^PED-0000\d\d$/).map((cell) => cell.textContent);

    it('the search box finds them by notes and the labels shown, accents and case ignored, and says they are the phone\'s', async () => {
      await keepThenGoOffline([draft, southSent, authorised]);
      await screen.findByText('PED-000013');
      expect(folios()).toEqual(['PED-000011', 'PED-000012', 'PED-000013']);
      expect(screen.getByText('Sin conexión: se buscan y filtran tus pedidos de los últimos 90 días guardados en este teléfono.')).toBeInTheDocument();

      await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'bodega súr');
      await waitFor(() => expect(folios()).toEqual(['PED-000012']));
      await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
      await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'VARILLA');
      await waitFor(() => expect(folios()).toEqual(['PED-000011']));
      await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
      await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'autorizado');
      await waitFor(() => expect(folios()).toEqual(['PED-000013']));
      await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
      await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'nada parecido');
      expect(await screen.findByText('0 resultados')).toBeInTheDocument();
    });

    it('the «Obra» filter picks from the works kept on the phone, and status, dates and material filter too', async () => {
      seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
      // The order form's works, kept on the phone: the list's «Obra» filter offers them without signal.
      await rememberOptions(ADMIN_USER.id, '/works', { limit: 50, filter: ORDERABLE_WORK_STATUSES }, [
        { value: 2, label: 'OB-2 Torre Norte' },
        { value: 5, label: 'OB-5 Bodega Sur' },
      ]);
      const { view } = await keepThenGoOffline([draft, southSent, authorised]);
      await screen.findByText('PED-000013');

      fireEvent.click(screen.getByRole('button', { name: 'Filtrar «Obra»' }));
      await choose(await screen.findByRole('textbox', { name: 'Obra: Valor', hidden: true }), 'OB-5 Bodega Sur');
      fireEvent.click(screen.getByRole('button', { name: 'Aplicar', hidden: true }));
      await waitFor(() => expect(folios()).toEqual(['PED-000012']));
      expect(JSON.parse(view.search().get('filters') ?? '{}')).toEqual({ workId: { operator: 'and', constraints: [{ matchMode: 'equals', value: 5 }] } });
      fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
      await waitFor(() => expect(folios()).toEqual(['PED-000011', 'PED-000012', 'PED-000013']));
      view.dispose();

      const filtered = (filters: object, sort?: string) => `/pedidos/mis-pedidos?filters=${encodeURIComponent(JSON.stringify(filters))}${sort ? `&sort=${sort}` : ''}`;
      const cases: [string, string[]][] = [
        [filtered({ statusId: { operator: 'or', constraints: [{ matchMode: 'equals', value: 1 }, { matchMode: 'equals', value: 3 }] } }), ['PED-000011', 'PED-000013']],
        [filtered({ statusId: { operator: 'and', constraints: [{ matchMode: 'notContains', value: 'BORRADOR' }] } }, 'folio'), ['PED-000012', 'PED-000013']],
        [filtered({ createdAt: { operator: 'and', constraints: [{ matchMode: 'dateAfter', value: addBusinessDays(businessToday(), -7) }] } }), ['PED-000011', 'PED-000012']],
        [filtered({ materialId: { operator: 'and', constraints: [{ matchMode: 'equals', value: 10 }] } }), ['PED-000012']],
        [filtered({ materialId: { operator: 'and', constraints: [{ matchMode: 'notEquals', value: 10 }] } }), ['PED-000011', 'PED-000013']],
        [filtered({}, '-folio'), ['PED-000013', 'PED-000012', 'PED-000011']],
      ];
      for (const [path, expected] of cases) {
        const offline = fakeApi({ 'GET /orders': { status: 503 }, 'GET /orders/budget': { status: 503 } });
        const again = renderRoute(<OrdersPage view="mine" />, path, offline.adapter);
        await waitFor(() => expect(folios()).toEqual(expected));
        again.dispose();
      }
    });

    it('exports need the server: disabled without signal, saying why', async () => {
      const offLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        await keepThenGoOffline([draft]);
        await screen.findByText('PED-000011');
        const toolbar = screen.getByRole('button', { name: 'Exportar a Excel lo filtrado (requiere conexión)' }).closest('div')!;
        for (const button of within(toolbar).getAllByRole('button')) expect(button).toBeDisabled();
      } finally {
        offLine.mockRestore();
      }
    });
  });
});
