import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { changeOwnPasswordFormSchema } from '@goc/contracts';
import { FormDialog } from '../../components/form/form-dialog';
import { applyServerErrors } from '../../components/form/server-errors';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { useSessionUser } from '../../lib/session/session-user';
import { PasswordField } from './password-field';
import { changeOwnPassword } from './users-api';
import { usersTexts } from './users-texts';

type ChangePasswordValues = z.input<typeof changeOwnPasswordFormSchema>;

/** "Cambiar contraseña" of the header's user menu: current password, new one and its confirmation. */
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
      <Controller
        control={form.control}
        name="currentPassword"
        render={({ field, fieldState }) => (
          <PasswordField
            id={`${formId}-current`}
            label={usersTexts.currentPassword}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            autoComplete="current-password"
          />
        )}
      />
      <Controller
        control={form.control}
        name="newPassword"
        render={({ field, fieldState }) => (
          <PasswordField
            id={`${formId}-new`}
            label={usersTexts.newPassword}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            autoComplete="new-password"
            rules
            username={user?.username}
          />
        )}
      />
      <Controller
        control={form.control}
        name="confirmPassword"
        render={({ field, fieldState }) => (
          <PasswordField
            id={`${formId}-confirm`}
            label={usersTexts.confirmPassword}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            autoComplete="new-password"
          />
        )}
      />
    </FormDialog>
  );
}
