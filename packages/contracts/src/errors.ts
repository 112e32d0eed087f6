import { z } from 'zod';

/** Every API error body (ARCHITECTURE.md): Spanish, safe to show. `fields` maps a field path to its message. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const MESSAGES = {
  invalidCredentials: 'Usuario o contraseña incorrectos',
  tooManyAttempts: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  unauthorized: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.',
  forbidden: 'No tienes permiso para realizar esta acción',
  notFound: 'No se encontró el recurso solicitado',
  validation: 'Revisa los datos marcados',
  staleVersion: 'El registro fue modificado por otro usuario',
  internal: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  noRefreshToken: 'No refresh token found',
} as const;
