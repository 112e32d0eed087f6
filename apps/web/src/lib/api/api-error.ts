import { isAxiosError } from 'axios';
import { apiErrorSchema, MESSAGES, type ApiError } from '@goc/contracts';

export const CONNECTION_ERROR_MESSAGE = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

/** The API's error body ({statusCode, error, message, fields?}) when the failure carries one. */
export function apiErrorBody(error: unknown): ApiError | null {
  if (!isAxiosError(error) || !error.response) return null;
  const parsed = apiErrorSchema.safeParse(error.response.data);
  return parsed.success ? parsed.data : null;
}

export function httpStatus(error: unknown): number | null {
  return isAxiosError(error) ? (error.response?.status ?? null) : null;
}

/**
 * True when the server could not be reached: no response at all, or a gateway/proxy answering
 * for it (502–504 without the API's error body).
 */
export function isConnectionError(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  const status = error.response?.status;
  if (status === undefined) return true;
  return status >= 502 && status <= 504 && apiErrorBody(error) === null;
}

/** A Spanish message safe to show for any failed call (the API's messages are written for users). */
export function errorMessage(error: unknown): string {
  if (isConnectionError(error)) return CONNECTION_ERROR_MESSAGE;
  return apiErrorBody(error)?.message ?? MESSAGES.internal;
}
