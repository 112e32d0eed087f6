import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CATALOGS, ordersResource, registryCutsResource, registryMovementsResource, stockBalancesResource } from '@goc/contracts';
import catalogs, { CATALOG_LISTS } from '../../src/features/catalogs/module';
import { CATALOG_PAGES } from '../../src/features/catalogs/catalog-pages';
import { PREFETCH } from '../../src/app/route-pages';
import { ORDERS_LIST } from '../../src/features/orders/module';
import { CUTS_LIST, MOVEMENTS_LIST } from '../../src/features/registry/module';
import { ROLES_LIST } from '../../src/features/roles/module';
import { STOCK_LIST } from '../../src/features/stock/module';
import { USERS_LIST } from '../../src/features/users/module';
import { createQueryClient } from '../../src/lib/api/query-client';
import { resourceKeys } from '../../src/lib/resources/query-keys';
import { ADMIN_USER, permissionsFor, seedSession } from '../fixtures';
import { mockAdapter } from '../mock-adapter';
import { renderApp } from '../render-app';
import { orderRecord } from '../crud/fixtures';

/* A list route's loader asks for the page's first rows (lib/resources/list-prefetch), under the key the page's list uses. */

vi.setConfig({ testTimeout: 60_000 });

const ORDER = orderRecord({ version: 1, folio: 'PED-000321', requestedById: 1, requestedBy: { id: 1, label: 'admin' }, status: { id: 1, code: 'borrador', name: 'Borrador', color: 'secondary' } });
const PAGE = { items: [ORDER], total: 1, page: 1, pageSize: 25 };

/** fetch answering the early list request (and nothing else: the shell's early requests fall back to the HTTP client). */
function stubFetch(listPath: string) {
  const fetch = vi.fn(async (url: string) => (url.startsWith(`/api/v2${listPath}?`) ? ({ ok: true, json: async () => PAGE } as Response) : ({ ok: false } as Response)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('list prefetch', () => {
  it('sends the address’s page, search and size with the view’s scope and keeps the parsed rows under the list’s key', async () => {
    localStorage.setItem('token', 't-1');
    const fetch = stubFetch(ORDERS_LIST);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    PREFETCH.myOrders?.(queryClient, new URL('http://localhost/pedidos/mis-pedidos?q=cemento&page=2&pageSize=10'));
    const params = { scope: 'mine', q: 'cemento', page: '2', pageSize: '10' };
    await vi.waitFor(() => expect(queryClient.getQueryData(resourceKeys.list(ORDERS_LIST, params))).toMatchObject({ total: 1, items: [{ folio: 'PED-000321' }] }), { timeout: 20_000 });
    expect(fetch).toHaveBeenCalledTimes(1);
    const sent = new URL(fetch.mock.calls[0]![0], 'http://localhost');
    expect(sent.pathname).toBe('/api/v2/orders');
    expect(Object.fromEntries(sent.searchParams)).toEqual(params);
  });

  it('leaves an address with a sort or filters to the page (it first drops what the list cannot ask for)', async () => {
    localStorage.setItem('token', 't-1');
    const fetch = stubFetch(ORDERS_LIST);
    const queryClient = new QueryClient();
    PREFETCH.ordersHistory?.(queryClient, new URL('http://localhost/pedidos/historico?sort=folio:asc'));
    PREFETCH.ordersHistory?.(queryClient, new URL('http://localhost/pedidos/historico?filters=%7B%7D'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('Mis Pedidos draws the rows its route’s loader asked for, and its list asks nothing again', async () => {
    const permissions = permissionsFor(['my_orders'], { view: true, create: true });
    seedSession({ user: ADMIN_USER, permissions });
    const fetch = stubFetch(ORDERS_LIST);
    const server = mockAdapter({ 'GET /auth/me': { status: 200, data: ADMIN_USER }, 'GET /permissions': { status: 200, data: permissions }, 'GET /orders': { status: 200, data: PAGE } });
    const app = renderApp('/pedidos/mis-pedidos', server.adapter);
    teardown = app.cleanup;
    // The app's freshness (renderApp's test defaults drop it): a page mounting within it uses what was fetched.
    app.queryClient.setDefaultOptions({ queries: { ...app.queryClient.getDefaultOptions().queries, staleTime: createQueryClient().getDefaultOptions().queries?.staleTime } });
    expect(await screen.findByText('PED-000321', undefined, { timeout: 20_000 })).toBeTruthy();
    // Once drawn, the page imports the reader of the phone's unsent documents: settled here, or it may still be
    // loading when the file's environment is torn down (an unhandled error that fails the run, seen in CI).
    await import('../../src/features/orders/pending-documents');
    expect(fetch.mock.calls.filter(([url]) => url.startsWith('/api/v2/orders?'))).toHaveLength(1);
    expect(server.requests.filter((r) => r.url === '/orders').map((r) => r.params)).toEqual([]);
  });

  it('the lists’ paths written for the loaders and the refreshes are the ones their pages declare', () => {
    expect(ORDERS_LIST).toBe(ordersResource.resource);
    expect(USERS_LIST).toBe(CATALOGS.users.resource);
    expect(ROLES_LIST).toBe(CATALOGS.roles.resource);
    expect(CUTS_LIST).toBe(registryCutsResource.resource);
    expect(MOVEMENTS_LIST).toBe(registryMovementsResource.resource);
    expect(STOCK_LIST).toBe(stockBalancesResource.resource);
    for (const [key, path] of Object.entries(CATALOG_LISTS)) expect(CATALOG_PAGES[key as keyof typeof CATALOG_LISTS]?.catalog.resource).toBe(path);
    expect(Object.keys(catalogs.prefetch ?? {}).sort()).toEqual(Object.keys(catalogs.pages).sort());
  });
});
