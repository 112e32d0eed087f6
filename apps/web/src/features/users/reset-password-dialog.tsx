import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { passwordSchema, PASSWORD_MESSAGES } from '@goc/contracts';
import { FormDialog } from '../../components/form/form-dialog';
import { applyServerErrors } from '../../components/form/server-errors';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { FormPasswordField } from '../../components/form/password-field';
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

type ResetPasswordValues = z.input<ReturnType<typeof resetPasswordFormSchema>>;

/** An administrator sets a new password for a user (POST /users/:id/reset-password). */
export function ResetPasswordDialog({ userId, username, onHide }: ResetPasswordDialogProps) {
  const formId = useId();
  const toast = useToast();
  const resolver = useMemo(() => zodResolver(resetPasswordFormSchema(username), undefined, { raw: true }), [username]);
  const form = useForm<ResetPasswordValues>({ defaultValues: { password: '', confirmPassword: '' }, resolver });
  const save = useMutation({
    mutationFn: (values: ResetPasswordValues) => resetPassword(userId, { password: values.password }),
    onSuccess: () => {
      toast.add({ severity: 'success', summary: usersTexts.passwordReset(username), life: 4000 });
      onHide();
    },
    onError: (error) => {
      applyServerErrors(form.setError, apiErrorBody(error)?.fields);
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
      onSubmit={() => void form.handleSubmit((values) => save.mutate(values))()}
    >
      <FormPasswordField
        control={form.control}
        name="password"
        id={`${formId}-password`}
        label={usersTexts.newPassword}
        autoComplete="new-password"
        rules
        username={username}
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
