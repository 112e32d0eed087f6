import { z } from 'zod';
import { apiErrorSchema } from '@goc/contracts';

/*
 * The OpenAPI document's reusable schemas. A zod schema given a name in an app's registry is written
 * once under components.schemas, and a `$ref` wherever a route (or another schema) uses that very
 * object (fastify-type-provider-zod reads the registry). Names are PascalCase nouns (Material,
 * MaterialCreate, MaterialPage, ApiError): docs/api.md. Each app has its own registry, so an app
 * built with a throw-away module leaves no name behind for the next one in the process.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's named schemas (the OpenAPI document's components). */
    schemaNames: SchemaNames;
  }
}

export type SchemaRegistry = z.core.$ZodRegistry<z.core.GlobalMeta>;

export interface SchemaNames {
  /** The app's named schemas, for the document's transforms. */
  readonly registry: SchemaRegistry;
  /** Names each schema (idempotent for the same object; another object under a taken name throws). */
  add(schemas: Readonly<Record<string, z.ZodType>>): void;
}

/**
 * Descriptions (`.describe()`) live in zod's global registry: an app's registry reads them there for
 * every schema it has not named itself, so the document keeps them.
 */
class DescribedMap extends WeakMap<z.core.$ZodType, z.core.GlobalMeta> {
  override get(schema: z.core.$ZodType) {
    return super.get(schema) ?? z.globalRegistry.get(schema);
  }
  override has(schema: z.core.$ZodType) {
    return super.has(schema) || z.globalRegistry.has(schema);
  }
}

export function createSchemaNames(): SchemaNames {
  const registry: SchemaRegistry = z.registry<z.core.GlobalMeta>();
  registry._map = new DescribedMap();
  return {
    registry,
    add(schemas) {
      for (const [id, schema] of Object.entries(schemas)) {
        const taken = registry._idmap.get(id);
        if (taken === schema) continue;
        if (taken) throw new Error(`OpenAPI: el nombre de esquema ${id} ya lo usa otro esquema`);
        const meta = registry.get(schema);
        if (meta?.id) throw new Error(`OpenAPI: el esquema ${meta.id} no puede llamarse también ${id}`);
        registry.add(schema, { ...meta, id });
      }
    },
  };
}

export const apiError = apiErrorSchema.describe(
  'Error en español: `message` para la persona; `fields` (datos no válidos) dice por campo qué corregir',
);

/** The shared schemas every app names. */
export const SHARED_SCHEMAS = { ApiError: apiError };

/** Documents the error bodies a route can answer with (all share the ApiError shape). */
export function errorResponses<const C extends number>(...codes: C[]): Record<C, typeof apiError> {
  return Object.fromEntries(codes.map((code) => [code, apiError])) as Record<C, typeof apiError>;
}

/** Who may call an operation: public ones need nothing; the rest a user's access token or an API key. */
export const PUBLIC_SECURITY: Array<Record<string, string[]>> = [];
export const SECURED: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
/** Account management and sessions: a person's token only (API keys are refused there, lib/api-keys.ts). */
export const PERSON_ONLY: Array<Record<string, string[]>> = [{ bearerAuth: [] }];

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Token de acceso de un usuario (POST /api/v2/auth/login → `token`; dura 15 minutos, se renueva con POST /api/v2/auth/refresh).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'goc_…',
    description: 'Clave API de un sistema externo, enviada igual que un token: `Authorization: Bearer goc_…`. Actúa con los permisos del rol de la clave.',
  },
} as const;

/**
 * What each status means for any operation, unless the route says more (a 204's «Eliminado»), and
 * the name of the shared response an error status with the ApiError body becomes.
 */
const STATUSES: Record<string, { description: string; shared?: string }> = {
  200: { description: 'Correcto' },
  201: { description: 'Creado' },
  202: { description: 'Aceptado: continúa en segundo plano' },
  204: { description: 'Hecho, sin contenido' },
  400: { description: 'Solicitud no válida: `message` dice por qué y `fields` qué corregir en cada campo', shared: 'BadRequest' },
  401: { description: 'Sin sesión válida: falta el token o la clave API, o ya no vale', shared: 'Unauthorized' },
  403: { description: 'Sin permiso para esta acción', shared: 'Forbidden' },
  404: { description: 'No existe o no está a tu alcance', shared: 'NotFound' },
  409: { description: 'Conflicto: el registro cambió desde que se leyó (versión) o lo usan otros registros', shared: 'Conflict' },
  413: { description: 'Demasiado grande', shared: 'PayloadTooLarge' },
  415: { description: 'Tipo de archivo no admitido', shared: 'UnsupportedMediaType' },
  422: { description: 'Los datos no se pueden aplicar: la respuesta dice por qué', shared: 'UnprocessableEntity' },
  429: { description: 'Demasiadas solicitudes: espera un momento', shared: 'TooManyRequests' },
  503: { description: 'Servicio no disponible por ahora', shared: 'ServiceUnavailable' },
};

