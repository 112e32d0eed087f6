import { useState, type FormEvent } from 'react';
import type { LoginResponse, MfaChallenge } from '@goc/contracts';
import { CONNECTION_ERROR_MESSAGE } from '../../lib/api/http-status';
import type { FieldErrors } from './sign-in';

/*
 * The first screen of a phone on a construction site: plain inputs drawn with Tailwind in the
 * Lara theme's look, no PrimeReact JavaScript or stylesheet. Validation, the HTTP client and zod
 * (sign-in.ts) load with the first keystroke, well before the user presses Ingresar.
 */
const loadSignIn = () => import('./sign-in');

interface LoginFormProps {
  onSuccess: (response: LoginResponse, keepSession: boolean) => void;
  /** The password was right and a second factor is needed (docs/security.md). */
  onChallenge: (challenge: MfaChallenge, keepSession: boolean) => void;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <small id={id} className="text-red-700">
      {message}
    </small>
  );
}

/** Usuario, contraseña and "Mantener sesión iniciada", validated with the contracts' loginRequestSchema. */
export function LoginForm({ onSuccess, onChallenge }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [keepSession, setKeepSession] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const signIn = await loadSignIn();
      const result = signIn.validateLogin({ username, password });
      if ('errors' in result) {
        setFieldErrors(result.errors);
        setSubmitting(false);
        return;
      }
      setFieldErrors({});
      try {
        const outcome = await signIn.login(result.data);
        if ('token' in outcome) onSuccess(outcome, keepSession);
        else onChallenge(outcome, keepSession);
      } catch (failure) {
        setError(signIn.loginErrorMessage(failure));
        setSubmitting(false);
      }
    } catch {
      // sign-in.ts itself could not be downloaded: the server is out of reach.
      setError(CONNECTION_ERROR_MESSAGE);
      setSubmitting(false);
    }
  };

  const inputClass = (invalid: boolean, iconSide: 'pl-10' | 'pr-11') =>
    `w-full rounded-md border border-solid bg-white px-3 py-3 text-base text-gray-600 transition-[border-color,box-shadow] outline-none focus:ring-4 ${iconSide} ${
      invalid ? 'border-red-500 focus:ring-red-100' : 'border-gray-300 hover:border-blue-500 focus:border-blue-500 focus:ring-blue-200'
    }`;

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      onInput={() => void loadSignIn()}
      className="flex flex-col gap-5"
      aria-describedby={error ? 'login-error' : undefined}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor="username" className="text-sm font-medium text-slate-700">
          Usuario
        </label>
        <div className="relative">
          <i className="pi pi-user absolute top-1/2 left-3 -translate-y-1/2 text-gray-500" aria-hidden="true" />
          <input
            id="username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-invalid={Boolean(fieldErrors.username)}
            aria-describedby={fieldErrors.username ? 'username-error' : undefined}
            className={inputClass(Boolean(fieldErrors.username), 'pl-10')}
            autoFocus
          />
        </div>
        <FieldError id="username-error" message={fieldErrors.username} />
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="password" className="text-sm font-medium text-slate-700">
          Contraseña
        </label>
        <div className="relative">
          <input
            id="password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(fieldErrors.password)}
            aria-describedby={fieldErrors.password ? 'password-error' : undefined}
            className={inputClass(Boolean(fieldErrors.password), 'pr-11')}
          />
          {/* A 36 px target around the 14 px icon (WCAG 2.5.8 asks for 24 px at least). */}
          <button
            type="button"
            className="absolute top-1/2 right-1 flex h-9 w-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded border-0 bg-transparent p-0 text-gray-500"
            aria-label={showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
            aria-pressed={showPassword}
            onClick={() => setShowPassword(!showPassword)}
          >
            <i className={`pi ${showPassword ? 'pi-eye-slash' : 'pi-eye'}`} aria-hidden="true" />
          </button>
        </div>
        <FieldError id="password-error" message={fieldErrors.password} />
      </div>
      <div className="flex items-center gap-2">
        <input
          id="keep-session"
          name="keepSession"
          type="checkbox"
          checked={keepSession}
          onChange={(e) => setKeepSession(e.target.checked)}
          className="m-0 h-5 w-5 cursor-pointer accent-blue-500"
        />
        <label htmlFor="keep-session" className="cursor-pointer text-sm text-slate-700 select-none">
          Mantener sesión iniciada
        </label>
      </div>
      {error && (
        <div id="login-error" role="alert" className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700">
          <i className="pi pi-times-circle" aria-hidden="true" />
          {error}
        </div>
      )}
      <button
        type="submit"
        className="flex w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-solid border-blue-600 bg-blue-600 px-5 py-3 text-base font-semibold text-white transition-colors hover:border-blue-700 hover:bg-blue-700 focus-visible:ring-4 focus-visible:ring-blue-200 focus-visible:outline-none disabled:cursor-default disabled:opacity-60"
        disabled={submitting}
      >
        Ingresar
        <i className={`pi ${submitting ? 'pi-spin pi-spinner' : 'pi-sign-in'}`} aria-hidden="true" />
      </button>
    </form>
  );
}
