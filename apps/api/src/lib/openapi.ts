import { apiErrorSchema } from '@goc/contracts';

/** Documents the error bodies a route can answer with (all share the ApiError shape). */
export function errorResponses<const C extends number>(...codes: C[]): Record<C, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<C, typeof apiErrorSchema>;
}
