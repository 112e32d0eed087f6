import { Link } from 'react-router';
import { ROUTES } from '@goc/contracts';
import { EmptyState } from '../../components/empty-state';
import { usePermissions } from '../../lib/session/permissions-store';

/** /registro/oficina — altas, bajas and salary changes of office staff, week by week. */
export default function OfficeMovementsPage() {
  const { can } = usePermissions();
  return (
    <EmptyState
      icon="pi pi-briefcase"
      title="Aún no hay movimientos de oficina esta semana"
      description="Aquí verás las altas, bajas y modificaciones de salario del personal de oficina, con su estatus ante el IMSS y su timbrado."
    >
      {can('registry_office', 'create') && (
        <Link to={ROUTES.registryOfficeCreate.path} className="p-button p-component no-underline">
          <i className="pi pi-plus mr-2" aria-hidden="true" />
          {ROUTES.registryOfficeCreate.title}
        </Link>
      )}
    </EmptyState>
  );
}
