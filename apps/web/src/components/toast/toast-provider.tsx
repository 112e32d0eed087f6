import { useEffect, useState, type ReactNode } from 'react';
import { ToastContext } from './toast-context';
import { ToastRegion } from './toast-region';
import { createToastStore } from './toast-store';

/** Provides useToast() and shows the default (ungrouped, top-right) toasts. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createToastStore());
  useEffect(() => () => store.dispose(), [store]);
  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastRegion />
    </ToastContext.Provider>
  );
}
