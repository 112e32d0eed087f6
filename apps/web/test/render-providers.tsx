import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../src/app/providers';
import { createQueryClient } from '../src/lib/api/query-client';
import { TEST_PRIME_CONFIG } from './render-app';

/** A component under the app's providers (toast, confirm, prompt, loading, PrimeReact, Query). */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <AppProviders queryClient={createQueryClient()} primeConfig={TEST_PRIME_CONFIG}>
      {ui}
    </AppProviders>,
  );
}
