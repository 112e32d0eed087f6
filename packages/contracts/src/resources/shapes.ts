import type { z } from 'zod';
import type { Field, FieldMeta } from './fields';

/*
 * How a map of fields becomes zod object shapes (entity output, create input, update input), at
 * runtime and in the types. Shared by resource declarations (define.ts) and the rows of a `lines`
 * field, which are small records of their own.
 */

export type Fields = Record<string, Field>;

/** A declared field with its name: what the API and SPA iterate over (in form / column order). */
export type ResourceField = FieldMeta & { name: string };

/** A business rule over several fields, checked by the create schema and by the API on the merged record. */
export interface ResourceRule {
  /** Fields the rule reads; the update schema checks it only when the patch carries all of them. */
  fields: readonly string[];
  /** Field the message is shown next to. */
  path: string;
  message: string;
  /** True when the values satisfy the rule (absent / null values should pass: required-ness is checked elsewhere). */
  test: (values: Readonly<Record<string, unknown>>) => boolean;
}

/** Rule problems for a full set of values (create body, or a stored row merged with a patch). */
export function checkResourceRules(
  rules: readonly ResourceRule[],
  values: Readonly<Record<string, unknown>>,
): { path: string; message: string }[] {
  return rules.filter((r) => !r.test(values)).map(({ path, message }) => ({ path, message }));
}

export type Flat<T> = { [K in keyof T]: T[K] };
type Defined<T> = Exclude<T, undefined>;

/** Entity keys of a field map: each field's value, plus the joined display value of references. */
export type FieldsEntityShape<F extends Fields> = {
  [K in keyof F as F[K]['schemas']['entity'] extends z.ZodType ? K : never]: Defined<F[K]['schemas']['entity']>;
} & {
  [K in keyof F as F[K]['displayKey'] extends string ? F[K]['displayKey'] : never]: Defined<F[K]['displaySchema']>;
};
export type FieldsCreateShape<F extends Fields> = {
  [K in keyof F as F[K]['schemas']['create'] extends z.ZodType ? K : never]: Defined<F[K]['schemas']['create']>;
};
export type FieldsUpdateShape<F extends Fields> = {
  [K in keyof F as F[K]['schemas']['update'] extends z.ZodType ? K : never]: Defined<F[K]['schemas']['update']>;
};

export function pickSchemas(fields: Fields, which: 'entity' | 'create' | 'update'): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, fld] of Object.entries(fields)) {
    const schema = fld.schemas[which];
    if (schema) shape[name] = schema;
    if (which === 'entity' && fld.displayKey !== undefined && fld.displaySchema) shape[fld.displayKey] = fld.displaySchema;
  }
  return shape;
}

/** The declared fields of a map, in order, with their names. */
export const namedFields = (fields: Fields): ResourceField[] => Object.entries(fields).map(([name, fld]) => ({ ...fld.meta, name }));
