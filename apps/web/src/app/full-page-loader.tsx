import { Spinner } from '../components/spinner';
import { es } from '../i18n/es';

/** First paint while the first route's guard and page load. */
export function FullPageLoader() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label={es.loading}>
      <Spinner size="2.5rem" />
    </div>
  );
}
