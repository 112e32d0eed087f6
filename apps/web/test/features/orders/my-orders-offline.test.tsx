import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { addBusinessDays, businessToday } from '@goc/contracts';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { api } from '../../../src/lib/api/client';
import { wipeOfflineData } from '../../../src/lib/offline/offline-db';
import { MY_ORDERS_FULL_REFRESH_MS, refreshMyOrders } from '../../../src/lib/offline/my-orders';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi, type FakeRequest } from '../../crud/fake-api';
import { listOf, orderRecord } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

/*
 * Mis Pedidos without signal (docs/offline.md): the user's orders of the last 90 days, kept on the
 * phone while online and refreshed with what changed since, are listed when the server cannot be reached.
 */

vi.setConfig({ testTimeout: 60_000 });

const originalAdapter = api.defaults.adapter;
let dispose: (() => void) | null = null;
afterEach(async () => {
  dispose?.();
  dispose = null;
  api.defaults.adapter = originalAdapter;
  vi.useRealTimers();
  await wipeOfflineData();
});

const DAY = 24 * 3_600_000;
const recent = orderRecord({ id: 1, folio: 'PED-000001', createdAt: new Date(Date.now() - 2 * DAY).toISOString() });
const older = orderRecord({ id: 2, folio: 'PED-000002', createdAt: new Date(Date.now() - 100 * DAY).toISOString() });
const filtersOf = (request: FakeRequest | undefined) => JSON.parse(request?.params.filters ?? '{}') as Record<string, { constraints: { matchMode: string; value: string }[] }>;

/** Keeps the orders the server lists (online), then renders Mis Pedidos with the server unreachable. */
async function keepThenGoOffline(listed: unknown[]) {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['my_orders']) });
  const online = fakeApi({ 'GET /orders': listOf(listed) });
  api.defaults.adapter = online.adapter;
  await refreshMyOrders(ADMIN_USER.id);
  // A gateway answering for an unreachable API: no API error body.
  const offline = fakeApi({ 'GET /orders': { status: 503 }, 'GET /orders/budget': { status: 503 } });
  const view = renderRoute(<OrdersPage view="mine" />, '/pedidos/mis-pedidos', offline.adapter);
  dispose = view.dispose;
  return { online, offline };
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
    dispose = view.dispose;
    expect(await screen.findByText('PED-000001')).toBeInTheDocument();
    expect(screen.getAllByText('Autorizado').length).toBeGreaterThan(0);
    // Gone from the whole read (a deleted draft): gone from the phone.
    expect(screen.queryByText('PED-000003')).not.toBeInTheDocument();
  });
});
