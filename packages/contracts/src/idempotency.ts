/*
 * Idempotency-Key on the API's writes (docs/api.md): the header's name, its bounds and the Spanish
 * answers a client (the offline outbox) recognises.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer given again for a repeated key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEEP_DAYS = 7;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `La clave de idempotencia debe tener de 1 a ${IDEMPOTENCY_KEY_MAX_LENGTH} caracteres ASCII visibles`,
  notOffered: 'Esta operación no admite clave de idempotencia',
  reused: 'La clave de idempotencia ya se usó con otros datos',
  inProgress: 'Otra solicitud con la misma clave de idempotencia sigue en curso; inténtalo de nuevo en un momento',
  notReplayable: 'La solicitud con esta clave de idempotencia ya se hizo, pero su respuesta era demasiado grande para repetirla',
  tooLarge: 'El cuerpo de la solicitud es demasiado grande',
} as const;
