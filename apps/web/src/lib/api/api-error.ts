import { apiErrorSchema, MESSAGES, type ApiError } from '@goc/contracts';
import { CONNECTION_ERROR_MESSAGE, httpStatus, isAxiosFailure } from './http-status';

export { CONNECTION_ERROR_MESSAGE, httpStatus };

/** The API's error body ({statusCode, error, message, fields?}) when the failure carries one. */
export function apiErrorBody(error: unknown): ApiError | null {
  if (!isAxiosFailure(error) || !error.response) return null;
  const parsed = apiErrorSchema.safeParse(error.response.data);
  return parsed.success ? parsed.data : null;
}

/**
 * True when the server could not be reached: no response at all, or a gateway/proxy answering
 * for it (502–504 without the API's error body).
 */
export function isConnectionError(error: unknown): boolean {
  if (!isAxiosFailure(error)) return false;
  const status = error.response?.status;
  if (status === undefined) return true;
  return status >= 502 && status <= 504 && apiErrorBody(error) === null;
}

/** A Spanish message safe to show for any failed call (the API's messages are written for users). */
export function errorMessage(error: unknown): string {
  if (isConnectionError(error)) return CONNECTION_ERROR_MESSAGE;
  return apiErrorBody(error)?.message ?? MESSAGES.internal;
}
