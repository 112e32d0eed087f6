import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { NotificationItem, NotificationType } from '@goc/contracts';
import { COMPOSED_MODULES } from '../../../src/app/route-pages';
import { useNotificationStream } from '../../../src/features/notifications/use-notification-stream';
import { api } from '../../../src/lib/api/client';
import { ComposedModulesContext } from '../../../src/lib/composed-modules';
import { fakeApi } from '../../crud/fake-api';

/*
 * A live notification refreshes what it concerns: the residente's dashboard card and order lists
 * refetch when her order is bought, delivered or invoiced elsewhere; queries of other subjects stay.
 */

/** The EventSource the hook opens: the test sends its events by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {}
  send(item: NotificationItem) {
    this.listeners.get('notification')?.(new MessageEvent('notification', { data: JSON.stringify(item) }));
  }
}

const KEYS = {
  orders: ['resource', '/orders', 'list', { scope: 'mine' }],
  orderDetail: ['resource', '/orders', 'detail', 7],
  workOrders: ['resource', '/orders', 'work', 2, 'mine'],
  documents: ['attachments', 'list', 'orders', 7],
  dashboard: ['dashboard'],
  works: ['works-overview', {}],
  movements: ['resource', '/registry/movements', 'list', {}],
  employees: ['resource', '/employees', 'list', {}],
  permissions: ['session', 'permissions'],
  stock: ['resource', '/stock', 'list', {}],
  transfers: ['resource', '/stock', 'transfers', 'pendiente'],
} as const;

const original = { adapter: api.defaults.adapter, EventSource: globalThis.EventSource };
afterEach(() => {
  api.defaults.adapter = original.adapter;
  globalThis.EventSource = original.EventSource;
  FakeEventSource.last = null;
});

/** Every query of KEYS fresh in the cache, the stream open; `send` delivers a notification of this type. */
async function streaming() {
  api.defaults.adapter = fakeApi({ 'POST /notifications/stream-ticket': { status: 200, data: { ticket: 't-1' } } }).adapter;
  globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of Object.values(KEYS)) client.setQueryData(key, { loaded: true });
  // The app's composed modules: each notification type refreshes what its module declares.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ComposedModulesContext.Provider value={COMPOSED_MODULES}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ComposedModulesContext.Provider>
  );
  renderHook(() => useNotificationStream(() => undefined), { wrapper });
  await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
  let id = 0;
  const send = (type: NotificationType) =>
    FakeEventSource.last!.send({ id: ++id, type, title: 'Pedido PED-000007 comprado', body: 'Proveedor: Aceros del Norte', link: '/pedidos/mis-pedidos?q=PED-000007', createdAt: '2026-03-01T10:00:00.000Z', readAt: null });
  const invalidated = () =>
    Object.entries(KEYS)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { send, invalidated };
}

describe('a live notification', () => {
  it('about an order refreshes the orders’ lists and detail, its documents, the works and the dashboard, nothing else', async () => {
    const { send, invalidated } = await streaming();
    expect(invalidated()).toEqual([]);
    send('order_status');
    await waitFor(() => expect(invalidated()).toEqual(['orders', 'orderDetail', 'workOrders', 'documents', 'dashboard', 'works']));
  });

  it('about a movement refreshes the movements and the dashboard, not the orders', async () => {
    const { send, invalidated } = await streaming();
    send('movement_status');
    await waitFor(() => expect(invalidated()).toEqual(['dashboard', 'works', 'movements']));
  });

  it('about a store transfer refreshes every store query, nothing else', async () => {
    const { send, invalidated } = await streaming();
    send('stock_transfer');
    await waitFor(() => expect(invalidated()).toEqual(['stock', 'transfers']));
  });

  it('about the person’s access refreshes their permissions and dashboard', async () => {
    const { send, invalidated } = await streaming();
    send('access_changed');
    await waitFor(() => expect(invalidated()).toEqual(['dashboard', 'permissions']));
  });
});
