import { useId, useState } from 'react';
import { MFA_MESSAGES } from '@goc/contracts';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { FormDialog } from '../form/form-dialog';
import { PasswordField } from '../form/password-field';

/** «Confirma tu contraseña»: the password, sent to POST /auth/reauthenticate; closes with whether it was confirmed. */
export default function ConfirmPasswordDialog({ onClose }: { onClose: (confirmed: boolean) => void }) {
  const formId = useId();
  const inputId = `${formId}-password`;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

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

  return (
    <FormDialog formId={formId} width="26rem" header="Confirma tu contraseña" submitLabel="Confirmar" pending={sending} onHide={() => onClose(false)} onSubmit={() => void submit()}>
      <p className="m-0 text-sm text-(--text-color-secondary)">{MFA_MESSAGES.reauthenticate}: es un cambio delicado y tu inicio de sesión tiene más de 10 minutos.</p>
      <PasswordField id={inputId} label="Contraseña" value={password} onChange={setPassword} error={error} autoComplete="current-password" autoFocus />
    </FormDialog>
  );
}
