import { EmptyState } from '../../components/empty-state';

/** /mis-proyectos — the projects where the signed-in user is manager or member. */
export default function MyProjectsPage() {
  return (
    <EmptyState
      icon="pi pi-briefcase"
      title="Aún no tienes proyectos asignados"
      description="Aquí verás los proyectos en los que eres responsable o integrante, con su obra, fechas, presupuesto y avance."
    />
  );
}
