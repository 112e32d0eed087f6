import type { ReactNode } from 'react';
import { PrimeReactProvider, type APIOptions } from 'primereact/api';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfirmProvider } from '../components/confirm/confirm-provider';
import { LoadingProvider } from '../components/loading/loading-provider';
import { PromptProvider } from '../components/prompt/prompt-provider';
import { ToastProvider } from '../components/toast/toast-provider';
import { PRIME_CONFIG } from './prime-config';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** Tests turn CSS transitions and ripple off here. */
  primeConfig?: Partial<APIOptions>;
  children: ReactNode;
}

/**
 * Everything a page may use. The shared dialogs sit above the router so the login page and
 * the shell get the same toast, confirmation, prompt and loading overlay.
 */
export function AppProviders({ queryClient, primeConfig, children }: AppProvidersProps) {
  return (
    <PrimeReactProvider value={{ ...PRIME_CONFIG, ...primeConfig }}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ConfirmProvider>
            <PromptProvider>
              <LoadingProvider>{children}</LoadingProvider>
            </PromptProvider>
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
