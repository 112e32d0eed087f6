import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type ApiKey, type Webhook, type WebhookCreated } from '@goc/contracts';
import { useConfirm } from '../../components/confirm/use-confirm';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { useIsMobile } from '../../lib/use-media-query';
import { API_KEY_DRAFT_OWNER, ApiKeyDialog } from './api-key-dialog';
import { DeliveriesDialog } from './deliveries-dialog';
import { ShownOnceDialog } from './copy-once';
import { deleteWebhook, fetchApiKeys, fetchWebhooks, integrationKeys, revokeApiKey, rotateSecret, sendTest, updateWebhook } from './integrations-api';
import { integrationTexts as texts } from './integrations-texts';
import { WEBHOOK_DRAFT_OWNER, WebhookDialog } from './webhook-dialog';
import { useDraftToReopen } from '../../components/form/form-draft';

const cell = 'px-3 py-2 align-top';
const head = 'whitespace-nowrap px-3 py-2 font-semibold';

function SectionHeader({ id, title, action }: { id: string; title: string; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id={id} className="m-0 text-lg font-semibold">
        {title}
      </h2>
      {action}
    </div>
  );
}

function ApiKeysSection() {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  useDraftToReopen(API_KEY_DRAFT_OWNER, () => setCreating(true));
  const keys = useQuery({ queryKey: integrationKeys.keys, queryFn: fetchApiKeys });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
    onSuccess: (_, key) => {
      toast.add({ severity: 'success', summary: texts.revoked(key.name), life: 3000 });
      void queryClient.invalidateQueries({ queryKey: integrationKeys.keys });
    },
    onError: (error) => toast.add({ severity: 'error', summary: texts.revokeFailed, detail: errorMessage(error), life: 6000 }),
  });
  const isMobile = useIsMobile();
  const revokeButton = (key: ApiKey) => (
    <Button
      type="button"
      icon="pi pi-ban"
      label={texts.revoke}
      severity="danger"
      text
      size="small"
      aria-label={`${texts.revoke} ${key.name}`}
      onClick={() =>
        confirm.require({
          header: texts.revokeHeader,
          message: texts.revokeMessage(key.name),
          icon: 'pi pi-exclamation-triangle',
          acceptLabel: texts.revoke,
          rejectLabel: 'Cancelar',
          acceptClassName: 'p-button-danger',
          defaultFocus: 'reject',
          accept: () => revoke.mutate(key),
        })
      }
    />
  );
  const lastUse = (key: ApiKey) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : texts.never);
  const expiry = (key: ApiKey) => {
    if (!key.expiresAt) return texts.noExpiry;
    return Date.parse(key.expiresAt) <= Date.now() ? `${texts.expired} (${formatDateTime(key.expiresAt)})` : formatDateTime(key.expiresAt);
  };

  return (
    <section aria-labelledby="integrations-keys" className="flex flex-col gap-3 rounded-lg border border-solid border-slate-200 bg-white p-4">
      <SectionHeader id="integrations-keys" title={texts.keys} action={<Button type="button" icon="pi pi-plus" label={texts.newKey} onClick={() => setCreating(true)} />} />
      {keys.isPending ? (
        <Spinner size="2rem" className="mx-auto my-4" />
      ) : keys.isError ? (
        <p className="m-0 text-slate-600">{texts.loadFailed}</p>
      ) : keys.data.length === 0 ? (
        <p className="m-0 text-slate-600">{texts.noKeys}</p>
      ) : isMobile ? (
        // A phone stacks each key instead of scrolling a six-column table sideways.
        <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-labelledby="integrations-keys">
          {keys.data.map((key) => (
            <li key={key.id} className="flex flex-col gap-1 rounded-md border border-solid border-slate-200 p-3 text-sm">
              <div className="flex items-start justify-between gap-2">
                <span className="font-medium">{key.name}</span>
                <code className="text-xs">{key.prefix}…</code>
              </div>
              <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-700">
                <dt className="text-slate-500">{texts.role}</dt>
                <dd className="m-0">{key.role.label}</dd>
                <dt className="text-slate-500">{texts.expires}</dt>
                <dd className="m-0">{expiry(key)}</dd>
                <dt className="text-slate-500">{texts.lastUse}</dt>
                <dd className="m-0">{lastUse(key)}</dd>
              </dl>
              <div className="flex justify-end">{revokeButton(key)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm" aria-labelledby="integrations-keys">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                {[texts.name, texts.prefix, texts.role, texts.expires, texts.lastUse, texts.actions].map((h) => (
                  <th key={h} scope="col" className={head}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id} className="border-0 border-t border-solid border-slate-100">
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    {key.name}
                  </th>
                  <td className={cell}>
                    <code>{key.prefix}…</code>
                  </td>
                  <td className={cell}>{key.role.label}</td>
                  <td className={`${cell} whitespace-nowrap`}>{expiry(key)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{lastUse(key)}</td>
                  <td className={cell}>
                    {revokeButton(key)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && <ApiKeyDialog onHide={() => setCreating(false)} />}
    </section>
  );
}

function WebhooksSection() {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [rotated, setRotated] = useState<WebhookCreated | null>(null);
  // The dialog open when the session ended opens again, with what was typed (form-draft).
  useDraftToReopen(WEBHOOK_DRAFT_OWNER, (context) => (context ? setEditing(context as Webhook) : setCreating(true)));
  const hooks = useQuery({ queryKey: integrationKeys.webhooks, queryFn: fetchWebhooks });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks });
  const test = useMutation({
    mutationFn: (hook: Webhook) => sendTest(hook.id),
    onSuccess: (delivery, hook) => {
      if (delivery.status === 'succeeded') toast.add({ severity: 'success', summary: texts.testSent(delivery.lastStatusCode), life: 4000 });
      else toast.add({ severity: 'error', summary: texts.testFailed, detail: delivery.lastError ?? undefined, life: 8000 });
      void queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(hook.id) });
    },
    onError: (error) => toast.add({ severity: 'error', summary: texts.testFailed, detail: errorMessage(error), life: 6000 }),
  });
  const toggle = useMutation({
    mutationFn: (hook: Webhook) => updateWebhook(hook.id, { version: hook.version, active: !hook.active }),
    onSuccess: (hook) => {
      toast.add({ severity: 'success', summary: hook.active ? texts.activated : texts.deactivated, life: 3000 });
      refresh();
    },
    onError: (error) => toast.add({ severity: 'error', summary: texts.saveFailed, detail: errorMessage(error), life: 6000 }),
  });
  const rotate = useMutation({
    mutationFn: rotateSecret,
    onSuccess: (hook) => {
      setRotated(hook);
      refresh();
    },
    onError: (error) => toast.add({ severity: 'error', summary: texts.rotateFailed, detail: errorMessage(error), life: 6000 }),
  });
  const remove = useMutation({
    mutationFn: (hook: Webhook) => deleteWebhook(hook.id),
    onSuccess: () => {
      toast.add({ severity: 'success', summary: texts.removed, life: 3000 });
      refresh();
    },
    onError: (error) => toast.add({ severity: 'error', summary: texts.removeFailed, detail: errorMessage(error), life: 6000 }),
  });

  return (
    <section aria-labelledby="integrations-webhooks" className="flex flex-col gap-3 rounded-lg border border-solid border-slate-200 bg-white p-4">
      <SectionHeader id="integrations-webhooks" title={texts.webhooks} action={<Button type="button" icon="pi pi-plus" label={texts.newWebhook} onClick={() => setCreating(true)} />} />
      {hooks.isPending ? (
        <Spinner size="2rem" className="mx-auto my-4" />
      ) : hooks.isError ? (
        <p className="m-0 text-slate-600">{texts.loadFailed}</p>
      ) : hooks.data.length === 0 ? (
        <p className="m-0 text-slate-600">{texts.noWebhooks}</p>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-3 p-0" aria-labelledby="integrations-webhooks">
          {hooks.data.map((hook) => (
            <li key={hook.id} className="flex flex-col gap-2 rounded-md border border-solid border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 break-all font-mono text-sm">{hook.url}</span>
                <Tag value={hook.active ? texts.active : texts.inactive} severity={hook.active ? 'success' : 'secondary'} />
                {hook.failingSince && <Tag value={texts.failingSince(formatDateTime(hook.failingSince))} severity="danger" />}
              </div>
              {hook.description && <p className="m-0 text-sm text-slate-600">{hook.description}</p>}
              <p className="m-0 text-xs text-slate-600">
                {texts.eventsCount(hook.events.length)}: {hook.events.join(', ')}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" icon="pi pi-send" label={texts.sendTest} size="small" outlined loading={test.isPending && test.variables?.id === hook.id} disabled={!hook.active} onClick={() => test.mutate(hook)} />
                <Button type="button" icon="pi pi-list" label={texts.deliveries} size="small" outlined onClick={() => setLogOf(hook)} />
                <Button type="button" icon="pi pi-pencil" label={texts.edit} size="small" severity="secondary" text onClick={() => setEditing(hook)} />
                <Button
                  type="button"
                  icon="pi pi-key"
                  label={texts.rotate}
                  size="small"
                  severity="secondary"
                  text
                  loading={rotate.isPending && rotate.variables?.id === hook.id}
                  onClick={() =>
                    confirm.require({
                      header: texts.rotateHeader,
                      message: texts.rotateMessage(hook.url),
                      icon: 'pi pi-exclamation-triangle',
                      acceptLabel: texts.rotate,
                      rejectLabel: 'Cancelar',
                      acceptClassName: 'p-button-warning',
                      defaultFocus: 'reject',
                      accept: () => rotate.mutate(hook),
                    })
                  }
                />
                <Button type="button" icon={hook.active ? 'pi pi-pause' : 'pi pi-play'} label={hook.active ? texts.deactivate : texts.activate} size="small" severity="secondary" text onClick={() => toggle.mutate(hook)} />
                <Button
                  type="button"
                  icon="pi pi-trash"
                  label={texts.remove}
                  size="small"
                  severity="danger"
                  text
                  onClick={() =>
                    confirm.require({
                      header: texts.removeHeader,
                      message: texts.removeMessage(hook.url),
                      icon: 'pi pi-exclamation-triangle',
                      acceptLabel: texts.remove,
                      rejectLabel: 'Cancelar',
                      acceptClassName: 'p-button-danger',
                      defaultFocus: 'reject',
                      accept: () => remove.mutate(hook),
                    })
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating && <WebhookDialog onHide={() => setCreating(false)} />}
      {logOf && <DeliveriesDialog webhook={logOf} onHide={() => setLogOf(null)} />}
      {editing && <WebhookDialog webhook={editing} onHide={() => setEditing(null)} />}
      {rotated && (
        <ShownOnceDialog header={texts.rotatedTitle} warning={texts.rotateOnce} id={`rotated-secret-${rotated.id}`} label={rotated.url} value={rotated.secret} onHide={() => setRotated(null)} />
      )}
    </section>
  );
}

/** Configuración → Integraciones (module admin): API keys and webhooks (docs/integrations.md). */
export default function IntegrationsPage() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <p className="m-0 text-slate-600">{texts.intro}</p>
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
