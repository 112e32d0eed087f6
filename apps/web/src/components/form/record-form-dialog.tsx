import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { MESSAGES, savedMessage, writeWarningsSchema, type CatalogField } from '@goc/contracts';
import { useToast } from '../toast/use-toast';
import { apiErrorBody, errorMessage, httpStatus } from '../../lib/api/api-error';
import { createRecord, fetchRecord, updateRecord } from '../../lib/resources/records';
import { resourceKeys } from '../../lib/resources/query-keys';
import type { ListResource, ResourceRow } from '../list/resource-types';
import { FieldInput } from './field-input';
import { FormDialog } from './form-dialog';
import { fieldTextIds, FormField } from './form-field';
import { formTexts } from './form-texts';
import {
  changedNames,
  formFields,
  initialValues,
  pick,
  serverFieldErrors,
  writableNames,
  zodFieldErrors,
  type FieldErrors,
  type FormMode,
  type FormValues,
} from './form-values';
import { PasswordRules } from './password-rules';
import { useFormState } from './use-form-state';

export interface FormSectionContext {
  mode: FormMode;
  values: FormValues;
  errors: FieldErrors;
  setValue: (name: string, value: unknown) => void;
}

/** What a page adds to the generated form: values the declared fields do not cover and their inputs. */
export interface FormExtension {
  /** Starting values of the extra keys (a role's permission matrix); they travel with the fields. */
  initialValues: (record: ResourceRow | null) => FormValues;
  /** Drawn under the declared fields. */
  render: (context: FormSectionContext) => ReactNode;
}

export interface RecordFormDialogProps {
  resource: ListResource;
  /** null: create; a row: edit it. */
  record: ResourceRow | null;
  onHide: () => void;
  onSaved?: (row: ResourceRow, mode: FormMode) => void;
  extension?: FormExtension;
  /** Dialog width (default by the number of fields). */
  width?: string;
}

/** Optimistic concurrency: a 409 with this message means someone saved the record in between. */
function isStaleVersion(error: unknown): boolean {
  return httpStatus(error) === 409 && apiErrorBody(error)?.message === MESSAGES.staleVersion;
}

const WIDE_FORM_FIELDS = 4;

/**
 * Create / edit in a maximizable dialog. The form is generated from the resource's declared fields
 * and checked with the same zod schema as the API (createInput / updateInput); the server's field
 * errors appear next to their fields; an edit sends only what changed plus the version read, and a
 * stale version offers to reload the record.
 */
