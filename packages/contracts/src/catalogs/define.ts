import { z } from 'zod';
import { parseSort, type ListFieldSpec, type SortEntry } from '../list-query';
import type { ModuleName } from '../modules';
import { ROUTES, type RouteKey } from '../routes';
import { f, FILTER_TYPE_OF, type Field, type FieldMeta } from './fields';
import type { CatalogKey } from './keys';
import type { Nouns } from './messages';

/*
 * defineCatalog: the one helper every catalogue declaration goes through. From a map of fields it
 * derives the runtime field list (form and columns), the list allowlist (filters / sort), the unique
 * constraints and the three zod schemas (entity, createInput, updateInput), typed from the same map.
 */

export type Fields = Record<string, Field>;

/** A business rule over several fields, checked by the create schema and by the API on the merged record. */
export interface CatalogRule {
  /** Fields the rule reads; the update schema checks it only when the patch carries all of them. */
  fields: readonly string[];
  /** Field the message is shown next to. */
  path: string;
  message: string;
  /** True when the values satisfy the rule (absent / null values should pass: required-ness is checked elsewhere). */
  test: (values: Readonly<Record<string, unknown>>) => boolean;
}

export interface UniqueConstraint {
  field: string;
  label: string;
  /** Unique only among rows with the same value of this field (subcategory names within a category). */
  scope?: string;
}

/** A declared field with its name: what the API and SPA iterate over (in form / column order). */
export type CatalogField = FieldMeta & { name: string };

/** Common columns of every entity (PRODUCT.md "Domain model"). */
const baseEntityShape = {
  id: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  version: z.number().int(),
};

/** Common fields in lists: created / updated timestamps, hidden by default, filterable by day and sortable. */
export const BASE_FIELDS: readonly CatalogField[] = [
  { ...f.datetime({ label: 'Creado' }).meta, name: 'createdAt' },
  { ...f.datetime({ label: 'Actualizado' }).meta, name: 'updatedAt' },
];

export const VERSION_MESSAGE = 'Falta la versión del registro; recarga e inténtalo de nuevo';
const versionSchema = z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).positive(VERSION_MESSAGE);

type Flat<T> = { [K in keyof T]: T[K] };
type Defined<T> = Exclude<T, undefined>;

type EntityShape<F extends Fields, X extends z.ZodRawShape> = Flat<
  typeof baseEntityShape & { [K in keyof F as F[K]['schemas']['entity'] extends z.ZodType ? K : never]: Defined<F[K]['schemas']['entity']> } & {
    [K in keyof F as F[K]['displayKey'] extends string ? F[K]['displayKey'] : never]: Defined<F[K]['displaySchema']>;
  } & X
>;
type CreateShape<F extends Fields, X extends z.ZodRawShape> = Flat<
  { [K in keyof F as F[K]['schemas']['create'] extends z.ZodType ? K : never]: Defined<F[K]['schemas']['create']> } & X
>;
type UpdateShape<F extends Fields, X extends z.ZodRawShape> = Flat<
  { version: typeof versionSchema } & {
    [K in keyof F as F[K]['schemas']['update'] extends z.ZodType ? K : never]: Defined<F[K]['schemas']['update']>;
  } & X
>;

export interface CatalogSchemas<E extends z.ZodRawShape = z.ZodRawShape, C extends z.ZodRawShape = z.ZodRawShape, U extends z.ZodRawShape = z.ZodRawShape> {
  /** A row as the API returns it (list items, GET /:id, POST / PATCH answers). */
  entity: z.ZodObject<E>;
  /** POST body. */
  createInput: z.ZodObject<C>;
  /** PATCH body: any subset of the writable fields plus the `version` read with the row (stale → 409). */
  updateInput: z.ZodObject<U>;
}

export interface CatalogDeclaration<K extends CatalogKey = CatalogKey, F extends Fields = Fields, S extends CatalogSchemas = CatalogSchemas> {
  key: K;
  /** API path under /api/v2 (ARCHITECTURE.md), e.g. '/companies'. */
  resource: `/${string}`;
  /** Permission module guarding the catalogue page and its writes. */
  module: ModuleName;
  /** SPA route (contracts ROUTES) of the catalogue page. */
  route: RouteKey;
  /** Page title, from ROUTES. */
  title: string;
  nouns: Nouns;
  /** The typed source map (keys are field names). */
  fieldMap: F;
  /** Declared fields in order, with names: columns, form fields, export columns. */
  fields: readonly CatalogField[];
  /** Allowlist for validateListQuery: declared fields plus createdAt / updatedAt. */
  listFields: readonly ListFieldSpec[];
  /** Fields joined with `separator` give a row's label (/options, reference display values, messages). */
  label: { fields: readonly string[]; separator: string };
  /** Fields copied into each option (and reference display value): icon / colour, and the parent of dependent pickers. */
  optionExtras: { icon?: string; color?: string; parentId?: string };
  defaultSort: readonly SortEntry[];
  unique: readonly UniqueConstraint[];
  rules: readonly CatalogRule[];
  /** Rows whose `codeField` is set are system rows: editable, never deletable (status catalogues). */
  systemRows?: { codeField: string };
  /** Exactly one row has this flag: setting it on one row clears it on the others; it cannot be cleared directly. */
  singleDefault?: { field: string };
  schemas: S;
}

