import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AxiosAdapter } from 'axios';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../src/app/providers';
import { createAppRouter } from '../src/app/router';
import { api } from '../src/lib/api/client';
import { createQueryClient } from '../src/lib/api/query-client';
import { setLoginRedirect } from '../src/lib/api/session-expiry';
import { loginPathFor } from '../src/lib/session/session-end';

/** Test-only PrimeReact settings: no CSS transitions, so dialogs open and close at once. */
export const TEST_PRIME_CONFIG = { cssTransition: false };

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/** Points the API client at a fake adapter and renders the router made from a fresh query client under the app's providers. */
export function renderRouter(adapter: AxiosAdapter, makeRouter: (queryClient: QueryClient) => MemoryRouter) {
  api.defaults.adapter = adapter;
  const queryClient = createQueryClient();
  // Queries without retries; mutations as the app has them (tried without signal too).
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { retry: false } });
  const router = makeRouter(queryClient);
  const view = render(
    <AppProviders queryClient={queryClient} primeConfig={TEST_PRIME_CONFIG}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** The whole app (providers, guards, shell, lazy pages) on a memory router, over a fake API. */
export function renderApp(path: string, adapter: AxiosAdapter) {
  const rendered = renderRouter(adapter, (queryClient) => createAppRouter(queryClient, (routes) => createMemoryRouter(routes, { initialEntries: [path] })));
  const { router } = rendered;
  // As the app does (app/app.tsx): back to the page after signing in again.
  const restoreRedirect = setLoginRedirect(() => void router.navigate(loginPathFor(router.state.location), { replace: true }));
  return {
    ...rendered,
    cleanup: () => {
      restoreRedirect();
      router.dispose();
    },
  };
}
