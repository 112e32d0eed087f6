import type { AxiosError } from 'axios';

export const CONNECTION_ERROR_MESSAGE = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

/*
 * Recognises axios failures by their marker instead of importing axios' isAxiosError: the query
 * client, created on the first screen, then needs neither axios nor zod in the initial download.
 */
export function isAxiosFailure(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && 'isAxiosError' in error && error.isAxiosError === true;
}

export function httpStatus(error: unknown): number | null {
  return isAxiosFailure(error) ? (error.response?.status ?? null) : null;
}
