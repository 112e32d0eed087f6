import { useEffect, useId, useState } from 'react';
import { isAxiosError } from 'axios';
import { Button } from 'primereact/button';
import { MFA_MESSAGES, mfaStatusSchema } from '@goc/contracts';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { browserPasskeyMessage, signWithPasskey } from '../../lib/api/passkeys';
import { FormDialog } from '../form/form-dialog';
import { PasswordField } from '../form/password-field';

/** Whether the person can confirm with a passkey: this site has passkeys and they registered one. */
function useHasPasskey(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    let live = true;
    api.get('/auth/mfa').then(
      (response) => {
        const status = mfaStatusSchema.safeParse(response.data);
        if (live && status.success) setHas(status.data.passkeysAvailable && status.data.passkeys > 0);
      },
      // Without the status, the password is still offered.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return has;
}

/**
 * «Confirma tu contraseña»: the password, or «Usar llave de acceso» for a person with a passkey, sent
 * to POST /auth/reauthenticate; closes with whether it was confirmed.
 */
export default function ConfirmPasswordDialog({ onClose }: { onClose: (confirmed: boolean) => void }) {
  const formId = useId();
  const inputId = `${formId}-password`;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const hasPasskey = useHasPasskey();

  const submit = async () => {
    if (password === '') return setError('Ingresa tu contraseña');
    setSending(true);
    try {
      await api.post('/auth/reauthenticate', { password });
      onClose(true);
    } catch (failure) {
      setError(apiErrorBody(failure)?.fields?.password ?? errorMessage(failure));
      setSending(false);
    }
  };

  const confirmWithPasskey = async () => {
    setSending(true);
    setPasskeyError(null);
    try {
      const options = (await api.post('/auth/reauthenticate/passkey-options', {})).data;
      await api.post('/auth/reauthenticate', { passkey: await signWithPasskey(options) });
      onClose(true);
    } catch (failure) {
      setPasskeyError(isAxiosError(failure) ? errorMessage(failure) : browserPasskeyMessage());
      setSending(false);
    }
  };

  return (
    <FormDialog formId={formId} width="26rem" header="Confirma tu contraseña" submitLabel="Confirmar" pending={sending} onHide={() => onClose(false)} onSubmit={() => void submit()}>
      <p className="m-0 text-sm text-(--text-color-secondary)">{MFA_MESSAGES.reauthenticate}: es un cambio delicado y tu inicio de sesión tiene más de 10 minutos.</p>
      <PasswordField id={inputId} label="Contraseña" value={password} onChange={setPassword} error={error} autoComplete="current-password" autoFocus />
      {hasPasskey && (
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
          <p className="m-0 text-sm text-(--text-color-secondary)">O confirma con tu llave de acceso:</p>
          <Button type="button" label="Usar llave de acceso" icon="pi pi-key" outlined disabled={sending} onClick={() => void confirmWithPasskey()} />
          {passkeyError && (
            <small role="alert" className="text-red-700">
              {passkeyError}
            </small>
          )}
        </div>
      )}
    </FormDialog>
  );
}
