import { useContext } from 'react';
import { ConfirmContext } from './confirm-context';
import type { ConfirmApi } from './confirm-types';

/** The confirmation service. Throws outside <ConfirmProvider> with the message SPEC §8 keeps verbatim. */
export function useConfirm(): ConfirmApi {
  const api = useContext(ConfirmContext);
  if (!api) throw new Error('No PrimeVue Confirmation provided!');
  return api;
}
