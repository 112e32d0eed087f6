import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/api/query-client';
import { setLoginRedirect } from '../lib/api/session-expiry';
import { loginPathFor } from '../lib/session/session-end';
import { AppProviders } from './providers';
import { UpdateNotice } from './pwa/update-notice';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  // An expired session (HTTP client, SPEC §4) leaves through the router: no full page reload, and
  // signing in again returns to the page (/login?next=).
  useEffect(() => setLoginRedirect(() => void router.navigate(loginPathFor(router.state.location), { replace: true })), [router]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <UpdateNotice />
    </AppProviders>
  );
}
