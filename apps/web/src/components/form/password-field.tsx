import { Password } from 'primereact/password';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormField, fieldTextIds } from './form-field';
import { PasswordRules } from './password-rules';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  /** Show the password rules under the field (new passwords). */
  rules?: boolean;
  username?: string;
  autoFocus?: boolean;
}

/** A masked password input with its label, error and, for new passwords, the rules ticked as typed. */
export function PasswordField({ id, label, value, onChange, error, autoComplete, rules, username, autoFocus }: PasswordFieldProps) {
  const ids = fieldTextIds(id);
  const describedBy = [error ? ids.error : null, rules ? `${id}-rules` : null].filter(Boolean).join(' ') || undefined;
  return (
    <FormField id={id} label={label} required error={error} help={rules ? <PasswordRules id={`${id}-rules`} password={value} username={username} /> : undefined}>
      <Password
        inputId={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        feedback={false}
        toggleMask
        autoComplete={autoComplete}
        invalid={error !== undefined}
        aria-describedby={describedBy}
        className="w-full"
        inputClassName="w-full"
        autoFocus={autoFocus}
      />
    </FormField>
  );
}

type FormPasswordFieldProps<V extends FieldValues> = Omit<PasswordFieldProps, 'value' | 'onChange' | 'error'> & {
  control: Control<V>;
  name: Path<V>;
};

/** A PasswordField bound to a react-hook-form field: its value, changes and error message. */
export function FormPasswordField<V extends FieldValues>({ control, name, ...props }: FormPasswordFieldProps<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PasswordField {...props} value={String(field.value ?? '')} onChange={field.onChange} error={fieldState.error?.message} />
      )}
    />
  );
}
