import type { ReactNode } from 'react';
import { formTexts } from './form-texts';

interface FormFieldProps {
  id: string;
  label: string;
  required: boolean;
  error?: string;
  /** Non-blocking check (the NSS check digit). */
  warning?: string | null;
  hint?: string;
  /** Extra help under the input (password rules). */
  help?: ReactNode;
  wide?: boolean;
  /** Mark an unrequired field "(opcional)"; a switch always has a value, so it is not. */
  markOptional?: boolean;
  children: ReactNode;
}

/** Ids of the texts under a field, for aria-describedby. */
export const fieldTextIds = (id: string) => ({ error: `${id}-error`, warning: `${id}-warning`, hint: `${id}-hint` });

/** Label, input, then the field's error (client or server), warning and hint. */
export function FormField({ id, label, required, error, warning, hint, help, wide, markOptional = true, children }: FormFieldProps) {
  const ids = fieldTextIds(id);
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${wide ? 'md:col-span-2' : ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-(--text-color)">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        ) : (
          markOptional && <span className="ml-1 text-xs font-normal text-(--text-color-secondary)">({formTexts.optional})</span>
        )}
      </label>
      {children}
      {error && (
        <small id={ids.error} className="flex items-start gap-1 text-red-600" role="alert">
          <i className="pi pi-times-circle mt-0.5 text-xs" aria-hidden="true" />
          {error}
        </small>
      )}
      {!error && warning && (
        <small id={ids.warning} className="flex items-start gap-1 text-amber-700" data-testid={`${id}-warning`}>
          <i className="pi pi-exclamation-triangle mt-0.5 text-xs" aria-hidden="true" />
          {warning}
        </small>
      )}
      {hint && (
        <small id={ids.hint} className="text-(--text-color-secondary)">
          {hint}
        </small>
      )}
      {help}
    </div>
  );
}
