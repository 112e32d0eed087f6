import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import dashboard from '../../../src/features/dashboard/module';

/* Inicio's prefetch: the indicators' request leaves at once with fetch, and only when the query has nothing fresh. */

const prefetch = dashboard.prefetch?.home;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Inicio prefetch', () => {
  it('sends GET /api/v2/dashboard at once, keeps its answer, and sends nothing again while it is fresh', async () => {
    if (!prefetch) throw new Error('the dashboard module has no prefetch for Inicio');
    localStorage.setItem('token', 't-1');
    const fetch = vi.fn(async () => ({ ok: true, json: async () => ({ myOrders: { open: 2, byStatus: [], recent: [] } }) }) as unknown as Response);
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });

    prefetch(queryClient, new URL('http://localhost/'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/v2/dashboard', expect.anything());
    await vi.waitFor(() => expect(queryClient.getQueryData(['dashboard'])).toEqual({ myOrders: { open: 2, byStatus: [], recent: [] } }));

    prefetch(queryClient, new URL('http://localhost/'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
