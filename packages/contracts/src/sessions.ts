import { z } from 'zod';

/** «Mi cuenta → Sesiones» and sign-in with the company's account (docs/security.md). */
export const SESSION_MESSAGES = {
  wrongPassword: 'La contraseña no es correcta',
  notFound: 'Esa sesión no existe o ya terminó',
  oidcNotConfigured: 'El inicio de sesión con la cuenta de la empresa no está configurado',
  oidcExpired: 'El inicio de sesión con la cuenta de la empresa caducó o ya se usó; vuelve a intentarlo',
  oidcFailed: 'No se pudo confirmar tu identidad con la cuenta de la empresa; vuelve a intentarlo',
  oidcUnverifiedEmail: 'Tu cuenta de la empresa no tiene un correo verificado; pide a tu administrador que lo verifique',
  oidcDomainNotAllowed: 'El dominio de tu correo no está autorizado para entrar a GOC',
  oidcNoUser: 'Tu cuenta de la empresa no corresponde a ningún usuario activo de GOC; pide a un administrador que registre tu correo en tu usuario',
  oidcInactive: 'Tu usuario de GOC está desactivado',
} as const;

export const sessionSchema = z.object({
  id: z.string(),
  /** The session of the request. */
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ items: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** Ending sessions asks the password again (ASVS 7.5: re-authentication before ending sessions). */
export const confirmPasswordSchema = z.object({
  password: z.string().min(1, 'Ingresa tu contraseña').max(128, 'Máximo 128 caracteres'),
});
export type ConfirmPassword = z.infer<typeof confirmPasswordSchema>;

export const sessionParamsSchema = z.object({ sessionId: z.string().min(1).max(64, 'Identificador de sesión no válido') });

/** GET /auth/oidc/config: whether the login page shows the company's button, and its label. */
export const oidcPublicConfigSchema = z.object({ enabled: z.boolean(), label: z.string().nullable() });
export type OidcPublicConfig = z.infer<typeof oidcPublicConfigSchema>;

/** POST /auth/oidc/exchange: the single-use code the callback hands the SPA, for the login answer. */
export const oidcExchangeSchema = z.object({ code: z.string().min(1, 'Falta el código').max(128, 'Código no válido') });

/** Why a sign-in with the provider was refused: the key the callback hands the login page (#oidcError=…). */
export type OidcRefusal = 'expired' | 'failed' | 'unverified' | 'domain' | 'nouser' | 'inactive';

export const OIDC_REFUSAL_MESSAGES: Record<OidcRefusal, string> = {
  expired: SESSION_MESSAGES.oidcExpired,
  failed: SESSION_MESSAGES.oidcFailed,
  unverified: SESSION_MESSAGES.oidcUnverifiedEmail,
  domain: SESSION_MESSAGES.oidcDomainNotAllowed,
  nouser: SESSION_MESSAGES.oidcNoUser,
  inactive: SESSION_MESSAGES.oidcInactive,
};

export const isOidcRefusal = (key: string): key is OidcRefusal => Object.hasOwn(OIDC_REFUSAL_MESSAGES, key);
