import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { formatDateTime, type Session } from '@goc/contracts';
import { FormDialog } from '../../components/form/form-dialog';
import { PasswordField } from '../../components/form/password-field';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { deviceInWords } from './device-words';
import { endOtherSessions, endSession, fetchSessions, sessionKeys } from './sessions-api';

/** What the password confirms: one session, or all but this one. */
type Ending = { kind: 'one'; session: Session } | { kind: 'others' };

/** «Confirma tu contraseña» before sessions end (docs/security.md). */
function ConfirmPasswordDialog({ ending, onHide }: { ending: Ending; onHide: () => void }) {
  const formId = useId();
  const inputId = `${formId}-password`;
  const toast = useToast();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const end = useMutation({
    mutationFn: () => (ending.kind === 'one' ? endSession(ending.session.id, password) : endOtherSessions(password)),
    onSuccess: async () => {
      toast.add({ severity: 'success', summary: ending.kind === 'one' ? 'Sesión cerrada' : 'Las demás sesiones quedaron cerradas', life: 4000 });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      onHide();
    },
    onError: (failure) => {
      const field = apiErrorBody(failure)?.fields?.password;
      if (field) setError(field);
      else toast.add({ severity: 'error', summary: 'No se pudo cerrar la sesión', detail: errorMessage(failure), life: 6000 });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
  const what = ending.kind === 'one' ? `la sesión de ${deviceInWords(ending.session.userAgent)}` : 'todas tus demás sesiones';
  return (
    <FormDialog
      formId={formId}
      width="28rem"
      header="Confirma tu contraseña"
      submitLabel={ending.kind === 'one' ? 'Cerrar sesión' : 'Cerrar las demás'}
      submitIcon="pi pi-sign-out"
      pending={end.isPending}
      onHide={onHide}
      onSubmit={() => {
        if (password === '') return setError('Ingresa tu contraseña');
        setError(undefined);
        end.mutate();
      }}
    >
      <p className="m-0 text-sm text-slate-600">Para cerrar {what}, escribe de nuevo tu contraseña.</p>
      <PasswordField id={inputId} label="Contraseña" value={password} onChange={setPassword} error={error} autoComplete="current-password" />
    </FormDialog>
  );
}

function SessionCard({ session, onEnd }: { session: Session; onEnd: () => void }) {
  const device = deviceInWords(session.userAgent);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-solid border-slate-200 bg-white p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600" aria-hidden="true">
          <i className="pi pi-desktop" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-800">
            {device}
            {session.current && <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Esta sesión</span>}
          </span>
          <span className="text-sm text-slate-600">
            {session.ip ? `Dirección IP ${session.ip}` : 'Dirección IP desconocida'}
          </span>
          <span className="text-sm text-slate-500">
            Inició: {formatDateTime(session.createdAt)} · Último uso: {formatDateTime(session.lastUsedAt)}
          </span>
        </div>
      </div>
      {!session.current && (
        <Button type="button" label="Cerrar sesión" icon="pi pi-sign-out" severity="danger" outlined size="small" aria-label={`Cerrar la sesión de ${device}`} onClick={onEnd} />
      )}
    </li>
  );
}

/** «Mi cuenta → Sesiones»: where the account is signed in, and ending those sessions. */
export default function SessionsPage() {
  const { data, isPending, isError } = useQuery({ queryKey: sessionKeys.all, queryFn: fetchSessions });
  const [ending, setEnding] = useState<Ending | null>(null);
  if (isPending) return <p className="text-slate-500">Cargando sesiones…</p>;
  if (isError) return <Message severity="error" text="No se pudieron cargar tus sesiones" />;
  const others = data.filter((s) => !s.current);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="m-0 text-sm text-slate-600">
          Los dispositivos donde tu cuenta tiene una sesión abierta. Si no reconoces alguno, ciérralo y cambia tu contraseña.
        </p>
        <Button type="button" label="Cerrar las demás" icon="pi pi-sign-out" severity="danger" className="shrink-0 whitespace-nowrap" disabled={others.length === 0} onClick={() => setEnding({ kind: 'others' })} />
      </div>
      <ul className="m-0 flex list-none flex-col gap-3 p-0">
        {data.map((session) => (
          <SessionCard key={session.id} session={session} onEnd={() => setEnding({ kind: 'one', session })} />
        ))}
      </ul>
      {ending && <ConfirmPasswordDialog ending={ending} onHide={() => setEnding(null)} />}
    </section>
  );
}
