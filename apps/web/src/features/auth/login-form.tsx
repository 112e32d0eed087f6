import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { loginRequestSchema, type LoginRequest, type LoginResponse } from '@goc/contracts';
import { login } from './api';
import { loginErrorMessage } from './login-errors';

type FieldErrors = Partial<Record<keyof LoginRequest, string>>;

interface LoginFormProps {
  onSuccess: (response: LoginResponse, keepSession: boolean) => void;
}

function validate(values: LoginRequest): { data: LoginRequest } | { errors: FieldErrors } {
  const parsed = loginRequestSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** Usuario, contraseña and "Mantener sesión iniciada", validated with the contracts' loginRequestSchema. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [keepSession, setKeepSession] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const result = validate({ username, password });
    if ('errors' in result) {
      setFieldErrors(result.errors);
      setError(null);
      return;
    }
    setFieldErrors({});
    setError(null);
    setSubmitting(true);
    try {
      const response = await login(result.data);
      onSuccess(response, keepSession);
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5" aria-describedby={error ? 'login-error' : undefined}>
      <div className="flex flex-col gap-2">
        <label htmlFor="username" className="text-sm font-medium text-slate-700">
          Usuario
        </label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-user" aria-hidden="true" />
          <InputText
            id="username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            invalid={Boolean(fieldErrors.username)}
            aria-describedby={fieldErrors.username ? 'username-error' : undefined}
            className="w-full"
            autoFocus
          />
        </IconField>
        {fieldErrors.username && (
          <small id="username-error" className="p-error">
            {fieldErrors.username}
          </small>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="password" className="text-sm font-medium text-slate-700">
          Contraseña
        </label>
        <Password
          inputId="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          feedback={false}
          toggleMask
          invalid={Boolean(fieldErrors.password)}
          aria-describedby={fieldErrors.password ? 'password-error' : undefined}
          className="w-full"
          inputClassName="w-full"
        />
        {fieldErrors.password && (
          <small id="password-error" className="p-error">
            {fieldErrors.password}
          </small>
        )}
      </div>
      <div className="flex items-center gap-2">
        <Checkbox inputId="keep-session" name="keepSession" checked={keepSession} onChange={(e) => setKeepSession(e.checked === true)} />
        <label htmlFor="keep-session" className="cursor-pointer text-sm text-slate-700 select-none">
          Mantener sesión iniciada
        </label>
      </div>
      {error && <Message id="login-error" severity="error" text={error} className="w-full justify-start" role="alert" />}
      <Button type="submit" label="Ingresar" icon="pi pi-sign-in" iconPos="right" loading={submitting} className="w-full" />
    </form>
  );
}
