import { es } from '../../i18n/es';
import { Spinner } from '../spinner';

/** Between modals (1100) and toasts (1200): it blocks dialogs too, yet an error toast stays readable. */
const OVERLAY_Z_INDEX = 1150;

/** The shell's loading overlay (SPEC §4: on or off). */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={es.loading}
      className="goc-fade-in fixed inset-0 flex items-center justify-center bg-slate-900/35 backdrop-blur-[1px]"
      style={{ zIndex: OVERLAY_Z_INDEX }}
    >
      <div className="flex flex-col items-center gap-3 rounded-xl bg-white px-8 py-6 shadow-xl">
        <Spinner size="3rem" />
        <span className="text-sm font-medium text-slate-600">{es.loading}</span>
      </div>
    </div>
  );
}
