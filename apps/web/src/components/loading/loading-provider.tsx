import { useMemo, useState, type ReactNode } from 'react';
import { LoadingContext, type LoadingApi } from './loading-context';
import { LoadingOverlay } from './loading-overlay';

export function LoadingProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState(0);

  const api = useMemo<LoadingApi>(() => {
    const show = () => setActive((n) => n + 1);
    const hide = () => setActive((n) => Math.max(0, n - 1));
    return {
      show,
      hide,
      async run(work) {
        show();
        try {
          return await (typeof work === 'function' ? work() : work);
        } finally {
          hide();
        }
      },
    };
  }, []);

  return (
    <LoadingContext.Provider value={api}>
      {children}
      <LoadingOverlay visible={active > 0} />
    </LoadingContext.Provider>
  );
}
