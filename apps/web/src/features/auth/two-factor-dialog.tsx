import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, MFA_MESSAGES, PASSKEY_MESSAGES, type TotpSetupResponse } from '@goc/contracts';
import { AppDialog } from '../../components/app-dialog';
import { useConfirm } from '../../components/confirm/use-confirm';
import { FormField } from '../../components/form/form-field';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { RecoveryCodes } from './recovery-codes';
import { passkeyErrorMessage } from './login-errors';
import { confirmTotp, deletePasskey, disableTotp, listPasskeys, registerPasskey, regenerateRecoveryCodes, secondFactorStatus, setupTotp } from './second-factor-api';
import { TotpQr } from './totp-qr';

/*
 * «Verificación en dos pasos» of the header's user menu (docs/security.md): turn it on (QR, first
 * code, recovery codes once), generate new recovery codes or turn it off — both with the password;
 * and the passkeys: register one under a name, see them, remove one (the API asks for the identity
 * again when the sign-in is older than ten minutes, and the SPA replays the request after it).
 */

const STATUS_KEY = ['auth', 'mfa'] as const;
const PASSKEYS_KEY = ['auth', 'mfa', 'passkeys'] as const;

/** `onCodes`: the recovery codes that come with the person's first second factor, shown once. */
function Passkeys({ onChange, onCodes }: { onChange: () => void; onCodes: (codes: string[]) => void }) {
  const list = useQuery({ queryKey: PASSKEYS_KEY, queryFn: listPasskeys });
  const [name, setName] = useState('');
  const [missingName, setMissingName] = useState(false);
  const add = useMutation({
    mutationFn: () => registerPasskey(name.trim()),
    onSuccess: (registered) => {
      setName('');
      if (registered.recoveryCodes) onCodes(registered.recoveryCodes);
      onChange();
    },
  });
  const remove = useMutation({ mutationFn: deletePasskey, onSuccess: onChange });
  const confirm = useConfirm();
  const askRemove = (key: { id: number; name: string }) =>
    confirm.require({
      header: 'Quitar llave de acceso',
      message: `¿Quitar la llave «${key.name}»? Ya no servirá para entrar a GOC.`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Quitar',
      rejectLabel: 'Cancelar',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => remove.mutate(key.id),
    });
  const addError = missingName ? PASSKEY_MESSAGES.name : add.error ? (apiErrorBody(add.error)?.fields?.name ?? passkeyErrorMessage(add.error)) : undefined;
  return (
    <section aria-labelledby="passkeys-title" className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 id="passkeys-title" className="m-0 text-base font-semibold">
        Llaves de acceso
      </h3>
      <p className="m-0 text-sm text-(--text-color-secondary)">
        Una llave de seguridad, o tu teléfono o computadora con huella, rostro o PIN, sirve como segundo paso en lugar del código.
      </p>
      {list.data && list.data.length > 0 && (
        <ul aria-label="Llaves de acceso" className="m-0 flex list-none flex-col gap-2 p-0">
          {list.data.map((key) => (
            <li key={key.id} className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2">
              <span className="flex flex-col">
                <span className="font-medium">{key.name}</span>
                <small className="text-(--text-color-secondary)">
                  Registrada: {formatDateTime(key.createdAt)}
                  {key.lastUsedAt ? ` · Último uso: ${formatDateTime(key.lastUsedAt)}` : ''}
                </small>
              </span>
              <Button
                icon="pi pi-trash"
                severity="danger"
                text
                aria-label={`Quitar ${key.name}`}
                loading={remove.isPending && remove.variables === key.id}
                onClick={() => askRemove(key)}
              />
            </li>
          ))}
        </ul>
      )}
      {remove.error && <small className="text-red-700">{errorMessage(remove.error)}</small>}
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setMissingName(name.trim() === '');
          if (name.trim() !== '') add.mutate();
        }}
      >
        <FormField id="passkey-name" label="Nombre de la llave" required error={addError}>
          <InputText id="passkey-name" value={name} maxLength={60} placeholder="Laptop de la oficina" onChange={(e) => setName(e.target.value)} />
        </FormField>
        <Button type="submit" label="Agregar llave de acceso" icon="pi pi-key" outlined loading={add.isPending} className="self-start" />
      </form>
    </section>
  );
}

const fieldError = (error: unknown, field: string) => apiErrorBody(error)?.fields?.[field] ?? errorMessage(error);

