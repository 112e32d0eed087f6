import { ProgressSpinner } from 'primereact/progressspinner';
import { es } from '../i18n/es';

/** First paint while the first route's guard and page load. */
export function FullPageLoader() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label={es.loading}>
      <ProgressSpinner className="goc-spinner" style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" />
    </div>
  );
}
