import { EmptyState } from '../../components/empty-state';

/** /negocios — the works of each business line; its list and cards arrive with the works module. */
export default function WorksPage() {
  return (
    <EmptyState
      icon="pi pi-building"
      title="Aún no hay obras que mostrar"
      description="Aquí verás las líneas de negocio con sus obras: clave, empresa, estatus, residente, presupuesto contra lo pedido, pedidos abiertos y personal activo."
    />
  );
}
