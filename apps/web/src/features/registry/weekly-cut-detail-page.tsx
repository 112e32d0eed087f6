import { Link, useParams } from 'react-router';
import { ROUTES } from '@goc/contracts';
import { EmptyState } from '../../components/empty-state';

/** /registro/historico/:cutId — the movements of one weekly cut. */
export default function WeeklyCutDetailPage() {
  const { cutId } = useParams();
  return (
    <EmptyState
      icon="pi pi-calendar"
      title={`Aún no hay movimientos que mostrar del corte ${cutId ?? ''}`.trim()}
      description="Aquí verás los movimientos del corte con sus estatus de alta, timbre y error, el resumen por obra y la exportación a Excel."
    >
      <Link to={ROUTES.registryHistory.path} className="p-button p-component p-button-outlined no-underline">
        <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
        Volver a {ROUTES.registryHistory.title}
      </Link>
    </EmptyState>
  );
}
