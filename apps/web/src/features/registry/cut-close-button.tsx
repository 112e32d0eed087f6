import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { REGISTRY_MESSAGES, registryCutsResource, type RegistryCut } from '@goc/contracts';
import { useConfirm } from '../../components/confirm/use-confirm';
import { useRowPermissions } from '../../components/list/row-permissions';
import { useLoading } from '../../components/loading/use-loading';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage, httpStatus } from '../../lib/api/api-error';
import { closeCut } from './weekly-cut-api';
import { cutTexts } from './weekly-cut-texts';

/**
 * "Cerrar corte" (registry_history edit, open cuts only): a confirmation, then the close. When the
 * API refuses because the week has not ended, its reason is shown and the user may force the close.
 */
export function CutCloseButton({ cut, compact = false }: { cut: RegistryCut; compact?: boolean }) {
  const { canEdit } = useRowPermissions(registryCutsResource);
  const confirm = useConfirm();
  const loading = useLoading();
  const toast = useToast();
  const queryClient = useQueryClient();
  if (!canEdit || cut.status === 'cerrado') return null;

  const close = async (force: boolean) => {
    try {
      await loading.run(closeCut(cut.id, cut.version, force));
      toast.add({ severity: 'success', summary: cutTexts.closed(cut.label ?? ''), life: 4000 });
      // The cut, the cuts list and its movements (now frozen) all change.
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
    } catch (error) {
      const reason = errorMessage(error);
      if (!force && httpStatus(error) === 409 && cut.endDate !== null && reason === REGISTRY_MESSAGES.cutNotOver(cut.endDate)) {
        confirm.require({
          header: cutTexts.forceHeader,
          message: cutTexts.forceQuestion(reason),
          icon: 'pi pi-exclamation-triangle',
          acceptLabel: cutTexts.forceAccept,
          rejectLabel: cutTexts.cancel,
          acceptClassName: 'p-button-warning',
          defaultFocus: 'reject',
          accept: () => void close(true),
        });
        return;
      }
      toast.add({ severity: 'error', summary: cutTexts.closeFailed, detail: reason, life: 8000 });
    }
  };

  const ask = () =>
    confirm.require({
      header: cutTexts.close,
      message: cutTexts.closeQuestion(cut.label ?? ''),
      icon: 'pi pi-lock',
      acceptLabel: cutTexts.close,
      rejectLabel: cutTexts.cancel,
      defaultFocus: 'reject',
      accept: () => void close(false),
    });

  return <Button type="button" label={compact ? undefined : cutTexts.close} aria-label={cutTexts.close} icon="pi pi-lock" severity="warning" onClick={ask} />;
}
