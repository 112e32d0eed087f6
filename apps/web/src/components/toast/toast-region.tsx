import { useCallback, useContext, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { ToastContext } from './toast-context';
import { ToastItem } from './toast-item';
import type { ToastPosition } from './toast-types';

const POSITIONS: Record<ToastPosition, string> = {
  'top-right': 'top-5 right-5',
  'top-left': 'top-5 left-5',
  'top-center': 'top-5 left-1/2 -translate-x-1/2',
  'bottom-right': 'bottom-5 right-5',
  'bottom-left': 'bottom-5 left-5',
  'bottom-center': 'bottom-5 left-1/2 -translate-x-1/2',
  center: 'top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2',
};

/** Above modals (1100) and overlays (1000): SPEC §9 layer order, toast on top. */
const TOAST_Z_INDEX = 1200;

interface ToastRegionProps {
  /** Shows only the messages of this group; without it, the messages that name no group. */
  group?: string;
  /** Default top-right (SPEC §9). */
  position?: ToastPosition;
}

/** Where toasts appear: w-96 wide (SPEC §9), narrower on a phone. The provider mounts the default one. */
export function ToastRegion({ group, position = 'top-right' }: ToastRegionProps) {
  const store = useContext(ToastContext);
  if (!store) throw new Error('No PrimeVue Toast provided!');
  const entries = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const onClose = useCallback((id: string) => store.close(id), [store]);
  const shown = entries.filter((e) => e.group === group);
  if (shown.length === 0) return null;
  return createPortal(
    <div
      className={`p-toast p-component p-toast-${position} fixed w-96 max-w-[calc(100vw-2.5rem)] ${POSITIONS[position]}`}
      style={{ zIndex: TOAST_Z_INDEX }}
      data-toast-group={group ?? ''}
    >
      {shown.map((message) => (
        <ToastItem key={message.id} message={message} onClose={onClose} />
      ))}
    </div>,
    document.body,
  );
}
