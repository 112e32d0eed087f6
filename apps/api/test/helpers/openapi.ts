/** The OpenAPI document as the tests read it: named schemas live under components.schemas. */
export interface OpenApiSchema {
  $ref?: string;
  properties?: Record<string, OpenApiSchema & { maximum?: number }>;
  required?: string[];
  [key: string]: unknown;
}

export interface WithComponents {
  components?: { schemas?: Record<string, OpenApiSchema> };
}

const REF = '#/components/schemas/';

/** A schema with its `$ref` followed (to the named component it stands for). */
export function resolved(document: WithComponents, schema: OpenApiSchema | undefined): OpenApiSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops += 1) {
    if (!current.$ref.startsWith(REF)) throw new Error(`referencia fuera de components.schemas: ${current.$ref}`);
    current = document.components?.schemas?.[current.$ref.slice(REF.length)];
  }
  return current;
}
