import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** The API's `fields` map ({ 'newPassword': '…' }) onto the form's fields, until each is edited. */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: Readonly<Record<string, string>> | undefined): void {
  for (const [path, message] of Object.entries(fields ?? {})) setError(path as Path<T>, { type: 'server', message });
}
