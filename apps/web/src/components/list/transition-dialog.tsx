import { useId, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { COMMENT_MAX_LENGTH, rowLabel, transitionInputSchema, transitionMessage, WORKFLOW_MESSAGES, type ActionDeclaration } from '@goc/contracts';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { postTransition } from '../../lib/resources/records';
import { resourceKeys } from '../../lib/resources/query-keys';
import { useUploadFiles, type UploadFiles } from '../attachments/attach-files-input';
import { FormDialog } from '../form/form-dialog';
import { useDialogDraft } from '../form/form-draft';
import { fieldTextIds, FormField } from '../form/form-field';
import { useUnsavedChanges } from '../form/unsaved-changes';
import { useToast } from '../toast/use-toast';
import type { ListResource, ResourceRow } from './resource-types';
import { isStatusDisplay } from './status-tag';
import { transitionDraftOwner, type TransitionDraftContext } from './transition-draft';

export const transitionTexts = {
  comment: 'Comentario',
  afterFailed: 'El estatus se actualizó, pero no se completó el resto del paso',
} as const;

/** Inputs a workflow adds to some actions (its declared `input`), rendered by the page that knows them. */
export interface TransitionInputs {
  initial: Record<string, unknown>;
  render: (props: {
    /** The record the action applies to (its lines, for inputs per line). */
    row: ResourceRow;
    action: ActionDeclaration;
    values: Record<string, unknown>;
    set: (name: string, value: unknown) => void;
    errors: Record<string, string>;
  }) => ReactNode;
  /** Work of the same step once the action succeeded (the quote attached to a purchase, through `uploadFiles`); a failure is reported, the action stays done. */
  afterDone?: (saved: ResourceRow, action: ActionDeclaration, values: Record<string, unknown>, tools: { uploadFiles: UploadFiles }) => Promise<void>;
}

interface TransitionDialogProps {
  resource: ListResource;
  row: ResourceRow;
  action: ActionDeclaration;
  inputs?: TransitionInputs;
  onHide: () => void;
  onDone?: (row: ResourceRow) => void;
}

/**
 * One workflow action on one record: its question, a comment (required when the action says so)
 * and the workflow's own inputs, posted to /:id/transitions with the version read. A record moved
 * by someone else meanwhile answers 409, whose message stays in the dialog.
 */
export function TransitionDialog({ resource, row, action, inputs, onHide, onDone }: TransitionDialogProps) {
  const formId = useId();
  const commentId = `${formId}-comment`;
  const toast = useToast();
  const queryClient = useQueryClient();
  const uploadFiles = useUploadFiles();
  const [comment, setComment] = useState('');
  const initial = useRef(inputs?.initial ?? {});
  const [values, setValues] = useState<Record<string, unknown>>(initial.current);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const label = rowLabel(resource, row);
  const unsaved = useUnsavedChanges(comment.trim() !== '');
  // The comment and the workflow's inputs (prices, a justification) come back after signing in again.
  useDialogDraft({
    owner: transitionDraftOwner(resource),
    id: `${row.id}/${action.to}/${action.label}`,
    context: { row, action } satisfies TransitionDraftContext,
    values: { comment, values },
    dirty: comment.trim() !== '' || values !== initial.current,
    restore: (kept) => {
      setComment(kept.comment);
      setValues(kept.values);
    },
  });

  const send = useMutation({
    mutationFn: (body: Record<string, unknown>) => postTransition(resource.resource, row.id, body),
    onSuccess: async (saved) => {
      // The status reached names what happened ('Pedido PED-000061 autorizado'); the action's label when the answer lacks it.
      const status = resource.workflow ? saved[resource.workflow.statusKey] : undefined;
      toast.add({ severity: 'success', summary: isStatusDisplay(status) ? transitionMessage(resource.nouns, label, status.name) : `${action.label}: ${label}`, life: 3000 });
      unsaved.release();
      await inputs?.afterDone?.(saved, action, values, { uploadFiles }).catch((error: unknown) =>
        toast.add({ severity: 'error', summary: transitionTexts.afterFailed, detail: errorMessage(error), life: 8000 }),
      );
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource.resource) });
      onDone?.(saved);
      onHide();
    },
    onError: (error) => setErrors(apiErrorBody(error)?.fields ?? {}),
  });

  const submit = () => {
    if (action.commentRequired && comment.trim() === '') {
      setErrors({ comment: WORKFLOW_MESSAGES.commentRequired });
      return;
    }
    const parsed = transitionInputSchema(resource).safeParse({ ...values, to: action.to, version: row.version, comment });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  // A 409 (moved meanwhile) or any refusal without field details is shown above the inputs.
  const refusal = send.isError && Object.keys(errors).length === 0 ? errorMessage(send.error) : null;

  return (
    <FormDialog
      formId={formId}
      header={`${action.label}: ${label}`}
      width="32rem"
      submitLabel={action.label}
      submitIcon={action.icon}
      pending={send.isPending}
      onHide={() => unsaved.confirmLeave(onHide)}
      onSubmit={submit}
    >
      {action.confirm && (
        <p className="m-0">
          {action.confirm} <strong>{label}</strong>
        </p>
      )}
      {refusal && <Message severity="error" text={refusal} className="w-full justify-start" />}
      <FormField id={commentId} label={transitionTexts.comment} required={action.commentRequired === true} error={errors.comment}>
        <InputTextarea
          id={commentId}
          value={comment}
          maxLength={COMMENT_MAX_LENGTH}
          rows={3}
          onChange={(event) => setComment(event.target.value)}
          invalid={errors.comment !== undefined}
          aria-describedby={errors.comment ? fieldTextIds(commentId).error : undefined}
          className="w-full"
        />
      </FormField>
      {inputs?.render({ row, action, values, set: (name, value) => setValues((v) => ({ ...v, [name]: value })), errors })}
    </FormDialog>
  );
}
