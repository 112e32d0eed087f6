import { useContext } from 'react';
import { ToastContext } from './toast-context';
import type { ToastApi } from './toast-types';

/** The toast service: add / remove / removeGroup / removeAllGroups. Throws outside <ToastProvider>. */
export function useToast(): ToastApi {
  const store = useContext(ToastContext);
  if (!store) throw new Error('No PrimeVue Toast provided!');
  return store;
}
