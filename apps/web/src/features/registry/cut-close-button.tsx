import { useQueryClient } from '@tanstack/react-query';
import { businessToday, registryCutsResource, type RegistryCut } from '@goc/contracts';
import { OnlineOnlyButton } from '../../components/online-only-button';
import { useConfirm } from '../../components/confirm/use-confirm';
import { useRowPermissions } from '../../components/list/row-permissions';
import { useLoading } from '../../components/loading/use-loading';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { closeCut } from './weekly-cut-api';
import { cutTexts } from './weekly-cut-texts';

/** The week of the cut has not ended yet (Mexico City): closing it now needs the API's force flag. */
const weekNotOver = (cut: RegistryCut) => cut.endDate !== null && businessToday() <= cut.endDate;

/**
 * "Cerrar corte" (registry_history edit, open cuts only): one confirmation, then the close. Before
 * the week ends the confirmation says so and what closing means, and the close is sent forced.
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
      toast.add({ severity: 'error', summary: cutTexts.closeFailed, detail: errorMessage(error), life: 8000 });
    }
  };

  const ask = () => {
    const early = weekNotOver(cut);
    confirm.require({
      header: early ? cutTexts.closeEarlyHeader : cutTexts.close,
      message: early && cut.endDate !== null ? cutTexts.closeEarlyQuestion(cut.label ?? '', cut.endDate) : cutTexts.closeQuestion(cut.label ?? ''),
      icon: early ? 'pi pi-exclamation-triangle' : 'pi pi-lock',
      acceptLabel: early ? cutTexts.closeEarly : cutTexts.close,
      rejectLabel: cutTexts.cancel,
      acceptClassName: early ? 'p-button-warning' : undefined,
      defaultFocus: 'reject',
      accept: () => void close(early),
    });
  };

  return <OnlineOnlyButton type="button" label={compact ? undefined : cutTexts.close} aria-label={cutTexts.close} icon="pi pi-lock" severity="warning" onClick={ask} />;
}
