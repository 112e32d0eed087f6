import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AxiosAdapter } from 'axios';
import { AppProviders } from '../../src/app/providers';
import { api } from '../../src/lib/api/client';
import { createQueryClient } from '../../src/lib/api/query-client';
import { TEST_PRIME_CONFIG } from '../render-app';

// A DataTable page takes a few seconds to settle in jsdom on a busy 2-core machine: wait longer than the default second.
configure({ asyncUtilTimeout: 8000 });

/**
 * A page under the app's providers on a memory router at `path`, over a fake API: enough to test
 * list and form behaviour (URL, requests, dialogs, toasts) without the shell and its guards.
 */
export function renderRoute(ui: ReactElement, path: string, adapter: AxiosAdapter) {
  api.defaults.adapter = adapter;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} primeConfig={TEST_PRIME_CONFIG}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    router,
    queryClient,
    /** The current search string's parameters. */
    search: () => new URLSearchParams(router.state.location.search),
    dispose: () => {
      view.unmount();
      router.dispose();
    },
  };
}
