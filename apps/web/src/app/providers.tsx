import type { ReactNode } from 'react';
import type { APIOptions } from 'primereact/api';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfirmProvider } from '../components/confirm/confirm-provider';
import { LoadingProvider } from '../components/loading/loading-provider';
import { PrimeOverridesContext } from '../components/prime/prime-overrides';
import { PromptProvider } from '../components/prompt/prompt-provider';
import { ToastProvider } from '../components/toast/toast-provider';
import { ComposedModulesContext } from '../lib/composed-modules';
import { COMPOSED_MODULES } from './route-pages';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** Tests turn CSS transitions off here. */
  primeConfig?: Partial<APIOptions>;
  children: ReactNode;
}

const NO_OVERRIDES: Partial<APIOptions> = {};

/**
 * Everything a page may use: the composed feature modules among them. The shared dialogs sit above the router so the login page and
 * the shell get the same toast, confirmation, prompt and loading overlay. PrimeReact's own provider
 * comes with what draws its widgets (components/prime/prime-provider): the shell and the dialogs.
 */
export function AppProviders({ queryClient, primeConfig = NO_OVERRIDES, children }: AppProvidersProps) {
  return (
    <PrimeOverridesContext.Provider value={primeConfig}>
      <ComposedModulesContext.Provider value={COMPOSED_MODULES}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <ConfirmProvider>
              <PromptProvider>
                <LoadingProvider>{children}</LoadingProvider>
              </PromptProvider>
            </ConfirmProvider>
          </ToastProvider>
        </QueryClientProvider>
      </ComposedModulesContext.Provider>
    </PrimeOverridesContext.Provider>
  );
}
