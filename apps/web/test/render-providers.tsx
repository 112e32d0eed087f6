import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../src/app/providers';
import { PrimeProvider } from '../src/components/prime/prime-provider';
import { createQueryClient } from '../src/lib/api/query-client';
import { TEST_PRIME_CONFIG } from './render-app';

/** A component under the app's providers (toast, confirm, prompt, loading, Query) and PrimeReact's, as the shell gives a page. */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <AppProviders queryClient={createQueryClient()} primeConfig={TEST_PRIME_CONFIG}>
      <PrimeProvider>{ui}</PrimeProvider>
    </AppProviders>,
  );
}