export type AnyCatalog = CatalogDeclaration;

export interface CatalogDefinition<K extends CatalogKey, F extends Fields, XE extends z.ZodRawShape, XC extends z.ZodRawShape, XU extends z.ZodRawShape> {
  key: K;
  resource: `/${string}`;
  module: ModuleName;
  route: RouteKey;
  nouns: Nouns;
  fields: F;
  label: { fields: readonly (keyof F & string)[]; separator?: string };
  /** Sort text as in the list protocol: 'name' or 'sortOrder,name'. */
  defaultSort: string;
  optionExtras?: { icon?: keyof F & string; color?: keyof F & string; parentId?: keyof F & string };
  rules?: readonly CatalogRule[];
  systemRows?: { codeField: keyof F & string };
  singleDefault?: { field: keyof F & string };
  /** Schema parts that are not list/form fields (a role's permission matrix). */
  extra?: { entity?: XE; create?: XC; update?: XU };
}

/** Rule problems for a full set of values (create body, or a stored row merged with a patch). */
export function checkCatalogRules(
  rules: readonly CatalogRule[],
  values: Readonly<Record<string, unknown>>,
): { path: string; message: string }[] {
  return rules.filter((r) => !r.test(values)).map(({ path, message }) => ({ path, message }));
}

function pickSchemas(fields: Fields, which: 'entity' | 'create' | 'update'): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, fld] of Object.entries(fields)) {
    const schema = fld.schemas[which];
    if (schema) shape[name] = schema;
    if (which === 'entity' && fld.displayKey !== undefined && fld.displaySchema) shape[fld.displayKey] = fld.displaySchema;
  }
  return shape;
}

function toListField(field: CatalogField): ListFieldSpec | null {
  const type = FILTER_TYPE_OF[field.type];
  if (!type) return null;
  return {
    name: field.name,
    label: field.label,
    type,
    filterable: field.list.filterable,
    sortable: field.list.sortable,
    ...(field.options ? { enumValues: field.options.map((o) => o.value) } : {}),
  };
}

export function defineCatalog<
  const K extends CatalogKey,
  const F extends Fields,
  XE extends z.ZodRawShape = Record<never, never>,
  XC extends z.ZodRawShape = Record<never, never>,
  XU extends z.ZodRawShape = Record<never, never>,
>(
  def: CatalogDefinition<K, F, XE, XC, XU>,
): CatalogDeclaration<K, F, CatalogSchemas<EntityShape<F, XE>, CreateShape<F, XC>, UpdateShape<F, XU>>> {
  const fields: CatalogField[] = Object.entries(def.fields).map(([name, fld]) => ({ ...fld.meta, name }));
  const rules = def.rules ?? [];

  const createInput = z.object({ ...pickSchemas(def.fields, 'create'), ...def.extra?.create }).superRefine((values, ctx) => {
    for (const problem of checkCatalogRules(rules, values)) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });
  const updateInput = z
    .object({ version: versionSchema, ...pickSchemas(def.fields, 'update'), ...def.extra?.update })
    .superRefine((values, ctx) => {
      const patch = values as Record<string, unknown>;
      const applicable = rules.filter((r) => r.fields.every((name) => patch[name] !== undefined));
      for (const problem of checkCatalogRules(applicable, patch)) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
    });
  const entity = z.object({ ...baseEntityShape, ...pickSchemas(def.fields, 'entity'), ...def.extra?.entity });

  const unique: UniqueConstraint[] = fields.flatMap((fld) =>
    fld.unique
      ? [{ field: fld.name, label: fld.label, ...(typeof fld.unique === 'object' ? { scope: fld.unique.scope } : {}) }]
      : [],
  );

  return {
    key: def.key,
    resource: def.resource,
    module: def.module,
    route: def.route,
    title: ROUTES[def.route].title,
    nouns: def.nouns,
    fieldMap: def.fields,
    fields,
    listFields: [...fields, ...BASE_FIELDS].map(toListField).filter((x): x is ListFieldSpec => x !== null),
    label: { fields: def.label.fields, separator: def.label.separator ?? ' ' },
    optionExtras: def.optionExtras ?? {},
    defaultSort: parseSort(def.defaultSort),
    unique,
    rules,
    ...(def.systemRows ? { systemRows: def.systemRows } : {}),
    ...(def.singleDefault ? { singleDefault: def.singleDefault } : {}),
    schemas: { entity, createInput, updateInput } as unknown as CatalogSchemas<EntityShape<F, XE>, CreateShape<F, XC>, UpdateShape<F, XU>>,
  };
}

/** A row's label from its values, as /options and reference display values show it. */
export function rowLabel(catalog: Pick<AnyCatalog, 'label'>, row: Readonly<Record<string, unknown>>): string {
  return catalog.label.fields
    .map((name) => row[name])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(catalog.label.separator);
}
