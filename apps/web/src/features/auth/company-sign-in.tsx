import { useEffect, useState } from 'react';
import type { LoginResponse, MfaChallenge } from '@goc/contracts';
import { CONNECTION_ERROR_MESSAGE } from '../../lib/api/http-status';
import { API_BASE_URL } from '../../lib/api/request-basics';

// Loaded when needed: the login page's first load carries no schema (apps/web README, Bundle).
const loadOidcApi = () => import('./oidc-api');

/** What the provider's callback left in the address: a single-use code or a refusal, taken out at once. */
function takeFragment(): { code: string } | { refusal: string } | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const code = params.get('oidc');
  const refusal = params.get('oidcError');
  if (code === null && refusal === null) return null;
  // The code is single use, but it still leaves the address bar and the history entry.
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return code !== null ? { code } : { refusal: refusal ?? '' };
}

/**
 * «Entrar con Microsoft» (GOC_OIDC_LABEL) under the login form when the server has a provider, and
 * the end of that sign-in: the code the callback put in the fragment is exchanged for the same
 * answer as a password login — a session, or the second step of a user who has one (docs/security.md).
 */
export function CompanySignIn({
  onSuccess,
  onChallenge,
}: {
  onSuccess: (response: LoginResponse, keepSession: boolean) => void;
  onChallenge: (challenge: MfaChallenge, keepSession: boolean) => void;
}) {
  const [label, setLabel] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exchanging, setExchanging] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(`${API_BASE_URL}/auth/oidc/config`, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ enabled?: unknown; label?: unknown }>) : null))
      .then((config) => {
        if (live && config?.enabled === true && typeof config.label === 'string') setLabel(config.label);
      })
      // Without the server's answer the password form is still there: no button, no message.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const fragment = takeFragment();
    if (!fragment) return;
    setExchanging('code' in fragment);
    void loadOidcApi()
      .then(async (oidc) => {
        if ('refusal' in fragment) return setError(oidc.oidcRefusalMessage(fragment.refusal));
        try {
          const outcome = await oidc.exchangeOidcCode(fragment.code);
          if ('token' in outcome) onSuccess(outcome, false);
          else onChallenge(outcome, false);
        } catch (failure) {
          setError(oidc.loginErrorMessage(failure));
          setExchanging(false);
        }
      })
      .catch(() => {
        setError(CONNECTION_ERROR_MESSAGE);
        setExchanging(false);
      });
    // Once, as the page opens after the provider.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (label === null && error === null && !exchanging) return null;
  return (
    <div className="mt-6 flex flex-col gap-4">
      {error && (
        <div role="alert" className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700">
          <i className="pi pi-times-circle" aria-hidden="true" />
          {error}
        </div>
      )}
      {exchanging && (
        <p role="status" className="m-0 flex items-center justify-center gap-2 text-sm text-slate-600">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          Iniciando sesión…
        </p>
      )}
      {label !== null && (
        <>
          <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />o<span className="h-px flex-1 bg-slate-200" />
          </div>
          {/* A navigation, not a request: the provider's page replaces this one and comes back to it. */}
          <a
            href={`${API_BASE_URL}/auth/oidc/start`}
            className="flex w-full items-center justify-center gap-2 rounded-md border border-solid border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-800 no-underline transition-colors hover:bg-slate-50 focus-visible:ring-4 focus-visible:ring-blue-200 focus-visible:outline-none"
          >
            <i className="pi pi-building" aria-hidden="true" />
            {label}
          </a>
        </>
      )}
    </div>
  );
}
