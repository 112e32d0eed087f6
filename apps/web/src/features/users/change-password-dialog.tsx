import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { changeOwnPasswordFormSchema } from '@goc/contracts';
import { FormDialog } from '../../components/form/form-dialog';
import { applyServerErrors } from '../../components/form/server-errors';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { useSessionUser } from '../../lib/session/session-user';
import { FormPasswordField } from '../../components/form/password-field';
import { changeOwnPassword } from './users-api';
import { usersTexts } from './users-texts';

type ChangePasswordValues = z.input<typeof changeOwnPasswordFormSchema>;

/**
 * "Cambiar contraseña" of the header's user menu: current password, new one and its confirmation.
 * Unlike the other dialogs it leaves no draft when the session ends (components/form/form-draft):
 * it holds nothing but passwords, and a password is never kept, not even in memory.
 */
export function ChangePasswordDialog({ onHide }: { onHide: () => void }) {
  const formId = useId();
  const toast = useToast();
  const user = useSessionUser();
  const form = useForm<ChangePasswordValues>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    resolver: zodResolver(changeOwnPasswordFormSchema, undefined, { raw: true }),
  });
  const save = useMutation({
    mutationFn: (values: ChangePasswordValues) => changeOwnPassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: () => {
      toast.add({ severity: 'success', summary: usersTexts.passwordChanged, life: 4000 });
      onHide();
    },
    onError: (error) => {
      applyServerErrors(form.setError, apiErrorBody(error)?.fields);
      toast.add({ severity: 'error', summary: usersTexts.passwordChangeFailed, detail: errorMessage(error), life: 6000 });
    },
  });

  return (
    <FormDialog
      formId={formId}
      width="28rem"
      header={usersTexts.changePassword}
      submitLabel={usersTexts.changePassword}
      submitIcon="pi pi-check"
      pending={save.isPending}
      onHide={onHide}
      onSubmit={() => void form.handleSubmit((values) => save.mutate(values))()}
    >
      <FormPasswordField
        control={form.control}
        name="currentPassword"
        id={`${formId}-current`}
        label={usersTexts.currentPassword}
        autoComplete="current-password"
      />
      <FormPasswordField
        control={form.control}
        name="newPassword"
        id={`${formId}-new`}
        label={usersTexts.newPassword}
        autoComplete="new-password"
        rules
        username={user?.username}
      />
      <FormPasswordField
        control={form.control}
        name="confirmPassword"
        id={`${formId}-confirm`}
        label={usersTexts.confirmPassword}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
