import { IDEMPOTENCY_KEEP_DAYS, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER } from '@goc/contracts';

/*
 * Idempotency-Key in the OpenAPI document: one shared parameter (components.parameters) referred to
 * by every write that takes it, with the answers a key adds (409, 422).
 */

/** What the per-route transform sets on an operation that takes the key; replaced by the parameter. */
export const IDEMPOTENCY_MARK = 'x-goc-idempotency-key';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PARAMETER = 'IdempotencyKey';

/** Whether a route takes the header: a write that is not public and not marked `idempotency: false`. */
export function takesIdempotencyKey(method: string | readonly string[], config: { public?: true; idempotency?: false } | undefined): boolean {
  return [method].flat().some((m) => WRITES.has(m.toUpperCase())) && config?.public !== true && config?.idempotency !== false;
}

const parameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `Clave única de esta operación (IETF draft-ietf-httpapi-idempotency-key-header; p. ej. un UUID), para reintentarla sin repetirla. ` +
    `Con la misma clave y los mismos datos se responde otra vez la primera respuesta (estado, cuerpo, Location y Content-Type) con ` +
    `\`${IDEMPOTENT_REPLAYED_HEADER}: true\`; con otros datos, 422 «${IDEMPOTENCY_MESSAGES.reused}»; mientras la primera sigue en curso, ` +
    `la repetición la espera (409 si tarda demasiado). Las respuestas 5xx no se guardan. Se guarda ${IDEMPOTENCY_KEEP_DAYS} días por ` +
    'usuario (o clave API), método y ruta. De 1 a 255 caracteres ASCII visibles; también se admite entre comillas, como la define el borrador.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, example: '8e03978e-40d5-43e8-bc93-6894a57f9324' },
} as const;

interface Operation {
  parameters?: unknown[];
  responses?: Record<string, unknown>;
  [key: string]: unknown;
}

interface Document {
  paths?: unknown;
  components?: { responses?: Record<string, unknown>; parameters?: Record<string, unknown>; [key: string]: unknown };
}

/** Each marked operation refers to the shared parameter and documents 409 and 422 (shared responses where they exist). */
export function documentIdempotencyKey<D extends Document>(document: D): D {
  const shared = document.components?.responses ?? {};
  const errorOf = (name: string, description: string) =>
    name in shared ? { $ref: `#/components/responses/${name}` } : { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
  let used = false;
  for (const operations of Object.values((document.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const operation of Object.values(operations)) {
      if (operation[IDEMPOTENCY_MARK] !== true) continue;
      delete operation[IDEMPOTENCY_MARK];
      used = true;
      operation.parameters = [...(operation.parameters ?? []), { $ref: `#/components/parameters/${PARAMETER}` }];
      const responses = (operation.responses ??= {});
      responses['409'] ??= errorOf('Conflict', 'Conflicto');
      responses['422'] ??= errorOf('UnprocessableEntity', 'Los datos no se pueden aplicar: la respuesta dice por qué');
    }
  }
  if (!used) return document;
  return { ...document, components: { ...document.components, parameters: { ...document.components?.parameters, [PARAMETER]: parameter } } };
}
