import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { UseFormReturn } from 'react-hook-form';
import { registerOpenForm, takeDraft } from '../../lib/session/draft-keeper';
import type { FormValues } from './form-values';

export interface FormDraftOptions {
  /** Who owns the form (a resource's key) and which of its forms ('new' or a record's id). */
  owner: string;
  id: string;
  /** What the owner needs to open the form again (the record being edited). */
  context: unknown;
  /** Values never kept (passwords). */
  omit: readonly string[];
  onRestored: () => void;
}

/**
 * Nothing typed is lost when the session ends (lib/session/draft-keeper): the form's unsaved
 * values are kept in memory when it closes because the session ended, and put back — as unsaved
 * changes — when the same form opens on the same page after the same person signs in again.
 */
export function useFormDraft(form: UseFormReturn<FormValues>, { owner, id, context, omit, onRestored }: FormDraftOptions): void {
  const path = useLocation().pathname;
  const dirty = useRef(false);
  dirty.current = form.formState.isDirty;
  const latest = useRef({ owner, id, context, omit, onRestored, path });
  latest.current = { owner, id, context, omit, onRestored, path };

  useEffect(() => {
    const at = latest.current;
    const draft = takeDraft(at.owner, at.id, at.path);
    if (draft) {
      form.reset({ ...form.getValues(), ...draft.values }, { keepDefaultValues: true });
      at.onRestored();
    }
    return registerOpenForm({
      owner: at.owner,
      id: at.id,
      path: at.path,
      context: at.context,
      unsaved: () => {
        if (!dirty.current) return null;
        const values = { ...form.getValues() };
        for (const name of latest.current.omit) delete values[name];
        return values;
      },
    });
  }, [form]);
}
