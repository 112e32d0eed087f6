import { MovementListPage } from './movement-list-page';

/** /registro/obras — personnel movements at the works, week by week, filterable by work. */
export default function WorkMovementsPage() {
  return <MovementListPage scope="obra" />;
}
