import { Link } from 'react-router';
import { ROUTES } from '@goc/contracts';
import { EmptyState } from '../../components/empty-state';

/** /registro/oficina/create — the full-page form for a new office movement. */
export default function OfficeMovementCreatePage() {
  return (
    <EmptyState
      icon="pi pi-user-plus"
      title="Nuevo movimiento de oficina"
      description="Aquí se capturará un alta, una baja o una modificación de salario del personal de oficina: empleado, empresa, fecha efectiva, tipo de trabajador, salario diario y SDI. Todavía no se pueden registrar movimientos desde esta pantalla."
    >
      <Link to={ROUTES.registryOffice.path} className="p-button p-component p-button-outlined no-underline">
        <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
        Volver a {ROUTES.registryOffice.title}
      </Link>
    </EmptyState>
  );
}
