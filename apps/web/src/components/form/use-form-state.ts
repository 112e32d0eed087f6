import { useCallback, useMemo, useState } from 'react';
import type { FieldErrors, FormValues } from './form-values';

export interface FormState {
  values: FormValues;
  /** Client messages (after the first submit attempt, kept live) over the server's. */
  errors: FieldErrors;
  setValue: (name: string, value: unknown) => void;
  /** Starts over from new values (a reloaded record). */
  reset: (values: FormValues) => void;
  /** Marks the form submitted and tells whether the client validation passes. */
  check: () => boolean;
  setServerErrors: (errors: FieldErrors) => void;
}

/**
 * A small form state: values, client validation with the contracts' zod schema (shown from the
 * first submit on and re-checked on every change), and the server's field errors until the field
 * changes. Small enough not to need a form library.
 */
export function useFormState(initial: FormValues, validate: (values: FormValues) => FieldErrors): FormState {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrorsState] = useState<FieldErrors>({});

  const clientErrors = useMemo(() => (submitted ? validate(values) : {}), [submitted, validate, values]);
  const errors = useMemo(() => ({ ...serverErrors, ...clientErrors }), [serverErrors, clientErrors]);

  const setValue = useCallback((name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrorsState((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const reset = useCallback((next: FormValues) => {
    setValues(next);
    setSubmitted(false);
    setServerErrorsState({});
  }, []);

  const check = useCallback(() => {
    setSubmitted(true);
    return Object.keys(validate(values)).length === 0;
  }, [validate, values]);

  return { values, errors, setValue, reset, check, setServerErrors: setServerErrorsState };
}
