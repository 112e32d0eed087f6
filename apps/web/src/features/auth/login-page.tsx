import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES, type LoginResponse, type MfaChallenge } from '@goc/contracts';
import { useDocumentTitle } from '../../lib/routing/current-route';
import { hasDrafts, settleDrafts } from '../../lib/session/draft-keeper';
import { forgetSessionEnd, safeNextPath, sessionEndReason, type SessionEndReason } from '../../lib/session/session-end';
import { startSession } from '../../lib/session/session-store';
import { CompanySignIn } from './company-sign-in';
import { LoginForm } from './login-form';

// Only a sign-in with a second factor needs it (and its QR library): not on the first screen's load.
const SecondFactorStep = lazy(() => import('./second-factor-step'));

const HIGHLIGHTS = [
  { icon: 'pi pi-building', text: 'Obras y proyectos de cada línea de negocio' },
  { icon: 'pi pi-shopping-cart', text: 'Pedidos de material, de la solicitud a la entrega' },
  { icon: 'pi pi-id-card', text: 'Altas y bajas del personal con cortes semanales' },
];

/** Why the person is here again, when a session of this tab ended without them asking. */
function endNotice(reason: SessionEndReason | null, keptDrafts: boolean): string | null {
  if (reason === null || reason === 'logout') return null;
  const why = reason === 'idle' ? 'Tu sesión terminó por inactividad.' : 'Tu sesión terminó.';
  return keptDrafts ? `${why} Inicia sesión de nuevo para recuperar lo que estabas capturando.` : `${why} Inicia sesión de nuevo para continuar.`;
}

/**
 * SPEC §2 /login, outside the shell. A successful login stores the session and opens the page of
 * `?next=` (a page of this app only, else Inicio) — where a session that ended was — with what was
 * being typed there when it is the same person (lib/session/draft-keeper).
 */
export default function LoginPage() {
  useDocumentTitle(ROUTES.login.title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [notice] = useState(() => endNotice(sessionEndReason(), hasDrafts()));
  const [challenge, setChallenge] = useState<{ challenge: MfaChallenge; keepSession: boolean } | null>(null);

  const onSuccess = (response: LoginResponse, keepSession: boolean) => {
    // Nothing cached for a previous user may leak into this session.
    queryClient.clear();
    forgetSessionEnd();
    settleDrafts(response.user.id);
    startSession(response, keepSession);
    void navigate(safeNextPath(params.get('next')), { replace: true });
  };

  return (
    <div className="flex min-h-screen bg-slate-100">
      <aside className="relative hidden w-[44%] max-w-2xl flex-col justify-between overflow-hidden bg-slate-900 p-12 text-white lg:flex">
        <div className="pointer-events-none absolute -top-32 -right-32 h-96 w-96 rounded-full bg-blue-600/25 blur-3xl" aria-hidden="true" />
        <div className="pointer-events-none absolute -bottom-40 -left-24 h-[28rem] w-[28rem] rounded-full bg-sky-500/10 blur-3xl" aria-hidden="true" />
        <div className="relative flex items-center gap-3">
          <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-blue-600 shadow-lg shadow-blue-950/50" aria-hidden="true">
            <i className="pi pi-building text-xl" />
          </span>
          <span className="text-2xl font-bold tracking-wide">GOC</span>
        </div>
        <div className="relative">
          <p className="m-0 text-3xl leading-tight font-semibold">Gestión de obras, pedidos y personal</p>
          <p className="mt-4 mb-10 max-w-md text-base leading-7 text-slate-300">La oficina central y las obras trabajan sobre la misma información.</p>
          <ul className="m-0 flex list-none flex-col gap-4 p-0">
            {HIGHLIGHTS.map((h) => (
              <li key={h.text} className="flex items-center gap-4 text-slate-200">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white/10" aria-hidden="true">
                  <i className={`${h.icon} text-blue-300`} />
                </span>
                {h.text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative m-0 text-sm text-slate-400">Uso exclusivo del personal autorizado.</p>
      </aside>
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="w-full max-w-[26rem]">
          <div className="mb-8 flex items-center justify-center gap-3 lg:hidden">
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-blue-600 text-white shadow-lg shadow-blue-900/30" aria-hidden="true">
              <i className="pi pi-building text-xl" />
            </span>
            <span className="text-2xl font-bold tracking-wide text-slate-800">GOC</span>
          </div>
          <section className="goc-card px-6 py-8 shadow-xl shadow-slate-900/5 sm:px-9 sm:py-10">
            <h1 className="m-0 text-2xl font-semibold text-slate-900">Iniciar Sesión</h1>
            <p className="mt-2 mb-7 text-sm text-slate-500">{challenge ? 'Verificación en dos pasos' : 'Ingresa con tu usuario y contraseña.'}</p>
            {notice && !challenge && (
              <p role="status" className="-mt-3 mb-6 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {notice}
              </p>
            )}
            {challenge ? (
              <Suspense fallback={<i className="pi pi-spin pi-spinner text-slate-500" aria-label="Cargando" />}>
                <SecondFactorStep
                  challenge={challenge.challenge}
                  onSuccess={(response) => onSuccess(response, challenge.keepSession)}
                  onRestart={() => setChallenge(null)}
                />
              </Suspense>
            ) : (
              <>
                <LoginForm onSuccess={onSuccess} onChallenge={(next, keepSession) => setChallenge({ challenge: next, keepSession })} />
                <CompanySignIn onSuccess={onSuccess} onChallenge={(next, keepSession) => setChallenge({ challenge: next, keepSession })} />
              </>
            )}
          </section>
        </div>
      </main>
    </div>
  );
}
