import { Button } from 'primereact/button';
import { useNavigate, useRouteError } from 'react-router';
import { ROUTES } from '@goc/contracts';
import { PrimeProvider } from '../components/prime/prime-provider';
import { errorMessage } from '../lib/api/api-error';
import { es } from '../i18n/es';
import './prime-theme.css';

/** Browsers word a failed lazy chunk differently; all mean "this build's file is gone or unreachable". */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically/i;

function describe(error: unknown): string {
  if (error instanceof Error && CHUNK_FAILURE.test(error.message)) return es.routeError.chunk;
  return errorMessage(error);
}

/** What a route shows when its guard or its page fails to load (server unreachable, a new deployment…). */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  return (
    <PrimeProvider>
      <div className="flex min-h-[60vh] items-center justify-center p-4">
        <section className="goc-card flex max-w-lg flex-col items-center px-8 py-10 text-center">
          <span className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-500" aria-hidden="true">
            <i className="pi pi-exclamation-circle text-2xl" />
          </span>
          <h2 className="m-0 text-lg font-semibold text-(--text-color)">{es.routeError.title}</h2>
          <p className="mt-2 mb-6 text-sm leading-6 text-(--text-color-secondary)">{describe(error)}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button label={es.routeError.retry} icon="pi pi-refresh" onClick={() => window.location.reload()} />
            <Button label={es.routeError.home} icon="pi pi-home" outlined onClick={() => void navigate(ROUTES.home.path)} />
          </div>
        </section>
      </div>
    </PrimeProvider>
  );
}
