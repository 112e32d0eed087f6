import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, type NotificationPreferencesView, type NotificationType } from '@goc/contracts';
import { errorMessage } from '../../lib/api/api-error';
import { useToast } from '../../components/toast/use-toast';
import { Spinner } from '../../components/spinner';
import { fetchPreferences, notificationKeys, savePreferences } from './notifications-api';
import { notificationTexts as texts } from './notifications-texts';

/** Preferencias de notificaciones: per type, in the app (always) and by e-mail (the user's choice). */
export default function PreferencesPage() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { data, isPending, isError } = useQuery({ queryKey: notificationKeys.preferences, queryFn: fetchPreferences });
  const save = useMutation({
    mutationFn: ({ type, email }: { type: NotificationType; email: boolean }) => savePreferences({ [type]: { email } }),
    onSuccess: (saved: NotificationPreferencesView) => {
      queryClient.setQueryData(notificationKeys.preferences, saved);
      toast.add({ severity: 'success', summary: texts.saved, life: 3000 });
    },
    onError: (error) => toast.add({ severity: 'error', summary: texts.saveFailed, detail: errorMessage(error), life: 6000 }),
  });

  if (isPending) return <Spinner size="2.5rem" className="mx-auto my-8" />;
  if (isError || !data) return <p className="text-slate-600">{texts.loadFailed}</p>;

  const emailOff = !data.emailConfigured;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4">
      {emailOff && <Message id="email-off" severity="warn" className="justify-start" text={texts.emailOff} />}
      <div className="overflow-hidden rounded-lg border border-solid border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {texts.type}
              </th>
              <th scope="col" className="w-24 px-2 py-3 text-center font-semibold md:w-36">
                {texts.inApp}
              </th>
              <th scope="col" className="w-24 px-2 py-3 text-center font-semibold md:w-36">
                {texts.email}
              </th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_TYPES.map((type) => {
              const { label, description } = NOTIFICATION_TYPE_LABELS[type];
              const inputId = `email-${type}`;
              return (
                <tr key={type} className="border-0 border-t border-solid border-slate-100">
                  <th scope="row" className="px-4 py-3 text-left font-normal">
                    <span className="block font-medium text-slate-800">{label}</span>
                    <span className="block text-xs text-slate-500">{description}</span>
                  </th>
                  <td className="px-2 py-3 text-center">
                    <Checkbox checked disabled aria-label={`${label}: ${texts.inApp}`} tooltip={texts.inAppAlways} />
                  </td>
                  <td className="px-2 py-3 text-center">
                    <Checkbox
                      inputId={inputId}
                      checked={data[type].email}
                      aria-label={`${label}: ${texts.email}`}
                      aria-describedby={emailOff ? 'email-off' : undefined}
                      tooltip={emailOff ? texts.emailOffShort : undefined}
                      disabled={emailOff || save.isPending}
                      onChange={(event) => save.mutate({ type, email: event.checked === true })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!emailOff && <p className="m-0 text-sm text-slate-500">{texts.emailNeedsAddress}</p>}
    </section>
  );
}
