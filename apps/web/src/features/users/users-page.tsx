import { EmptyState } from '../../components/empty-state';

/** /usuarios — the accounts that can sign in. */
export default function UsersPage() {
  return (
    <EmptyState
      icon="pi pi-user"
      title="Aún no hay usuarios que mostrar"
      description="Aquí verás las cuentas de acceso con su rol, el empleado vinculado, el último acceso y si están activas; también podrás restablecer contraseñas."
    />
  );
}
