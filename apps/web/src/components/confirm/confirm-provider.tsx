import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { es } from '../../i18n/es';
import { ConfirmContext } from './confirm-context';
import type { ConfirmApi, ConfirmOptions } from './confirm-types';

/** Loaded with the first confirmation: the login screen never needs it. */
const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** One confirmation dialog for the whole app; closes on accept, reject or hide (SPEC §4). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  // The last options stay while the dialog plays its closing transition.
  const [request, setRequest] = useState<{ options: ConfirmOptions; visible: boolean } | null>(null);

  const api = useMemo<ConfirmApi>(
    () => ({
      require: (options) => setRequest({ options, visible: true }),
      close: () => setRequest((current) => (current ? { ...current, visible: false } : null)),
    }),
    [],
  );

  const options = request?.options;
  return (
    <ConfirmContext.Provider value={api}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <ConfirmDialog
            visible={request.visible}
            header={options?.header ?? es.confirmHeader}
            message={options?.message}
            icon={options?.icon ?? 'pi pi-exclamation-triangle'}
            acceptLabel={options?.acceptLabel ?? es.accept}
            rejectLabel={options?.rejectLabel ?? es.cancel}
            acceptClassName={options?.acceptClassName}
            rejectClassName={options?.rejectClassName}
            defaultFocus={options?.defaultFocus ?? 'accept'}
            accept={options?.accept}
            reject={options?.reject}
            onHide={() => {
              options?.onHide?.();
              api.close();
            }}
            draggable={false}
            style={{ width: '28rem' }}
            breakpoints={{ '640px': 'calc(100vw - 2rem)' }}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}
