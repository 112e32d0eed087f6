import { STATUS_CODES } from 'node:http';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, type ApiError } from '@goc/contracts';
import { AppError } from './errors';
import { isDataException, isDatabaseUnavailable, isDiskFull, isReferenceViolation, PG_UNIQUE_VIOLATION, pgErrorInfo } from './db-errors';

// zod's built-in messages in Spanish; the contracts' own messages take precedence where they exist.
z.config(z.locales.es());

/** Spanish texts for framework errors that carry a 4xx status. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'La solicitud no es válida',
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  405: 'Método no permitido',
  406: 'Formato de respuesta no disponible',
  408: 'La solicitud tardó demasiado',
  409: 'La operación entra en conflicto con el estado actual del registro',
  413: 'La solicitud es demasiado grande',
  415: 'Tipo de contenido no admitido',
  429: MESSAGES.tooManyAttempts,
};

const FRAMEWORK_CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es JSON válido',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La solicitud es demasiado grande',
};

const body = (statusCode: number, message: string, fields?: Record<string, string>): ApiError => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(fields ? { fields } : {}),
});

/** zod issues → `{ "items.0.quantity": "mensaje" }`, the first message of each path. */
function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const key = path || error.validationContext || 'body';
    fields[key] ??= issue.message ?? MESSAGES.validation;
  }
  return fields;
}

/** Every error → `{statusCode, error, message, fields?}` in Spanish; a 5xx never shows internals. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof AppError) return { ...body(error.statusCode, error.message, error.fields), error: error.error };
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    return body(400, MESSAGES.validation, validationFields(fastifyError));
  }
  // Before "unavailable": a full disk is not fixed by retrying in a few seconds, an administrator must act.
  if (isDiskFull(error)) return body(503, MESSAGES.diskFull);
  // The database restarting or unreachable: the request may be retried as soon as it is back.
  if (isDatabaseUnavailable(error)) return body(503, MESSAGES.unavailable);
  const db = pgErrorInfo(error);
  // Services name the field or the referrer themselves; these are the safe fallbacks.
  if (db?.code === PG_UNIQUE_VIOLATION) return body(409, 'Ya existe un registro con esos datos');
  if (isReferenceViolation(db)) return body(409, 'El registro está relacionado con otros datos y no se puede modificar así');
  if (isDataException(db)) return body(400, 'Algún dato de la solicitud no es válido o está fuera del rango permitido');
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    return body(status, FRAMEWORK_CODE_MESSAGES[fastifyError.code] ?? STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400]!);
  }
  return body(500, MESSAGES.internal);
}
