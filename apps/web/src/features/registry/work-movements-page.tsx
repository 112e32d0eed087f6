import { EmptyState } from '../../components/empty-state';

/** /registro/obras — personnel movements at the works. */
export default function WorkMovementsPage() {
  return (
    <EmptyState
      icon="pi pi-building"
      title="Aún no hay movimientos en obras"
      description="Aquí verás las altas, bajas y modificaciones de salario del personal de cada obra, con sus estatus de alta, timbre y error."
    />
  );
}
