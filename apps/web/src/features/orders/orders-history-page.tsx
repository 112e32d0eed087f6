import { EmptyState } from '../../components/empty-state';

/** /pedidos/historico — every material order of every work. */
export default function OrdersHistoryPage() {
  return (
    <EmptyState
      icon="pi pi-history"
      title="Aún no hay pedidos registrados"
      description="Aquí verás todos los pedidos de material con su folio, obra, solicitante, proveedor y estatus, y podrás exportar lo filtrado a Excel o CSV."
    />
  );
}