/** @fastify/swagger's description of a response whose schema has none. */
const UNDESCRIBED = 'Default Response';
const RESPONSES = '#/components/responses/';

interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: Json }>;
  $ref?: string;
}

/**
 * Describes each «Default Response» by its status, and turns every error answered with the plain
 * ApiError body into a reference to one shared response (`#/components/responses/NotFound`).
 */
function shareResponses(paths: Json): { paths: Json; responses: Record<string, ResponseObject> } {
  const responses: Record<string, ResponseObject> = {};
  for (const operations of Object.values(paths ?? {}) as Array<Record<string, { responses?: Record<string, ResponseObject> }>>) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const known = STATUSES[status];
        if (!known) continue;
        if (response.description === UNDESCRIBED) response.description = known.description;
        const content = Object.entries(response.content ?? {});
        const [media, only] = content[0] ?? [];
        const plainError = content.length === 1 && media === 'application/json' && JSON.stringify(only?.schema) === JSON.stringify({ $ref: `${REF}ApiError` });
        if (known.shared && plainError && response.description === known.description) {
          responses[known.shared] = { description: known.description, content: response.content };
          operation.responses![status] = { $ref: `${RESPONSES}${known.shared}` };
        }
      }
    }
  }
  return { paths, responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))) };
}

type Json = unknown;
type Schemas = Record<string, Json>;

const REF = '#/components/schemas/';
const INPUT = 'Input';

function mapRefs(value: Json, rename: (id: string) => string): Json {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) =>
      key === '$ref' && typeof child === 'string' && child.startsWith(REF) ? [key, REF + rename(child.slice(REF.length))] : [key, mapRefs(child, rename)],
    ),
  );
}

function collectRefs(value: Json, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) collectRefs(v, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(REF)) into.add(child.slice(REF.length));
      else collectRefs(child, into);
    }
  }
}

/**
 * A nullable reference comes out as `{nullable, allOf: [$ref]}`; OpenAPI 3.0 wants `type` beside
 * `nullable`, so it gets the referenced schema's.
 */
function typeNullableRefs(value: Json, schemas: Schemas): Json {
  if (Array.isArray(value)) return value.map((v) => typeNullableRefs(v, schemas));
  if (value === null || typeof value !== 'object') return value;
  const node = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, typeNullableRefs(child, schemas)])) as Record<string, Json>;
  const [only, ...others] = Array.isArray(node.allOf) ? (node.allOf as Array<{ $ref?: string }>) : [];
  if (node.nullable === true && node.type === undefined && others.length === 0 && only?.$ref?.startsWith(REF)) {
    const target = schemas[only.$ref.slice(REF.length)] as { type?: string } | undefined;
    if (target?.type) node.type = target.type;
  }
  return node;
}

/**
 * The document as integrators get it. The provider writes every named schema twice — as read
 * (`Material`) and as sent (`MaterialInput`) — whether used or not: keeps those the operations
 * reach, and drops the `Input` suffix where only one of the two is used or both are the same. Then
 * types nullable references, describes the undescribed responses and shares the error ones.
 */
export function tidyComponents<D extends { paths?: Json; components?: { schemas?: Schemas } }>(document: D): D {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const pending: Json[] = [document.paths];
  while (pending.length > 0) {
    const found = new Set<string>();
    collectRefs(pending.pop(), found);
    for (const id of found) {
      if (used.has(id) || !(id in schemas)) continue;
      used.add(id);
      pending.push(schemas[id]);
    }
  }
  const renamed = new Map<string, string>();
  for (const id of used) {
    if (!id.endsWith(INPUT)) continue;
    const plain = id.slice(0, -INPUT.length);
    if (!used.has(plain)) renamed.set(id, plain);
  }
  const rename = (id: string) => renamed.get(id) ?? id;
  // Both variants used: merged when identical once their own references are renamed.
  const kept = [...used].filter((id) => !renamed.has(id));
  const merged = new Map<string, string>();
  for (const id of kept) {
    if (!id.endsWith(INPUT)) continue;
    const plain = id.slice(0, -INPUT.length);
    if (used.has(plain) && JSON.stringify(mapRefs(schemas[id], rename)) === JSON.stringify(mapRefs(schemas[plain], rename))) merged.set(id, plain);
  }
  const final = (id: string) => merged.get(id) ?? rename(id);
  const tidied: Schemas = {};
  for (const id of [...used].sort((a, b) => a.localeCompare(b))) {
    if (merged.has(id)) continue;
    tidied[final(id)] = mapRefs(schemas[id], final);
  }
  const { paths, responses } = shareResponses(typeNullableRefs(mapRefs(document.paths, final), tidied));
  return {
    ...document,
    paths,
    components: { ...document.components, schemas: typeNullableRefs(tidied, tidied) as Schemas, responses },
  };
}
