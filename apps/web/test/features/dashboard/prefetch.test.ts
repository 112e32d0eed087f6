import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { PREFETCH } from '../../../src/app/route-pages';
import { queryKeys } from '../../../src/lib/api/query-keys';
import type { DashboardCard } from '../../../src/lib/dashboard-cards';

/* Inicio's prefetch: the indicators' request leaves at once with fetch, and only when the query has nothing fresh; every module's cards load beside it. */

const prefetch = PREFETCH.home;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function stubDashboard() {
  localStorage.setItem('token', 't-1');
  const fetch = vi.fn(async () => ({ ok: true, json: async () => ({ myOrders: { open: 2, byStatus: [], recent: [] } }) }) as unknown as Response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('Inicio prefetch', () => {
  it('sends GET /api/v2/dashboard at once, keeps its answer, and sends nothing again while it is fresh', async () => {
    if (!prefetch) throw new Error('the dashboard module has no prefetch for Inicio');
    const fetch = stubDashboard();
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });

    prefetch(queryClient, new URL('http://localhost/'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/v2/dashboard', expect.anything());
    await vi.waitFor(() => expect(queryClient.getQueryData(['dashboard'])).toEqual({ myOrders: { open: 2, byStatus: [], recent: [] } }));

    prefetch(queryClient, new URL('http://localhost/'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('loads the cards of every module that declares some, in the modules’ order', async () => {
    if (!prefetch) throw new Error('the dashboard module has no prefetch for Inicio');
    stubDashboard();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    prefetch(queryClient, new URL('http://localhost/'));
    await vi.waitFor(() => expect(queryClient.getQueryData<readonly DashboardCard[]>(queryKeys.dashboardCards)?.map((card) => card.widget)).toEqual(['works', 'projects', 'registry', 'myOrders', 'approvals', 'history', 'stock']), {
      timeout: 20_000,
    });
  });
});
