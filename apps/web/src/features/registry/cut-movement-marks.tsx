import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FINISHED_REGISTRATION_CODES, MOVEMENT_TYPE_OPTIONS, type MovementScope, type RegistrationStatusCode, type StampStatusCode } from '@goc/contracts';
import { OnlineOnlyButton } from '../../components/online-only-button';
import { useConfirm } from '../../components/confirm/use-confirm';
import type { ResourceRow } from '../../components/list/resource-types';
import type { RowSelection } from '../../components/list/row-selection';
import { isStatusDisplay } from '../../components/list/status-tag';
import { useLoading } from '../../components/loading/use-loading';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { usePermissions } from '../../lib/session/permissions-store';
import { MOVEMENT_MODULES } from './movement-resources';
import { fetchStatusCodes, markCutMovements } from './weekly-cut-api';
import { cutTexts } from './weekly-cut-texts';

/** What HR marks after IMSS answers, as the system statuses it sets (docs/registry.md). */
const MARKS: readonly { label: string; icon: string; registration: RegistrationStatusCode; stamp?: StampStatusCode }[] = [
  { label: cutTexts.markSent, icon: 'pi pi-send', registration: 'en_tramite' },
  { label: cutTexts.markApplied, icon: 'pi pi-check-circle', registration: 'aplicado', stamp: 'timbrado' },
];
type Mark = (typeof MARKS)[number];

const isFinished = (row: ResourceRow) => isStatusDisplay(row.registrationStatus) && FINISHED_REGISTRATION_CODES.includes(String(row.registrationStatus.code ?? ''));
const scopeOf = (row: ResourceRow): MovementScope => (row.scope === 'obra' ? 'obra' : 'oficina');

function movementLabel(row: ResourceRow): string {
  const type = MOVEMENT_TYPE_OPTIONS.find((o) => o.value === row.type)?.label ?? String(row.type ?? '');
  const employee = row.employee as { label?: unknown } | null | undefined;
  return cutTexts.movementOf(type, typeof employee?.label === 'string' ? employee.label : `#${row.id}`);
}

function MarkButtons({ cutId, rows, clear }: { cutId: number; rows: readonly ResourceRow[]; clear: () => void }) {
  const confirm = useConfirm();
  const loading = useLoading();
  const toast = useToast();
  const queryClient = useQueryClient();

  const mark = async (choice: Mark) => {
    try {
      const codes = await loading.run(fetchStatusCodes());
      const registrationStatusId = codes.registration.get(choice.registration);
      const stampStatusId = choice.stamp ? codes.stamp.get(choice.stamp) : undefined;
      const missing = registrationStatusId === undefined ? choice.registration : choice.stamp && stampStatusId === undefined ? choice.stamp : null;
      if (missing !== null || registrationStatusId === undefined) {
        toast.add({ severity: 'error', summary: cutTexts.markFailed, detail: cutTexts.statusMissing(missing ?? choice.registration), life: 8000 });
        return;
      }
      const items = rows.map((row) => ({ id: row.id, version: row.version }));
      const updated = await loading.run(markCutMovements(cutId, { items, registrationStatusId, ...(stampStatusId === undefined ? {} : { stampStatusId }) }));
      toast.add({ severity: 'success', summary: cutTexts.marked(updated, choice.label), life: 4000 });
      clear();
      // The movements, the cut's totals by status and the office / works lists all show the new statuses.
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
    } catch (error) {
      toast.add({ severity: 'error', summary: cutTexts.markFailed, detail: errorMessage(error), life: 8000 });
    }
  };

  const ask = (choice: Mark) =>
    confirm.require({
      header: cutTexts.markHeader(choice.label),
      message: cutTexts.markQuestion(rows.length, choice.label) + (choice.registration === 'aplicado' ? cutTexts.markAppliedNote : ''),
      icon: choice.icon,
      acceptLabel: cutTexts.markAccept,
      rejectLabel: cutTexts.cancel,
      defaultFocus: 'reject',
      accept: () => void mark(choice),
    });

  return MARKS.map((choice) => <OnlineOnlyButton key={choice.registration} type="button" label={choice.label} icon={choice.icon} size="small" outlined onClick={() => ask(choice)} />);
}

/**
 * The cut's movements chosen with checkboxes and marked «Enviado al IMSS» or «Aplicado / Timbrado»
 * at once: the rows of a scope the user may edit whose registration status is not final yet
 * (an applied or cancelled movement changes only its stamp and error, one at a time).
 */
export function useCutMovementMarks(cutId: number): RowSelection | undefined {
  const { can } = usePermissions();
  const office = can(MOVEMENT_MODULES.oficina, 'edit');
  const works = can(MOVEMENT_MODULES.obra, 'edit');
  return useMemo(() => {
    if (!office && !works) return undefined;
    const editable = { oficina: office, obra: works };
    return {
      selectable: (row) => editable[scopeOf(row)] && !isFinished(row),
      label: movementLabel,
      actions: (rows, clear) => <MarkButtons cutId={cutId} rows={rows} clear={clear} />,
    };
  }, [cutId, office, works]);
}
