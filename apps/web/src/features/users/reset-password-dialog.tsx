import { useCallback, useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { passwordSchema, PASSWORD_MESSAGES } from '@goc/contracts';
import { serverFieldErrors, zodFieldErrors, type FormValues } from '../../components/form/form-values';
import { FormDialog } from '../../components/form/form-dialog';
import { useFormState } from '../../components/form/use-form-state';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { PasswordField } from './password-field';
import { resetPassword } from './users-api';
import { usersTexts } from './users-texts';

/** The new password twice, and never the username. */
export function resetPasswordFormSchema(username: string) {
  return z
    .object({ password: passwordSchema, confirmPassword: z.string() })
    .refine((v) => v.password.toLowerCase() !== username.toLowerCase(), { message: PASSWORD_MESSAGES.sameAsUsername, path: ['password'] })
    .refine((v) => v.confirmPassword === v.password, { message: PASSWORD_MESSAGES.confirmationMismatch, path: ['confirmPassword'] });
}

interface ResetPasswordDialogProps {
  userId: number;
  username: string;
  onHide: () => void;
}

/** An administrator sets a new password for a user (POST /users/:id/reset-password). */
export function ResetPasswordDialog({ userId, username, onHide }: ResetPasswordDialogProps) {
  const formId = useId();
  const toast = useToast();
  const validate = useCallback(
    (values: FormValues) => {
      const result = resetPasswordFormSchema(username).safeParse(values);
      return result.success ? {} : zodFieldErrors(result.error);
    },
    [username],
  );
  const form = useFormState({ password: '', confirmPassword: '' }, validate);
  const save = useMutation({
    mutationFn: () => resetPassword(userId, { password: String(form.values.password) }),
    onSuccess: () => {
      toast.add({ severity: 'success', summary: usersTexts.passwordReset(username), life: 4000 });
      onHide();
    },
    onError: (error) => {
      form.setServerErrors(serverFieldErrors(apiErrorBody(error)?.fields));
      toast.add({ severity: 'error', summary: usersTexts.passwordResetFailed, detail: errorMessage(error), life: 6000 });
    },
  });

  return (
    <FormDialog
      formId={formId}
      width="28rem"
      header={usersTexts.resetPasswordTitle(username)}
      submitLabel={usersTexts.resetPassword}
      submitIcon="pi pi-key"
      pending={save.isPending}
      onHide={onHide}
      onSubmit={() => {
        if (form.check()) save.mutate();
      }}
    >
      <PasswordField
        id={`${formId}-password`}
        label={usersTexts.newPassword}
        value={String(form.values.password)}
        onChange={(value) => form.setValue('password', value)}
        error={form.errors.password}
        autoComplete="new-password"
        rules
        username={username}
      />
      <PasswordField
        id={`${formId}-confirm`}
        label={usersTexts.confirmPassword}
        value={String(form.values.confirmPassword)}
        onChange={(value) => form.setValue('confirmPassword', value)}
        error={form.errors.confirmPassword}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
