import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { InputTextarea } from 'primereact/inputtextarea';
import { FINISHED_REGISTRATION_CODES, registryMovementsResource, rowLabel, type ReferenceDisplay, type ResourceKey } from '@goc/contracts';
import { FormDialog } from '../../components/form/form-dialog';
import { useDialogDraft } from '../../components/form/form-draft';
import { FormField } from '../../components/form/form-field';
import { ReferencePicker } from '../../components/form/inputs/reference-picker';
import { isStatusDisplay } from '../../components/list/status-tag';
import type { ResourceRow } from '../../components/list/resource-types';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage, httpStatus } from '../../lib/api/api-error';
import { updateMovementStatus, type StatusChange } from './movement-api';
import { movementTexts } from './movement-texts';

const STATUS_FIELDS = ['registrationStatusId', 'stampStatusId', 'errorStatusId'] as const;
type StatusField = (typeof STATUS_FIELDS)[number];

const fieldOf = (name: string) => registryMovementsResource.fields.find((f) => f.name === name);

/** The row's joined status as the picker's held option ({id, name, color} → {id, label, color}). */
function heldStatus(row: ResourceRow, name: StatusField): ReferenceDisplay | null {
  const display = row[fieldOf(name)?.reference?.displayKey ?? ''];
  if (!isStatusDisplay(display) || typeof row[name] !== 'number') return null;
  return { id: row[name], label: display.name, ...(typeof display.color === 'string' ? { color: display.color } : {}) };
}

/** Whose drafts the status dialog leaves when the session ends; its context is the movement's row. */
export const STATUS_DRAFT_OWNER = 'registryMovements/status';

const numberOr = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * The three statuses of a movement and the error detail, saved with PATCH /:id/status and the
 * version read (closed cuts too). "Aplicado" applies the movement to the employee; once the
 * registration status is aplicado / cancelado only the stamp and error change. A refusal stays here.
 */
export function MovementStatusDialog({ row, onHide }: { row: ResourceRow; onHide: () => void }) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<StatusField, number | null>>({
    registrationStatusId: numberOr(row.registrationStatusId),
    stampStatusId: numberOr(row.stampStatusId),
    errorStatusId: numberOr(row.errorStatusId),
  });
  const [errorDetail, setErrorDetail] = useState(typeof row.errorDetail === 'string' ? row.errorDetail : '');
  // The statuses picked and the error detail typed come back after signing in again.
  useDialogDraft({
    owner: STATUS_DRAFT_OWNER,
    id: String(row.id),
    context: row,
    values: { values, errorDetail },
    dirty: STATUS_FIELDS.some((name) => values[name] !== numberOr(row[name])) || errorDetail !== (typeof row.errorDetail === 'string' ? row.errorDetail : ''),
    restore: (kept) => {
      setValues(kept.values);
      setErrorDetail(kept.errorDetail);
    },
  });
  const registration = row.registrationStatus;
  const registrationFinal = isStatusDisplay(registration) && FINISHED_REGISTRATION_CODES.includes(String(registration.code ?? ''));

  const save = useMutation({
    mutationFn: (change: StatusChange) => updateMovementStatus(row.id, change),
    onSuccess: async () => {
      toast.add({ severity: 'success', summary: movementTexts.statusSaved, life: 3000 });
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
      onHide();
    },
  });

  const submit = () => {
    const change: StatusChange = { version: row.version };
    for (const name of STATUS_FIELDS) if (values[name] !== null && values[name] !== row[name]) change[name] = values[name];
    if (errorDetail.trim() !== (row.errorDetail ?? '')) change.errorDetail = errorDetail;
    save.mutate(change);
  };

  return (
    <FormDialog formId={formId} header={movementTexts.statusTitle(rowLabel(registryMovementsResource, row))} width="34rem" pending={save.isPending} onHide={onHide} onSubmit={submit}>
      {save.isError && (
        <Message
          severity="error"
          className="w-full justify-start"
          text={httpStatus(save.error) === 409 ? `${errorMessage(save.error)}. ${movementTexts.staleHint}` : `${movementTexts.statusFailed}: ${errorMessage(save.error)}`}
        />
      )}
      {STATUS_FIELDS.map((name) => {
        const field = fieldOf(name);
        const id = `${formId}-${name}`;
        const locked = name === 'registrationStatusId' && registrationFinal;
        return (
          <FormField key={name} id={id} label={field?.label ?? name} required={false} markOptional={false} hint={locked ? movementTexts.registrationFinal : undefined}>
            {locked ? (
              <span id={id} className="text-sm">
                {isStatusDisplay(registration) ? registration.name : ''}
              </span>
            ) : (
              <ReferencePicker
                id={id}
                target={field?.reference?.target as ResourceKey | undefined}
                value={values[name]}
                onChange={(next) => setValues((current) => ({ ...current, [name]: next }))}
                current={heldStatus(row, name)}
                required
              />
            )}
          </FormField>
        );
      })}
      <FormField id={`${formId}-errorDetail`} label={fieldOf('errorDetail')?.label ?? ''} required={false}>
        <InputTextarea id={`${formId}-errorDetail`} value={errorDetail} maxLength={500} rows={3} onChange={(e) => setErrorDetail(e.target.value)} className="w-full" />
      </FormField>
    </FormDialog>
  );
}
