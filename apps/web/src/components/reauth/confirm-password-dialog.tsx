import { useEffect, useId, useState } from 'react';
import { MFA_MESSAGES } from '@goc/contracts';
import { Password } from 'primereact/password';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { setReauthenticationAsker } from '../../lib/api/reauthentication';
import { FormDialog } from '../form/form-dialog';
import { FormField, fieldTextIds } from '../form/form-field';

/**
 * «Confirma tu contraseña» (docs/security.md "Re-authentication"): mounted once in the shell, opened
 * when a sensitive change is refused for an old sign-in; the change is retried once it is confirmed.
 */
export function ConfirmPasswordHost() {
  const formId = useId();
  const inputId = `${formId}-password`;
  const [pending, setPending] = useState<((confirmed: boolean) => void) | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  useEffect(
    () =>
      setReauthenticationAsker(
        () =>
          new Promise<boolean>((resolve) => {
            setPassword('');
            setError(undefined);
            setPending(() => resolve);
          }),
      ),
    [],
  );

  if (!pending) return null;
  const close = (confirmed: boolean) => {
    pending(confirmed);
    setPending(null);
    setSending(false);
  };
  const submit = async () => {
    if (password === '') return setError('Ingresa tu contraseña');
    setSending(true);
    try {
      await api.post('/auth/reauthenticate', { password });
      close(true);
    } catch (failure) {
      setError(apiErrorBody(failure)?.fields?.password ?? errorMessage(failure));
      setSending(false);
    }
  };

  return (
    <FormDialog formId={formId} width="26rem" header="Confirma tu contraseña" submitLabel="Confirmar" pending={sending} onHide={() => close(false)} onSubmit={() => void submit()}>
      <p className="m-0 text-sm text-(--text-color-secondary)">{MFA_MESSAGES.reauthenticate}: es un cambio delicado y tu inicio de sesión tiene más de 10 minutos.</p>
      <FormField id={inputId} label="Contraseña" required error={error}>
        <Password
          inputId={inputId}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          feedback={false}
          toggleMask
          autoComplete="current-password"
          invalid={error !== undefined}
          aria-describedby={error ? fieldTextIds(inputId).error : undefined}
          className="w-full"
          inputClassName="w-full"
          autoFocus
        />
      </FormField>
    </FormDialog>
  );
}
