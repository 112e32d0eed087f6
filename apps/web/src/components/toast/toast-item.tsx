import { useEffect, useRef } from 'react';
import { es } from '../../i18n/es';
import { createToastTimer, type ToastTimer } from './toast-timer';
import type { ToastEntry } from './toast-store';
import type { ToastSeverity } from './toast-types';

const ICONS: Record<ToastSeverity, string> = {
  info: 'pi pi-info-circle',
  success: 'pi pi-check-circle',
  warn: 'pi pi-exclamation-triangle',
  error: 'pi pi-times-circle',
  secondary: 'pi pi-info-circle',
  contrast: 'pi pi-info-circle',
};

interface ToastItemProps {
  message: ToastEntry;
  onClose: (id: string) => void;
}

/** One toast in PrimeReact's markup (the Lara theme styles it), with its own life timer. */
export function ToastItem({ message, onClose }: ToastItemProps) {
  const timer = useRef<ToastTimer | null>(null);
  const { id, life, leaving } = message;

  useEffect(() => {
    if (life === undefined || leaving) return;
    const current = createToastTimer(life, () => onClose(id));
    timer.current = current;
    return () => {
      current.clear();
      timer.current = null;
    };
  }, [id, life, leaving, onClose]);

  const close = () => {
    timer.current?.clear();
    onClose(id);
  };

  return (
    <div
      role="alert"
      aria-live="assertive"
      aria-atomic="true"
      data-toast-id={id}
      className={`p-toast-message p-toast-message-${message.severity} ${leaving ? 'goc-toast-leave' : 'goc-toast-enter'}`}
      onMouseEnter={() => timer.current?.pause()}
      onMouseLeave={() => timer.current?.resume()}
    >
      <div className="p-toast-message-content flex items-start">
        <span className={`p-toast-message-icon shrink-0 ${ICONS[message.severity]}`} aria-hidden="true" />
        <div className="p-toast-message-text min-w-0 flex-1">
          {message.summary && <div className="p-toast-summary break-words">{message.summary}</div>}
          {message.detail && <div className="p-toast-detail break-words">{message.detail}</div>}
        </div>
        {message.closable && (
          <button type="button" className="p-toast-icon-close p-link flex shrink-0 items-center justify-center" aria-label={es.close} onClick={close}>
            <span className="pi pi-times" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}
