import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { UseFormReturn } from 'react-hook-form';
import { draftToReopen, registerOpenForm, takeDraft } from '../../lib/session/draft-keeper';
import { useToast } from '../toast/use-toast';
import { formTexts } from './form-texts';
import type { FormValues } from './form-values';

export interface DraftOptions {
  /** Who owns the form (a resource's key, a dialog's name) and which of its forms ('new', a record's id). */
  owner: string;
  id: string;
  /** What the owner needs to open the form again (the record being edited). */
  context: unknown;
  /** What was typed, when anything was: kept if the session ends while the form is open. */
  unsaved: () => Record<string, unknown> | null;
  /** Puts a kept draft back into the form that opened again. */
  restore: (values: Record<string, unknown>) => void;
}

/**
 * Nothing typed is lost when the session ends (lib/session/draft-keeper): the form's unsaved
 * values are kept in memory when it closes because the session ended, and put back when the same
 * form opens on the same page after the same person signs in again. Any form: the record forms
 * (useFormDraft) and the dialogs that hold their inputs in plain state (useDialogDraft).
 */
export function useDraft({ owner, id, context, unsaved, restore }: DraftOptions): void {
  const path = useLocation().pathname;
  const latest = useRef({ owner, id, context, unsaved, restore, path });
  latest.current = { owner, id, context, unsaved, restore, path };

  useEffect(() => {
    const at = latest.current;
    const draft = takeDraft(at.owner, at.id, at.path);
    if (draft) at.restore(draft.values);
    return registerOpenForm({ owner: at.owner, id: at.id, path: at.path, context: at.context, unsaved: () => latest.current.unsaved() });
  }, []);
}

/**
 * The owner's side: a form of `owner` that was open on this page when the session ended opens
 * again (`open` with the context it registered), and takes its draft as it mounts.
 */
export function useDraftToReopen(owner: string, open: (context: unknown) => void): void {
  const path = useLocation().pathname;
  const opener = useRef(open);
  opener.current = open;
  useEffect(() => {
    const draft = draftToReopen(owner, path);
    if (draft) opener.current(draft.context);
  }, [owner, path]);
}

/** The toast a restored form shows. */
function useRestoredNotice() {
  const toast = useToast();
  return () => toast.add({ severity: 'info', summary: formTexts.draftRestored, detail: formTexts.draftRestoredDetail, life: 8000 });
}

export interface FormDraftOptions {
  owner: string;
  id: string;
  context: unknown;
  /** Values never kept (passwords). */
  omit: readonly string[];
}

/** A record form's draft: its react-hook-form values while dirty, put back as unsaved changes. */
export function useFormDraft(form: UseFormReturn<FormValues>, { owner, id, context, omit }: FormDraftOptions): void {
  const restored = useRestoredNotice();
  const dirty = form.formState.isDirty;
  useDraft({
    owner,
    id,
    context,
    unsaved: () => {
      if (!dirty) return null;
      const values = { ...form.getValues() };
      for (const name of omit) delete values[name];
      return values;
    },
    restore: (values) => {
      form.reset({ ...form.getValues(), ...values }, { keepDefaultValues: true });
      restored();
    },
  });
}

/**
 * A dialog whose inputs live in plain state (a transition's comment, a webhook): `values` is what
 * was typed, kept while `dirty`; `restore` sets it back. A dialog with a password keeps nothing of
 * it: it leaves the password out of `values`.
 */
export function useDialogDraft<V extends Record<string, unknown>>({
  owner,
  id,
  context,
  values,
  dirty,
  restore,
}: {
  owner: string;
  id: string;
  context: unknown;
  values: V;
  dirty: boolean;
  restore: (values: V) => void;
}): void {
  const restored = useRestoredNotice();
  useDraft({
    owner,
    id,
    context,
    unsaved: () => (dirty ? values : null),
    restore: (kept) => {
      restore(kept as V);
      restored();
    },
  });
}
