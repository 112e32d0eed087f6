import { useId } from 'react';
import { Button } from 'primereact/button';
import { formTexts } from './form-texts';
import { useRecordForm, type RecordFormOptions } from './use-record-form';

export interface RecordFormPageProps extends Omit<RecordFormOptions, 'onDone'> {
  /** Page title (default 'Nuevo …' / 'Editar …'). */
  title?: string;
  /** Where Cancelar and a successful save lead (back to the list). */
  onLeave: () => void;
}

/**
 * The record form as a page of its own (Crear oficina): the same form as the dialog, with its buttons
 * at the end. Its heading is an h2: the shell's header holds the page's one h1.
 */
export function RecordFormPage({ title, onLeave, ...options }: RecordFormPageProps) {
  const form = useRecordForm({ ...options, onDone: onLeave });
  const headingId = useId();
  return (
    <section className="goc-card mx-auto flex max-w-4xl flex-col gap-4 p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="m-0 text-xl font-semibold">
        {title ?? form.title}
      </h2>
      <form
        id={form.formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
        className="flex flex-col gap-4"
      >
        {form.body}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button type="button" label={formTexts.cancel} severity="secondary" text onClick={() => form.leave(onLeave)} />
          <Button type="submit" label={formTexts.save} icon="pi pi-check" loading={form.pending} disabled={form.stale} />
        </div>
      </form>
    </section>
  );
}
