import { useNavigate } from 'react-router';
import { ROUTES } from '@goc/contracts';
import { RecordFormPage } from '../../components/form/record-form-page';
import { useMovementForm } from './movement-form';
import { MOVEMENT_RESOURCES } from './movement-resources';

/** /registro/oficina/create — Crear Oficina: the movement form as a page; saved or cancelled, back to the list. */
export default function OfficeMovementCreatePage() {
  const navigate = useNavigate();
  const form = useMovementForm('oficina');
  return (
    <RecordFormPage
      resource={MOVEMENT_RESOURCES.oficina}
      record={null}
      title={ROUTES.registryOfficeCreate.title}
      shape={form.shape}
      extension={form.extension}
      onLeave={() => navigate(ROUTES.registryOffice.path)}
    />
  );
}
