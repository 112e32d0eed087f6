import { Spinner } from '../../components/spinner';
import { es } from '../../i18n/es';
import { useHoldPageLoading } from './use-page-settled';

/** The page's place while its chunks arrive (busy, as a list is while its rows load): the shell and the page's title are already drawn. */
export function PageLoading() {
  useHoldPageLoading();
  return (
    <div className="flex justify-center py-16" role="status" aria-label={es.loading} aria-busy="true">
      <Spinner size="2rem" />
    </div>
  );
}
