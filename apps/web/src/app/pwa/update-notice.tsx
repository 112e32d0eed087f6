import { useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { hasDrafts } from '../../lib/session/draft-keeper';
import { hasUnsavedInput, useHasUnsavedInput } from '../../lib/unsaved-input';
import { pwaTexts } from './pwa-texts';

/** How often an open GOC asks whether a new version is out: a single-page app seldom navigates, which is when browsers look by themselves. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Above modals (1100), like the toasts (SPEC §9): the notice stays reachable while a form's dialog is open. */
const NOTICE_Z_INDEX = 1200;

/** A reload now would lose something typed: an open form's unsaved input, or a form kept for the next sign-in. */
const holdsInput = () => hasUnsavedInput() || hasDrafts();

/**
 * Registers GOC's service worker after the page has loaded and announces a new version once it is
 * installed and waiting. «Actualizar» activates it and reloads the page, never over unsaved input:
 * then it asks to save first and waits for another click. When another tab applied the update,
 * this one reloads at once if nothing is typed, or shows the notice again.
 */
export function UpdateNotice({ reload = () => window.location.reload() }: { /** Tests give their own: jsdom cannot reload. */ reload?: () => void }) {
  const [activated, setActivated] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [asked, setAsked] = useState(false);
  const unsaved = useHasUnsavedInput();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: false,
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => navigator.onLine && void registration.update(), UPDATE_CHECK_MS);
    },
    // The new version controls this page now; its files may differ from the ones loaded.
    onNeedReload: () => {
      if (!holdsInput()) return reload();
      setActivated(true);
      setDismissed(false);
    },
  });

  if (!(needRefresh || activated) || dismissed) return null;

  const update = () => {
    if (holdsInput()) setAsked(true);
    else if (activated) reload();
    else void updateServiceWorker(true);
  };

  return (
    <div
      role="status"
      className="fixed bottom-4 left-1/2 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 flex-col gap-2 rounded-lg bg-slate-800 px-4 py-3 text-sm text-white shadow-lg shadow-slate-900/20"
      style={{ zIndex: NOTICE_Z_INDEX }}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <i className="pi pi-refresh" aria-hidden="true" />
        <span className="grow font-medium">{pwaTexts.newVersion}</span>
        <span className="ml-auto flex gap-2">
          <button
            type="button"
            onClick={() => setDismissed(true)}
            className="cursor-pointer rounded-md border-0 bg-transparent px-3 py-1.5 text-slate-200 hover:bg-slate-700 focus-visible:ring-2 focus-visible:ring-blue-300 focus-visible:outline-none"
          >
            {pwaTexts.later}
          </button>
          <button
            type="button"
            onClick={update}
            className="cursor-pointer rounded-md border-0 bg-blue-600 px-3 py-1.5 font-semibold text-white hover:bg-blue-500 focus-visible:ring-2 focus-visible:ring-blue-300 focus-visible:outline-none"
          >
            {pwaTexts.update}
          </button>
        </span>
      </div>
      {asked && (unsaved || hasDrafts()) && <p className="m-0 text-amber-200">{pwaTexts.saveFirst}</p>}
    </div>
  );
}
