import { useCallback, useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { changeOwnPasswordFormSchema } from '@goc/contracts';
import { serverFieldErrors, zodFieldErrors, type FormValues } from '../../components/form/form-values';
import { FormDialog } from '../../components/form/form-dialog';
import { useFormState } from '../../components/form/use-form-state';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { useSessionUser } from '../../lib/session/session-user';
import { PasswordField } from './password-field';
import { changeOwnPassword } from './users-api';
import { usersTexts } from './users-texts';

const validate = (values: FormValues) => {
  const result = changeOwnPasswordFormSchema.safeParse(values);
  return result.success ? {} : zodFieldErrors(result.error);
};

/** "Cambiar contraseña" of the header's user menu: current password, new one and its confirmation. */
export function ChangePasswordDialog({ onHide }: { onHide: () => void }) {
  const formId = useId();
  const toast = useToast();
  const user = useSessionUser();
  const form = useFormState({ currentPassword: '', newPassword: '', confirmPassword: '' }, useCallback(validate, []));
  const save = useMutation({
    mutationFn: () => changeOwnPassword({ currentPassword: String(form.values.currentPassword), newPassword: String(form.values.newPassword) }),
    onSuccess: () => {
      toast.add({ severity: 'success', summary: usersTexts.passwordChanged, life: 4000 });
      onHide();
    },
    onError: (error) => {
      form.setServerErrors(serverFieldErrors(apiErrorBody(error)?.fields));
      toast.add({ severity: 'error', summary: usersTexts.passwordChangeFailed, detail: errorMessage(error), life: 6000 });
    },
  });
  const text = (name: string) => String(form.values[name] ?? '');

  return (
    <FormDialog
      formId={formId}
      width="28rem"
      header={usersTexts.changePassword}
      submitLabel={usersTexts.changePassword}
      submitIcon="pi pi-check"
      pending={save.isPending}
      onHide={onHide}
      onSubmit={() => {
        if (form.check()) save.mutate();
      }}
    >
      <PasswordField
        id={`${formId}-current`}
        label={usersTexts.currentPassword}
        value={text('currentPassword')}
        onChange={(value) => form.setValue('currentPassword', value)}
        error={form.errors.currentPassword}
        autoComplete="current-password"
      />
      <PasswordField
        id={`${formId}-new`}
        label={usersTexts.newPassword}
        value={text('newPassword')}
        onChange={(value) => form.setValue('newPassword', value)}
        error={form.errors.newPassword}
        autoComplete="new-password"
        rules
        username={user?.username}
      />
      <PasswordField
        id={`${formId}-confirm`}
        label={usersTexts.confirmPassword}
        value={text('confirmPassword')}
        onChange={(value) => form.setValue('confirmPassword', value)}
        error={form.errors.confirmPassword}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
