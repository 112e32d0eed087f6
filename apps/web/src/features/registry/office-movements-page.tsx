import { MovementListPage } from './movement-list-page';

/** /registro/oficina — altas, bajas and salary changes of office staff, week by week. */
export default function OfficeMovementsPage() {
  return <MovementListPage scope="oficina" />;
}
