import { Fragment, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors as HookFieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { MESSAGES, savedMessage, writeWarningsSchema, type ResourceField } from '@goc/contracts';
import { useToast } from '../toast/use-toast';
import { apiErrorBody, errorMessage, httpStatus, isConnectionError } from '../../lib/api/api-error';
import { createRecord, fetchRecord, updateRecord } from '../../lib/resources/records';
import { resourceKeys } from '../../lib/resources/query-keys';
import type { ListResource, ResourceRow } from '../list/resource-types';
import { FieldInput } from './field-input';
import { LinesEditor, type ComputedColumn } from './lines-editor';
import { fieldTextIds, FormField } from './form-field';
import { formTexts } from './form-texts';
import { bodyValues, changedNames, firstMessages, formFields, initialValues, pick, writableNames, type FieldErrors, type FormMode, type FormValues } from './form-values';
import { useFormDraft } from './form-draft';
import { PasswordRules } from './password-rules';
import { useUnsavedChanges } from './unsaved-changes';

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
  /** Drawn under the declared fields, or right after the field named here (a movement's new employee after the employee picker). */
  render: (context: FormSectionContext) => ReactNode;
  after?: string;
  /** Drawn at the very end of the form, whatever `after` says (a new order's photos under its lines). */
  end?: (context: FormSectionContext) => ReactNode;
  /** Once saved, with every value of the form (those it does not send too: files to upload to the new record). */
  afterSave?: (row: ResourceRow, values: FormValues, mode: FormMode) => void;
  /**
   * When the save could not reach the server (no signal): keeps the body, the record it edits and
   * every value of the form for later (the offline outbox, docs/offline.md) and says in a sentence
   * what happened; the form then closes as after a save. Without it the error shows as any other.
   */
  keepOffline?: (body: FormValues, record: ResourceRow | null, values: FormValues) => Promise<string>;
}

/** A note under a field worked out from the whole form: never blocks saving. */
export interface FieldNote {
  warning?: string | null;
  hint?: string;
}

/**
 * How a page bends the generated form to its case (a personnel movement): values it sets itself,
 * fields that apply only to some values of others, notes that read several fields at once.
 */
export interface FormShape {
  /** Values the page decides (a movement's scope): no input, sent as they are. */
  fixed?: FormValues;
  /** Whether a field or extension key applies to the current values; one that does not is neither shown nor sent (a baja's salary). */
  applies?: (name: string, values: FormValues) => boolean;
  /** Whether a field is required for the current values, beyond its declaration (a baja's cause): its label says so. */
  required?: (name: string, values: FormValues) => boolean;
  /** A note under a field (a late effective date, the SDI bounds in force that day). */
  note?: (name: string, values: FormValues) => FieldNote | null;
}

export interface RecordFormOptions {
  resource: ListResource;
  /** null: create; a row: edit it. */
  record: ResourceRow | null;
  /** Create only: values that replace the declared defaults (a copy of another record for "Duplicar"). */
  defaults?: FormValues;
  /**
   * Edit only: the values the form opens with instead of the record's (a refused edit kept on the
   * phone); a save sends what differs from the record, as any edit.
   */
  values?: FormValues;
  extension?: FormExtension;
  shape?: FormShape;
  /** Values computed per line of a `lines` field, by field name (an order line's amount). */
  computed?: Readonly<Record<string, readonly ComputedColumn[]>>;
  onSaved?: (row: ResourceRow, mode: FormMode) => void;
  /**
   * Where the body goes instead of the API (a change kept on the phone, being corrected:
   * docs/offline.md), an edit's with the record's version; its answer is the sentence shown once kept.
   */
  keep?: (body: FormValues) => Promise<string>;
  /** Shown atop the form as it opens: why the server refused these values before. */
  refusal?: string | null;
  /** Shown beside their fields as the form opens ('lines.2.quantity' in its cell): the server's messages of that refusal. */
  refusedFields?: Readonly<Record<string, string>> | null;
  /** Called once saved (or when an edit has nothing to save): the dialog closes, the page goes back. */
  onDone: () => void;
}

/** Optimistic concurrency: a 409 with this message means someone saved the record in between. */
function isStaleVersion(error: unknown): boolean {
  return httpStatus(error) === 409 && apiErrorBody(error)?.message === MESSAGES.staleVersion;
}

const WIDE_FORM_FIELDS = 4;

/**
 * The record form of a resource, whatever frames it (RecordFormDialog, RecordFormPage): inputs
 * generated from the declared fields on react-hook-form, checked with the same zod schema as the
 * API (createInput / updateInput) from the first submit on; the server's field errors next to
 * their fields (a line's cell included: 'lines.2.quantity') until the field changes; an edit sends
 * only what changed plus the version read, and a stale version offers to reload the record.
 */