export function RecordFormDialog({ resource, record: initialRecord, onHide, onSaved, extension, width }: RecordFormDialogProps) {
  const mode: FormMode = initialRecord ? 'edit' : 'create';
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();

  const [base, setBase] = useState(() => ({
    record: initialRecord,
    values: { ...initialValues(resource.fields, initialRecord), ...extension?.initialValues(initialRecord) },
  }));
  const [stale, setStale] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);

  const fields = useMemo(() => formFields(resource.fields, mode, base.record), [resource.fields, mode, base.record]);
  const extraNames = useMemo(() => Object.keys(extension?.initialValues(null) ?? {}), [extension]);
  const names = useMemo(() => [...writableNames(resource.fields, mode), ...extraNames], [resource.fields, mode, extraNames]);

  const validate = useCallback(
    (values: FormValues): FieldErrors => {
      const result =
        mode === 'create'
          ? resource.schemas.createInput.safeParse(pick(values, names))
          : resource.schemas.updateInput.safeParse({ version: base.record?.version, ...pick(values, names) });
      return result.success ? {} : zodFieldErrors(result.error);
    },
    [mode, names, resource.schemas, base.record],
  );
  const form = useFormState(base.values, validate);

  const save = useMutation({
    mutationFn: (body: FormValues) =>
      base.record ? updateRecord(resource.resource, base.record.id, body) : createRecord(resource.resource, body),
    onSuccess: async (row) => {
      toast.add({ severity: 'success', summary: savedMessage(resource.nouns, mode === 'create' ? 'created' : 'updated'), life: 3000 });
      // Saved anyway, but some value deserves a second look (the NSS check digit).
      const warnings = writeWarningsSchema.safeParse(row.warnings);
      for (const detail of warnings.success ? Object.values(warnings.data) : []) {
        toast.add({ severity: 'warn', summary: formTexts.savedWithWarning, detail, life: 8000 });
      }
      // Other lists show this record's label (references): refresh every resource query on screen.
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
      onSaved?.(row, mode);
      onHide();
    },
    onError: (error) => {
      const message = errorMessage(error);
      toast.add({ severity: 'error', summary: formTexts.saveFailed, detail: message, life: 6000 });
      if (isStaleVersion(error)) {
        setStale(true);
        setGeneralErrors([]);
        return;
      }
      const byField = serverFieldErrors(apiErrorBody(error)?.fields);
      const known = Object.fromEntries(Object.entries(byField).filter(([name]) => names.includes(name)));
      const unknown = Object.entries(byField).filter(([name]) => !names.includes(name)).map(([, text]) => text);
      form.setServerErrors(known);
      setGeneralErrors(Object.keys(known).length > 0 && unknown.length === 0 ? [] : [message, ...unknown]);
    },
  });

  const reload = useMutation({
    mutationFn: () => fetchRecord(resource.resource, base.record?.id ?? 0, resource.schemas.entity),
    onSuccess: (fresh) => {
      const values = { ...initialValues(resource.fields, fresh), ...extension?.initialValues(fresh) };
      setBase({ record: fresh, values });
      form.reset(values);
      setStale(false);
      setGeneralErrors([]);
      // The list behind the dialog shows the old row too.
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource.resource) });
    },
    onError: (error) => toast.add({ severity: 'error', summary: formTexts.saveFailed, detail: errorMessage(error), life: 6000 }),
  });

  const setValue = (name: string, value: unknown) => {
    form.setValue(name, value);
    // A dependent picker (a work's subcategory) loses its value when its parent changes.
    if (form.values[name] !== value) {
      for (const dependent of resource.fields.filter((f) => f.reference?.dependsOn?.field === name)) form.setValue(dependent.name, null);
    }
  };

  const submit = () => {
    if (!form.check()) return;
    if (mode === 'create') {
      save.mutate(pick(form.values, names));
      return;
    }
    const changed = changedNames(names, base.values, form.values);
    if (changed.length === 0) {
      toast.add({ severity: 'info', summary: formTexts.noChanges, life: 3000 });
      onHide();
      return;
    }
    save.mutate({ version: base.record?.version, ...pick(form.values, changed) });
  };

  const labelOf = (name: string) => resource.fields.find((f) => f.name === name)?.label;
  const wide = fields.length > WIDE_FORM_FIELDS || extension !== undefined;

  const renderField = (field: CatalogField) => {
    const id = `${formId}-${field.name}`;
    const ids = fieldTextIds(id);
    const error = form.errors[field.name];
    const value = form.values[field.name];
    const warning = field.warning && typeof value === 'string' ? field.warning(value) : null;
    const describedBy = [error ? ids.error : warning ? ids.warning : null, field.hint ? ids.hint : null].filter(Boolean).join(' ') || undefined;
    const dependsOn = field.reference?.dependsOn;
    return (
      <FormField
        key={field.name}
        id={id}
        label={field.label}
        required={field.required}
        error={error}
        warning={warning}
        hint={field.type === 'password' ? undefined : field.hint}
        help={field.type === 'password' ? <PasswordRules password={typeof value === 'string' ? value : ''} username={String(form.values.username ?? '')} /> : undefined}
        wide={field.type === 'textarea' || field.type === 'multiReference'}
        markOptional={field.type !== 'boolean' && field.form !== 'readOnly'}
      >
        <FieldInput
          id={id}
          field={field}
          value={value}
          onChange={(next) => setValue(field.name, next)}
          values={form.values}
          record={base.record}
          parentLabel={dependsOn ? labelOf(dependsOn.field) : undefined}
          invalid={error !== undefined}
          describedBy={describedBy}
        />
      </FormField>
    );
  };

  return (
    <FormDialog
      formId={formId}
      header={mode === 'create' ? formTexts.newTitle(resource.nouns) : formTexts.editTitle(resource.nouns)}
      width={width ?? (wide ? '52rem' : '34rem')}
      pending={save.isPending}
      submitDisabled={stale}
      onHide={onHide}
      onSubmit={submit}
    >
      {stale && (
        <Message
          severity="warn"
          className="w-full justify-start"
          content={
            <div className="flex w-full flex-wrap items-center gap-3">
              <i className="pi pi-exclamation-triangle text-lg" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <div className="font-semibold">{MESSAGES.staleVersion}</div>
                <div className="text-sm">{formTexts.reloadHint}</div>
              </div>
              <Button type="button" label={formTexts.reload} icon="pi pi-refresh" size="small" loading={reload.isPending} onClick={() => reload.mutate()} />
            </div>
          }
        />
      )}
      {generalErrors.length > 0 && (
        <Message
          severity="error"
          className="w-full justify-start"
          content={
            <ul className="m-0 list-none space-y-1 p-0">
              {generalErrors.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
      <div className={`grid grid-cols-1 gap-4 ${wide ? 'md:grid-cols-2' : ''}`}>{fields.map(renderField)}</div>
      {extension?.render({ mode, values: form.values, errors: form.errors, setValue })}
    </FormDialog>
  );
}