function Enrol({ onDone }: { onDone: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const start = useMutation({ mutationFn: () => setupTotp(), onSuccess: setSetup });
  const confirm = useMutation({ mutationFn: () => confirmTotp(code.trim()), onSuccess: (r) => onDone(r.recoveryCodes) });
  if (!setup) {
    return (
      <div className="flex flex-col gap-3">
        <p className="m-0">Al entrar, además de tu contraseña se te pedirá un código de 6 dígitos de una aplicación de autenticación en tu teléfono.</p>
        {start.error && <small className="text-red-700">{errorMessage(start.error)}</small>}
        <Button label="Activar" icon="pi pi-shield" loading={start.isPending} onClick={() => start.mutate()} className="self-start" />
      </div>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate();
      }}
    >
      <p className="m-0">Escanea el código con tu aplicación de autenticación y escribe el código que te muestre.</p>
      <TotpQr setup={setup} />
      <FormField id="mfa-confirm-code" label="Código de verificación" required error={confirm.error ? fieldError(confirm.error, 'code') : undefined}>
        <InputText id="mfa-confirm-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      <Button type="submit" label="Confirmar" icon="pi pi-check" loading={confirm.isPending} className="self-start" />
    </form>
  );
}

function WithPassword({ label, icon, severity, action, onDone }: { label: string; icon: string; severity?: 'danger'; action: (password: string) => Promise<string[] | void>; onDone: (codes: string[] | void) => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const run = useMutation({ mutationFn: () => action(password), onSuccess: onDone });
  if (!open) return <Button label={label} icon={icon} severity={severity} outlined onClick={() => setOpen(true)} />;
  const id = `mfa-password-${icon.replace(/\W/g, '')}`;
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        run.mutate();
      }}
    >
      <FormField id={id} label="Confirma tu contraseña" required error={run.error ? fieldError(run.error, 'password') : undefined}>
        <Password inputId={id} value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask autoComplete="current-password" className="w-full" inputClassName="w-full" autoFocus />
      </FormField>
      <div className="flex gap-2">
        <Button type="button" label="Cancelar" severity="secondary" text onClick={() => setOpen(false)} />
        <Button type="submit" label={label} icon={icon} severity={severity} loading={run.isPending} />
      </div>
    </form>
  );
}

export function TwoFactorDialog({ onHide }: { onHide: () => void }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: secondFactorStatus });
  const [codes, setCodes] = useState<string[] | null>(null);
  // The status key prefixes the passkeys' key: both are read again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  const regenerate = (
    <WithPassword
      label="Generar códigos nuevos"
      icon="pi pi-refresh"
      action={regenerateRecoveryCodes}
      onDone={(next) => {
        if (next) setCodes(next);
        refresh();
      }}
    />
  );

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} />;
  } else if (!status.data) {
    body = status.error ? <small className="text-red-700">{errorMessage(status.error)}</small> : <i className="pi pi-spin pi-spinner" aria-label="Cargando" />;
  } else if (!status.data.enabled) {
    body = (
      <div className="flex flex-col gap-4">
        <Enrol
          onDone={(next) => {
            setCodes(next);
            refresh();
          }}
        />
        {status.data.passkeys > 0 && (
          <>
            <p className="m-0 text-sm">Tus llaves de acceso te protegen. Te quedan {status.data.recoveryCodesLeft} códigos de recuperación.</p>
            {regenerate}
          </>
        )}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="m-0 flex items-center gap-2 font-medium text-green-800">
          <i className="pi pi-check-circle" aria-hidden="true" />
          Activada. Te quedan {status.data.recoveryCodesLeft} códigos de recuperación.
        </p>
        {regenerate}
        {status.data.required ? (
          <p className="m-0 text-sm text-(--text-color-secondary)">{MFA_MESSAGES.requiredByRole}.</p>
        ) : (
          <WithPassword label="Desactivar" icon="pi pi-times" severity="danger" action={disableTotp} onDone={refresh} />
        )}
      </div>
    );
  }

  return (
    <AppDialog visible onHide={onHide} header="Verificación en dos pasos" style={{ width: '30rem' }}>
      <div className="flex flex-col gap-4">
        {body}
        {!codes && status.data?.passkeysAvailable && <Passkeys onChange={refresh} onCodes={setCodes} />}
      </div>
    </AppDialog>
  );
}