export function useRecordForm({ resource, record: initialRecord, defaults, values: opening, extension, shape, computed, onSaved, keep, refusal, refusedFields, onDone }: RecordFormOptions) {
  const mode: FormMode = initialRecord ? 'edit' : 'create';
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();

  const startValues = (record: ResourceRow | null): FormValues => ({
    ...initialValues(resource.fields, record),
    ...(record ? {} : defaults),
    ...extension?.initialValues(record),
    ...shape?.fixed,
  });
  const [base, setBase] = useState(() => ({ record: initialRecord, values: startValues(initialRecord) }));
  const [stale, setStale] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>(() => (refusal ? [refusal] : []));

  const fields = useMemo(() => formFields(resource.fields, mode, base.record), [resource.fields, mode, base.record]);
  const extraNames = useMemo(() => Object.keys(extension?.initialValues(null) ?? {}), [extension]);
  const names = useMemo(() => [...writableNames(resource.fields, mode), ...extraNames], [resource.fields, mode, extraNames]);
  const applies = shape?.applies;
  const appliesNow = (name: string, current: FormValues) => applies?.(name, current) ?? true;
  /** The names sent with these values: the writable ones that apply to them. */
  const namesFor = (current: FormValues) => names.filter((name) => appliesNow(name, current));

  // The body the API would receive is what the zod schema checks: the writable values (plus the version on edit).
  const resolver = useMemo((): Resolver<FormValues> => {
    const check = zodResolver(mode === 'create' ? resource.schemas.createInput : resource.schemas.updateInput, undefined, { raw: true });
    return (values, context, options) => {
      const body = pick(bodyValues(resource.fields, values), names.filter((name) => applies?.(name, values) ?? true));
      return check(mode === 'create' ? body : { version: base.record?.version, ...body }, context, options) as ReturnType<
        Resolver<FormValues>
      >;
    };
  }, [mode, names, applies, resource.fields, resource.schemas, base.record]);

  const form = useForm<FormValues>({ defaultValues: initialRecord && opening ? { ...base.values, ...opening } : base.values, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const values = form.watch();
  const errors = firstMessages(form.formState.errors as HookFieldErrors);
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  useFormDraft(form, {
    owner: resource.key,
    id: String(initialRecord?.id ?? 'new'),
    context: initialRecord,
    omit: resource.fields.filter((f) => f.type === 'password').map((f) => f.name),
  });

  /** The server's messages beside their fields; the answer is those of no field of the form. */
  const showFieldErrors = (fields: Readonly<Record<string, string>>): string[] => {
    const byPath = Object.entries(fields);
    const isOwn = (path: string) => names.includes(path.split('.')[0] ?? path);
    for (const [path, text] of byPath.filter(([path]) => isOwn(path))) form.setError(path, { type: 'server', message: text });
    return byPath.filter(([path]) => !isOwn(path)).map(([, text]) => text);
  };
  // A refusal being corrected: its field messages as the form opens, once.
  const refusedShown = useRef(false);
  useEffect(() => {
    if (refusedShown.current || !refusedFields) return;
    refusedShown.current = true;
    showFieldErrors(refusedFields);
  });

  const save = useMutation({
    mutationFn: (body: FormValues) => (base.record ? updateRecord(resource.resource, base.record.id, body) : createRecord(resource.resource, body)),
    onSuccess: async (row) => {
      toast.add({ severity: 'success', summary: savedMessage(resource.nouns, mode === 'create' ? 'created' : 'updated'), life: 3000 });
      // Saved anyway, but some value deserves a second look (the NSS check digit).
      const warnings = writeWarningsSchema.safeParse(row.warnings);
      for (const detail of warnings.success ? Object.values(warnings.data) : []) {
        toast.add({ severity: 'warn', summary: formTexts.savedWithWarning, detail, life: 8000 });
      }
      // Other lists show this record's label (references): refresh every resource query on screen.
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
      unsaved.release();
      extension?.afterSave?.(row, form.getValues(), mode);
      onSaved?.(row, mode);
      onDone();
    },
    onError: async (error, body) => {
      if (extension?.keepOffline && isConnectionError(error)) {
        const kept = await extension.keepOffline(body, base.record, form.getValues()).catch(() => null);
        if (kept !== null) {
          toast.add({ severity: 'info', summary: kept, life: 6000 });
          unsaved.release();
          onDone();
          return;
        }
      }
      const message = errorMessage(error);
      toast.add({ severity: 'error', summary: formTexts.saveFailed, detail: message, life: 6000 });
      if (isStaleVersion(error)) {
        setStale(true);
        setGeneralErrors([]);
        return;
      }
      const fields = apiErrorBody(error)?.fields ?? {};
      const unknown = showFieldErrors(fields);
      setGeneralErrors(Object.keys(fields).length > 0 && unknown.length === 0 ? [] : [message, ...unknown]);
    },
  });

  const kept = useMutation({
    mutationFn: ({ to, body }: { to: (body: FormValues) => Promise<string>; body: FormValues }) => to(body),
    onSuccess: (sentence) => {
      toast.add({ severity: 'info', summary: sentence, life: 6000 });
      unsaved.release();
      onDone();
    },
    onError: (error) => toast.add({ severity: 'error', summary: formTexts.saveFailed, detail: errorMessage(error), life: 6000 }),
  });

  const reload = useMutation({
    mutationFn: () => fetchRecord(resource.resource, base.record?.id ?? 0, resource.schemas.entity),
    onSuccess: (fresh) => {
      const next = startValues(fresh);
      setBase({ record: fresh, values: next });
      form.reset(next);
      setStale(false);
      setGeneralErrors([]);
      // The list behind the dialog shows the old row too.
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource.resource) });
    },
    onError: (error) => toast.add({ severity: 'error', summary: formTexts.saveFailed, detail: errorMessage(error), life: 6000 }),
  });

  const setValue = (name: string, value: unknown) => {
    const previous = form.getValues(name);
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    // A dependent picker (a work's subcategory) loses its value when its parent changes.
    if (previous !== value) {
      for (const dependent of resource.fields.filter((f) => f.reference?.dependsOn?.field === name)) form.setValue(dependent.name, null);
    }
  };

  const submit = form.handleSubmit(() => {
    const current = bodyValues(resource.fields, form.getValues());
    const sent = namesFor(current);
    if (mode === 'create') {
      if (keep) kept.mutate({ to: keep, body: pick(current, sent) });
      else save.mutate(pick(current, sent));
      return;
    }
    const changed = changedNames(sent, bodyValues(resource.fields, base.values), current);
    if (changed.length === 0) {
      toast.add({ severity: 'info', summary: formTexts.noChanges, life: 3000 });
      unsaved.release();
      onDone();
      return;
    }
    const body = { version: base.record?.version, ...pick(current, changed) };
    if (keep) kept.mutate({ to: keep, body });
    else save.mutate(body);
  });

  const labelOf = (name: string) => resource.fields.find((f) => f.name === name)?.label;
  const wide = fields.length > WIDE_FORM_FIELDS || extension !== undefined;

  const renderField = (field: ResourceField) => {
    const id = `${formId}-${field.name}`;
    const ids = fieldTextIds(id);
    const error = errors[field.name];
    const value = values[field.name];
    const note = shape?.note?.(field.name, values);
    const warning = note?.warning ?? (field.warning && typeof value === 'string' ? field.warning(value) : null);
    const hint = note?.hint ?? field.hint;
    const describedBy = [error ? ids.error : warning ? ids.warning : null, hint ? ids.hint : null].filter(Boolean).join(' ') || undefined;
    const dependsOn = field.reference?.dependsOn;
    return (
      <FormField
        key={field.name}
        id={id}
        label={field.label}
        required={field.required || (shape?.required?.(field.name, values) ?? false)}
        error={field.type === 'lines' ? undefined : error}
        warning={warning}
        hint={field.type === 'password' ? undefined : hint}
        help={field.type === 'password' ? <PasswordRules password={typeof value === 'string' ? value : ''} username={String(values.username ?? '')} /> : undefined}
        wide={field.type === 'textarea' || field.type === 'multiReference' || field.type === 'lines'}
        markOptional={field.type !== 'boolean' && field.form !== 'readOnly'}
      >
        {field.type === 'lines' ? (
          <LinesEditor id={id} field={field} computed={computed?.[field.name]} />
        ) : (
        <FieldInput
          id={id}
          field={field}
          value={value}
          onChange={(next) => setValue(field.name, next)}
          values={values}
          record={base.record}
          parentLabel={dependsOn ? labelOf(dependsOn.field) : undefined}
          invalid={error !== undefined}
          describedBy={describedBy}
        />
        )}
      </FormField>
    );
  };

  const fixedNames = Object.keys(shape?.fixed ?? {});
  const shownFields = fields.filter((field) => !fixedNames.includes(field.name) && appliesNow(field.name, values));
  const section = extension?.render({ mode, values, errors, setValue });
  const end = extension?.end?.({ mode, values, errors, setValue });
  const placedAfterField = shownFields.some((field) => field.name === extension?.after);

  const body = (
    <FormProvider {...form}>
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
      <div className={`grid grid-cols-1 gap-4 ${wide ? 'md:grid-cols-2' : ''}`}>
        {shownFields.map((field) => (
          <Fragment key={field.name}>
            {renderField(field)}
            {field.name === extension?.after && section && <div className="md:col-span-2">{section}</div>}
          </Fragment>
        ))}
      </div>
      {!placedAfterField && section}
      {end}
    </FormProvider>
  );

  return {
    formId,
    mode,
    title: mode === 'create' ? formTexts.newTitle(resource.nouns) : formTexts.editTitle(resource.nouns),
    wide,
    body,
    submit: () => void submit(),
    pending: save.isPending || kept.isPending,
    stale,
    /** Leaves the form (closing the dialog, going back), asking first when it holds unsaved changes. */
    leave: unsaved.confirmLeave,
  };
}
