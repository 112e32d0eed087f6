import { useId, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreated } from '@goc/contracts';
import { FormDialog } from '../../components/form/form-dialog';
import { useDialogDraft } from '../../components/form/form-draft';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { ShownOnceDialog } from './copy-once';
import { createApiKey, fetchRoles, integrationKeys } from './integrations-api';
import { integrationTexts as texts } from './integrations-texts';

const DAY_MS = 24 * 3_600_000;

/** A new key: name, role and expiry; then the key, shown this once. */
/** Whose draft the new-key dialog leaves when the session ends. */
export const API_KEY_DRAFT_OWNER = 'apiKeys';

export function ApiKeyDialog({ onHide }: { onHide: () => void }) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: integrationKeys.roles, queryFn: fetchRoles });
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState<number | null>(null);
  const [days, setDays] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  // What was typed comes back after signing in again; nothing once created (the key shown is never kept).
  useDialogDraft({
    owner: API_KEY_DRAFT_OWNER,
    id: 'new',
    context: null,
    values: { name, roleId, days },
    dirty: created === null && (name !== '' || roleId !== null || days !== 0),
    restore: (kept) => {
      setName(kept.name);
      setRoleId(kept.roleId);
      setDays(kept.days);
    },
  });
  const save = useMutation({
    mutationFn: () => createApiKey({ name: name.trim(), roleId: roleId!, expiresAt: days === 0 ? null : new Date(Date.now() + days * DAY_MS).toISOString() }),
    onSuccess: (key) => {
      setCreated(key);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.keys });
    },
    onError: (error) => {
      setErrors(apiErrorBody(error)?.fields ?? {});
      toast.add({ severity: 'error', summary: texts.createFailed, detail: errorMessage(error), life: 6000 });
    },
  });
  const submit = () => {
    const found: Record<string, string> = {};
    if (name.trim() === '') found.name = texts.keyNameRequired;
    if (roleId === null) found.roleId = texts.roleRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  if (created) {
    return (
      <ShownOnceDialog header={texts.keyCreatedTitle} warning={texts.keyOnce} id={`${formId}-key`} label={created.name} value={created.key} onHide={onHide}>
        <p className="m-0 text-sm text-slate-600">{texts.keyUsage}</p>
      </ShownOnceDialog>
    );
  }

  return (
    <FormDialog formId={formId} width="32rem" header={texts.createKeyTitle} submitLabel={texts.create} submitIcon="pi pi-key" pending={save.isPending} onHide={onHide} onSubmit={submit}>
      <div className="flex flex-col gap-4">
        <FormField id={`${formId}-name`} label={texts.name} required error={errors.name}>
          <InputText id={`${formId}-name`} value={name} maxLength={80} invalid={Boolean(errors.name)} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField id={`${formId}-role`} label={texts.role} required error={errors.roleId}>
          <Dropdown
            inputId={`${formId}-role`}
            value={roleId}
            options={roles.data ?? []}
            optionLabel="label"
            optionValue="value"
            placeholder={texts.chooseRole}
            loading={roles.isPending}
            invalid={Boolean(errors.roleId)}
            onChange={(event) => setRoleId(Number(event.value))}
          />
        </FormField>
        <FormField id={`${formId}-expiry`} label={texts.expiry} required={false} markOptional={false} error={errors.expiresAt}>
          <Dropdown inputId={`${formId}-expiry`} value={days} options={[...texts.expiryOptions]} optionLabel="label" optionValue="value" onChange={(event) => setDays(Number(event.value))} />
        </FormField>
      </div>
    </FormDialog>
  );
}
