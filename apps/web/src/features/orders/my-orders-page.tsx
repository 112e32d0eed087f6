import { EmptyState } from '../../components/empty-state';

/** /pedidos/mis-pedidos — the signed-in user's material orders. */
export default function MyOrdersPage() {
  return (
    <EmptyState
      icon="pi pi-shopping-cart"
      title="Aún no has registrado pedidos"
      description="Aquí verás tus pedidos de material: borradores, enviados y su avance hasta la entrega en obra."
    />
  );
}
