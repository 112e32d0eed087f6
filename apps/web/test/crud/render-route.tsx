import type { ReactElement } from 'react';
import { configure } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { AxiosAdapter } from 'axios';
import { PrimeProvider } from '../../src/components/prime/prime-provider';
import { renderRouter } from '../render-app';

// A DataTable page takes a few seconds to settle in jsdom on a busy 2-core machine: wait longer than the default second.
configure({ asyncUtilTimeout: 8000 });

/**
 * A page under the app's providers (and PrimeReact's, as the shell gives it) on a memory router at
 * `path`, over a fake API: enough to test list and form behaviour (URL, requests, dialogs, toasts)
 * without the shell and its guards.
 */
export function renderRoute(ui: ReactElement, path: string, adapter: AxiosAdapter) {
  const view = renderRouter(adapter, () => createMemoryRouter([{ path: '*', element: <PrimeProvider>{ui}</PrimeProvider> }], { initialEntries: [path] }));
  const { router } = view;
  return {
    ...view,
    /** The current search string's parameters. */
    search: () => new URLSearchParams(router.state.location.search),
    dispose: () => {
      view.unmount();
      router.dispose();
    },
  };
}
