import { useContext } from 'react';
import { LoadingContext, type LoadingApi } from './loading-context';

export function useLoading(): LoadingApi {
  const api = useContext(LoadingContext);
  if (!api) throw new Error('useLoading() needs <LoadingProvider>');
  return api;
}
