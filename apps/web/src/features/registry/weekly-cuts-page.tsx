import { EmptyState } from '../../components/empty-state';

/** /registro/historico — the weekly cuts of personnel movements. */
export default function WeeklyCutsPage() {
  return (
    <EmptyState
      icon="pi pi-calendar"
      title="Aún no hay cortes semanales"
      description="Aquí verás cada semana (de lunes a domingo) con sus altas, bajas y modificaciones por obra y por oficina, y si el corte está abierto o cerrado."
    />
  );
}
