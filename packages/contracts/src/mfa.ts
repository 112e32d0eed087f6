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

/** Passkeys (WebAuthn) as a second factor (docs/security.md «Llaves de acceso»). */
export const PASSKEY_MESSAGES = {
  name: 'Escribe un nombre para reconocer la llave (por ejemplo, «Laptop de la oficina»)',
  nameTooLong: 'Máximo 60 caracteres',
  notConfigured: 'Las llaves de acceso no están disponibles: falta GOC_PUBLIC_URL con el nombre del sitio',
  failed: 'La llave de acceso no se pudo verificar. Inténtalo de nuevo.',
  expired: 'La solicitud de la llave expiró. Inténtalo de nuevo.',
  duplicate: 'Esa llave de acceso ya está registrada',
  notFound: 'La llave de acceso no existe',
  lastFactor: 'Tu rol requiere la verificación en dos pasos: no puedes quitar tu único segundo paso',
  none: 'No tienes llaves de acceso registradas',
  cancelled: 'No se usó la llave de acceso: se canceló o se acabó el tiempo. Inténtalo de nuevo.',
  unsupported: 'Este navegador no admite llaves de acceso',
} as const;

/** The second steps a user has: the app's code (with its recovery codes) and/or a passkey. */
export const secondFactorMethodSchema = z.enum(['totp', 'passkey']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

const base64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*$/);

/**
 * What the browser's navigator.credentials answers, as @simplewebauthn/browser sends it. Checked in
 * depth by @simplewebauthn/server; here only its shape and sizes.
 */
export const passkeyAuthenticationResponseSchema = z.object({
  id: base64url.min(1).max(1_024),
  rawId: base64url.min(1).max(1_024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

export const passkeyRegistrationResponseSchema = z.object({
  id: base64url.min(1).max(1_024),
  rawId: base64url.min(1).max(1_024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(30)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** The options handed to navigator.credentials (WebAuthn's JSON form): passed through to the browser library. */
export const passkeyOptionsSchema = z.object({ challenge: z.string() }).catchall(z.unknown());
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeyRegistrationRequestSchema = z.object({
  name: z.string().trim().min(1, PASSKEY_MESSAGES.name).max(60, PASSKEY_MESSAGES.nameTooLong),
  response: passkeyRegistrationResponseSchema,
});
export type PasskeyRegistrationRequest = z.infer<typeof passkeyRegistrationRequestSchema>;

/** POST /auth/mfa/passkeys/authentication-options and /auth/mfa/enroll/passkey-options: during a sign-in, its mfaToken. */
export const passkeyAuthenticationOptionsRequestSchema = z.object({ mfaToken: z.string().min(1).max(128) });

/** POST /auth/mfa/enroll/passkey: a sign-in that must enrol first registers a passkey as its second factor. */
export const passkeyEnrollmentRequestSchema = passkeyRegistrationRequestSchema.extend({ mfaToken: z.string().min(1).max(128) });
export type PasskeyEnrollmentRequest = z.infer<typeof passkeyEnrollmentRequestSchema>;

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Synced by the person's platform to their other devices. */
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
/** A passkey just registered; the recovery codes, shown once, when it is the person's first second factor (else null). */
export const passkeyRegisteredSchema = passkeySchema.extend({ recoveryCodes: z.array(z.string()).nullable() });
export type PasskeyRegistered = z.infer<typeof passkeyRegisteredSchema>;
export const passkeyListSchema = z.object({ items: z.array(passkeySchema) });

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
  z.object({ mfaRequired: z.literal(true), mfaToken: z.string(), methods: z.array(secondFactorMethodSchema) }),
  z.object({ mfaEnrollmentRequired: z.literal(true), mfaToken: z.string() }),
]);
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** What POST /auth/login answers: the SPEC's session, or the second factor's step. */
export const loginOutcomeSchema = z.union([loginResponseSchema, mfaChallengeSchema]);
export type LoginOutcome = z.infer<typeof loginOutcomeSchema>;

export const mfaVerifyRequestSchema = z.union([
  z.object({ mfaToken, code: totpCode }).strict(),
  z.object({ mfaToken, recoveryCode }).strict(),
  z.object({ mfaToken, passkey: passkeyAuthenticationResponseSchema }).strict(),
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
/** POST /auth/mfa/enroll/passkey: the recovery codes shown once, and the session that sign-in ends in. */
export const passkeyEnrolledSchema = z.object({ recoveryCodes: z.array(z.string()), session: loginResponseSchema });
export type PasskeyEnrolled = z.infer<typeof passkeyEnrolledSchema>;

export const passwordConfirmationSchema = z.object({ password: z.string().min(1, 'Ingresa tu contraseña').max(128, 'Máximo 128 caracteres') });
export type PasswordConfirmation = z.infer<typeof passwordConfirmationSchema>;

export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** The user's role requires it: it cannot be disabled. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** GOC_PUBLIC_URL names the site, so passkeys can be registered. */
  passkeysAvailable: z.boolean(),
  passkeys: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** POST /auth/reauthenticate: the password, a code of the app, or a passkey's answer to POST /auth/reauthenticate/passkey-options. */
export const reauthenticateRequestSchema = z.union(
  [passwordConfirmationSchema.strict(), z.object({ code: totpCode }).strict(), z.object({ passkey: passkeyAuthenticationResponseSchema }).strict()],
  { error: MFA_MESSAGES.reauthenticate },
);
export type ReauthenticateRequest = z.infer<typeof reauthenticateRequestSchema>;
