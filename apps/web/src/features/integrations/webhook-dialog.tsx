import { useId, useMemo, useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookCreated, WebhookEvent } from '@goc/contracts';
import { FormDialog } from '../../components/form/form-dialog';
import { useDialogDraft } from '../../components/form/form-draft';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { ShownOnceDialog } from './copy-once';
import { createWebhook, fetchWebhookEvents, integrationKeys, updateWebhook } from './integrations-api';
import { integrationTexts as texts } from './integrations-texts';

/** The events by resource (`orders.created` under Pedidos), in the API's order. */
/** Whose drafts the webhook dialog leaves when the session ends; its context is the webhook edited (null: a new one). */
export const WEBHOOK_DRAFT_OWNER = 'webhooks';

function byResource(events: readonly WebhookEvent[]) {
  const groups = new Map<string, { title: string; events: WebhookEvent[] }>();
  for (const event of events) {
    const resource = event.name.split('.')[0]!;
    const group = groups.get(resource) ?? { title: event.label.split(':')[0]!, events: [] };
    group.events.push(event);
    groups.set(resource, group);
  }
  return [...groups.values()];
}

/**
 * A new webhook — URL, description and events; then its signing secret, shown this once — or the
 * same fields of an existing one (`webhook`).
 */
export function WebhookDialog({ webhook, onHide }: { webhook?: Webhook; onHide: () => void }) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const catalog = useQuery({ queryKey: integrationKeys.events, queryFn: fetchWebhookEvents });
  const groups = useMemo(() => byResource(catalog.data ?? []), [catalog.data]);
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const start = { url: webhook?.url ?? '', description: webhook?.description ?? '', events: webhook?.events ?? [] };
  // What was typed comes back after signing in again; nothing once saved (the secret shown is never kept).
  useDialogDraft({
    owner: WEBHOOK_DRAFT_OWNER,
    id: String(webhook?.id ?? 'new'),
    context: webhook ?? null,
    values: { url, description, events },
    dirty: created === null && (url !== start.url || description !== start.description || events.join() !== start.events.join()),
    restore: (kept) => {
      setUrl(kept.url);
      setDescription(kept.description);
      setEvents(kept.events);
    },
  });
  const save = useMutation({
    mutationFn: async (): Promise<Webhook | WebhookCreated> => {
      const fields = { url: url.trim(), events, description: description.trim() === '' ? null : description.trim() };
      return webhook ? updateWebhook(webhook.id, { version: webhook.version, ...fields }) : createWebhook(fields);
    },
    onSuccess: (hook) => {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks });
      if ('secret' in hook) setCreated(hook as WebhookCreated);
      else {
        toast.add({ severity: 'success', summary: texts.webhookSaved, life: 3000 });
        onHide();
      }
    },
    onError: (error) => {
      setErrors(apiErrorBody(error)?.fields ?? {});
      toast.add({ severity: 'error', summary: webhook ? texts.saveFailed : texts.createFailed, detail: errorMessage(error), life: 6000 });
    },
  });
  const submit = () => {
    const found: Record<string, string> = {};
    if (url.trim() === '') found.url = texts.urlRequired;
    if (events.length === 0) found.events = texts.eventsRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const toggle = (name: string, on: boolean) => setEvents((current) => (on ? [...current, name] : current.filter((e) => e !== name)));
  const allNames = (catalog.data ?? []).map((e) => e.name);
  const allChosen = allNames.length > 0 && allNames.every((name) => events.includes(name));

  if (created) {
    return (
      <ShownOnceDialog header={texts.webhookCreatedTitle} warning={texts.secretOnce} id={`${formId}-secret`} label={created.url} value={created.secret} onHide={onHide} />
    );
  }

  return (
    <FormDialog
      formId={formId}
      width="44rem"
      header={webhook ? texts.editWebhookTitle(webhook.url) : texts.createWebhookTitle}
      submitLabel={webhook ? texts.save : texts.create}
      pending={save.isPending} onHide={onHide} onSubmit={submit}>
      <div className="flex flex-col gap-4">
        <FormField id={`${formId}-url`} label={texts.url} required error={errors.url} hint={texts.urlHint}>
          <InputText id={`${formId}-url`} value={url} type="url" inputMode="url" maxLength={2000} placeholder="https://" invalid={Boolean(errors.url)} onChange={(event) => setUrl(event.target.value)} />
        </FormField>
        <FormField id={`${formId}-description`} label={texts.description} required={false} error={errors.description}>
          <InputText id={`${formId}-description`} value={description} maxLength={200} onChange={(event) => setDescription(event.target.value)} />
        </FormField>
        <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0" aria-describedby={errors.events ? `${formId}-events-error` : undefined}>
          <legend className="mb-1.5 p-0 text-sm font-medium">
            {texts.events}
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="flex items-center gap-2">
            <Checkbox
              inputId={`${formId}-all-events`}
              checked={allChosen}
              disabled={allNames.length === 0}
              onChange={(e) => setEvents(e.checked === true ? allNames : [])}
            />
            <label htmlFor={`${formId}-all-events`} className="text-sm font-medium">
              {texts.selectAll}
            </label>
          </div>
          {errors.events && (
            <small id={`${formId}-events-error`} className="text-red-600" role="alert">
              {errors.events}
            </small>
          )}
          <div className="grid max-h-72 grid-cols-1 gap-3 overflow-y-auto rounded-md border border-solid border-slate-200 p-3 sm:grid-cols-2">
            {groups.map((group) => (
              <div key={group.title} className="flex flex-col gap-1">
                <span className="text-xs font-semibold uppercase text-slate-500">{group.title}</span>
                {group.events.map((event) => {
                  const id = `${formId}-${event.name}`;
                  return (
                    <div key={event.name} className="flex items-center gap-2">
                      <Checkbox inputId={id} checked={events.includes(event.name)} onChange={(e) => toggle(event.name, e.checked === true)} />
                      <label htmlFor={id} className="text-sm">
                        {event.label.split(': ')[1] ?? event.label} <code className="text-xs text-slate-500">{event.name}</code>
                      </label>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </fieldset>
      </div>
    </FormDialog>
  );
}
