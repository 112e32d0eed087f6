import { z } from 'zod';

/** Every API error body (docs/architecture.md "API conventions"): Spanish, safe to show. `fields` maps a field path to its message. */
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
  /** A write the disk had no room for (the database's or a file's): refused whole, retried once an administrator frees space. */
  diskFull: 'El servidor se quedó sin espacio en disco; avisa al administrador. No se guardó nada.',
  noRefreshToken: 'No refresh token found',
} as const;
