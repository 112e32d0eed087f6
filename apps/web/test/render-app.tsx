import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AxiosAdapter } from 'axios';
import { AppProviders } from '../src/app/providers';
import { createAppRouter } from '../src/app/router';
import { api } from '../src/lib/api/client';
import { createQueryClient } from '../src/lib/api/query-client';
import { setLoginRedirect } from '../src/lib/api/session-expiry';

/** Test-only PrimeReact settings: no CSS transitions or ripple, so dialogs open and close at once. */
export const TEST_PRIME_CONFIG = { cssTransition: false, ripple: false };

/** The whole app (providers, guards, shell, lazy pages) on a memory router, over a fake API. */
export function renderApp(path: string, adapter: AxiosAdapter) {
  api.defaults.adapter = adapter;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createAppRouter(queryClient, (routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  const restoreRedirect = setLoginRedirect(() => void router.navigate('/login', { replace: true }));
  const view = render(
    <AppProviders queryClient={queryClient} primeConfig={TEST_PRIME_CONFIG}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    router,
    queryClient,
    cleanup: () => {
      restoreRedirect();
      router.dispose();
    },
  };
}
