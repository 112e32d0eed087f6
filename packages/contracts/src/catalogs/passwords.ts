import { z } from 'zod';
import { isCommonPassword } from './common-passwords';

/*
 * Password rules of ASVS 6.2: at least 8 characters, up to 128 (so passphrases fit), every character
 * allowed, no composition rules, common passwords refused. Not trimmed: spaces are part of a password.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: 'La contraseña es obligatoria',
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  tooLong: `La contraseña admite como máximo ${PASSWORD_MAX_LENGTH} caracteres`,
  common: 'Esa contraseña es demasiado común; elige otra más difícil de adivinar',
  sameAsUsername: 'La contraseña no puede ser igual al usuario',
  sameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
  currentRequired: 'Ingresa tu contraseña actual',
  confirmationMismatch: 'Las contraseñas no coinciden',
} as const;

/** Length counted in code points, so an emoji or 'ñ' counts as one character. */
const length = (s: string) => [...s].length;

export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  // Left empty, it is a missing field like any other, not a short password.
  .refine((s) => s.length > 0, { message: PASSWORD_MESSAGES.required, abort: true })
  .refine((s) => length(s) >= PASSWORD_MIN_LENGTH, { message: PASSWORD_MESSAGES.tooShort, abort: true })
  .refine((s) => length(s) <= PASSWORD_MAX_LENGTH, { message: PASSWORD_MESSAGES.tooLong, abort: true })
  .refine((s) => !isCommonPassword(s), PASSWORD_MESSAGES.common);

/** POST /users/:id/reset-password (an administrator sets a new password). */
export const resetPasswordSchema = z.object({ password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

const changeOwnPasswordShape = {
  currentPassword: z
    .string({ error: PASSWORD_MESSAGES.currentRequired })
    .min(1, PASSWORD_MESSAGES.currentRequired)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong),
  newPassword: passwordSchema,
};

/** POST /auth/change-password (any signed-in user, from the header's user menu). */
export const changeOwnPasswordSchema = z
  .object(changeOwnPasswordShape)
  .refine((v) => v.newPassword !== v.currentPassword, { message: PASSWORD_MESSAGES.sameAsCurrent, path: ['newPassword'] });
export type ChangeOwnPasswordInput = z.infer<typeof changeOwnPasswordSchema>;

/** The SPA's form for changing one's password: the request plus a repeated new password. */
export const changeOwnPasswordFormSchema = z
  .object({ ...changeOwnPasswordShape, confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmationMismatch }) })
  .refine((v) => v.newPassword !== v.currentPassword, { message: PASSWORD_MESSAGES.sameAsCurrent, path: ['newPassword'] })
  .refine((v) => v.confirmPassword === v.newPassword, { message: PASSWORD_MESSAGES.confirmationMismatch, path: ['confirmPassword'] });
export type ChangeOwnPasswordForm = z.infer<typeof changeOwnPasswordFormSchema>;
