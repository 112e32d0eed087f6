import { z } from 'zod';
import { loginResponseSchema } from './auth';

/*
 * Two-factor verification (docs/security.md "Two-factor verification"): TOTP (RFC 6238, 6 digits,
 * 30 s, SHA-1) with single-use recovery codes, and re-authentication before sensitive changes.
 */

export const MFA_MESSAGES = {
  code: 'Escribe los 6 dígitos de tu aplicación de autenticación',
  recoveryCode: 'Escribe un código de recuperación (10 caracteres)',
  oneOf: 'Escribe un código de tu aplicación o un código de recuperación',
  wrongCode: 'El código no es correcto o ya se usó. Espera el siguiente e inténtalo de nuevo.',
  challengeEnded: 'La verificación expiró o se intentó demasiadas veces. Inicia sesión de nuevo.',
  notEnrolled: 'No tienes la verificación en dos pasos activada',
  alreadyEnrolled: 'La verificación en dos pasos ya está activada',
  noSetup: 'Primero genera el código QR',
  wrongPassword: 'La contraseña no es correcta',
  requiredByRole: 'Tu rol requiere la verificación en dos pasos: no puedes desactivarla',
  reauthenticate: 'Confirma tu contraseña para continuar',
} as const;

/** The `error` of a 403 the SPA answers by asking for the password again and retrying. */
export const REAUTHENTICATION_REQUIRED = 'ReauthenticationRequired';
/** How long a sign-in or a re-authentication allows sensitive changes. */
export const REAUTHENTICATION_MINUTES = 10;
/** Recovery codes given at enrolment (and at each regeneration). */
export const RECOVERY_CODE_COUNT = 10;

const totpCode = z.string().trim().regex(/^\d{6}$/, MFA_MESSAGES.code);
/** 10 characters of the base-32 alphabet, shown as two groups of five; spaces, dashes and case are ignored. */
const recoveryCode = z
  .string()
  .max(40, MFA_MESSAGES.recoveryCode)
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{10}$/, MFA_MESSAGES.recoveryCode));
const mfaToken = z.string().min(1).max(128);

/** POST /auth/login when a second factor is needed: no session yet, only the next step's token. */
export const mfaChallengeSchema = z.union([
  z.object({ mfaRequired: z.literal(true), mfaToken: z.string() }),
  z.object({ mfaEnrollmentRequired: z.literal(true), mfaToken: z.string() }),
]);
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** What POST /auth/login answers: the SPEC's session, or the second factor's step. */
export const loginOutcomeSchema = z.union([loginResponseSchema, mfaChallengeSchema]);
export type LoginOutcome = z.infer<typeof loginOutcomeSchema>;

export const mfaVerifyRequestSchema = z.union([
  z.object({ mfaToken, code: totpCode }).strict(),
  z.object({ mfaToken, recoveryCode }).strict(),
], { error: MFA_MESSAGES.oneOf });
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequestSchema>;

/** Setup and confirm: signed in, or during a sign-in that must enrol first (the mfaToken). */
export const totpSetupRequestSchema = z.object({ mfaToken: mfaToken.optional() });
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpConfirmRequestSchema = z.object({ code: totpCode, mfaToken: mfaToken.optional() });
export type TotpConfirmRequest = z.infer<typeof totpConfirmRequestSchema>;
/** The codes shown once; an enrolment during sign-in also ends that sign-in (the session; null when signed in already). */
export const totpConfirmResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
  session: loginResponseSchema.nullable(),
});
export type TotpConfirmResponse = z.infer<typeof totpConfirmResponseSchema>;

export const passwordConfirmationSchema = z.object({ password: z.string().min(1, 'Ingresa tu contraseña').max(128, 'Máximo 128 caracteres') });
export type PasswordConfirmation = z.infer<typeof passwordConfirmationSchema>;

export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** The user's role requires it: it cannot be disabled. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** POST /auth/reauthenticate: the password, or a code of the second factor. */
export const reauthenticateRequestSchema = z.union([passwordConfirmationSchema.strict(), z.object({ code: totpCode }).strict()], {
  error: MFA_MESSAGES.reauthenticate,
});
export type ReauthenticateRequest = z.infer<typeof reauthenticateRequestSchema>;
