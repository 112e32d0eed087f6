import { z } from 'zod';
import { f, FILTER_TYPE_OF } from './fields';
import type { Nouns } from '../catalogs/messages';
import {
  checkResourceRules,
  namedFields,
  pickSchemas,
  type ResourceField,
  type ResourceRule,
  type Fields,
  type FieldsCreateShape,
  type FieldsEntityShape,
  type FieldsUpdateShape,
  type Flat,
} from './shapes';
import { parseSort, type FilterFieldType, type ListFieldSpec, type SortEntry } from '../list-query';
import type { Action, ModuleName } from '../modules';
import { can } from '../access';
import type { PermissionEntry } from '../permissions';
import { ROUTES, type RouteKey } from '../routes';
import type { ResourceKey } from './keys';

/*
 * defineResource: the one helper every record resource goes through (catalogues through their
 * preset, defineCatalog). From a map of fields it derives the runtime field list (form and columns),
 * the list allowlist (filters / sort), the unique constraints and the three zod schemas (entity,
 * createInput, updateInput), typed from the same map; and it carries what business records add:
 * views (which rows a module sees), a workflow of declared actions, and per-row guards.
 */

/** What one permission flag allows. */
export interface PermissionRequirement {
  module: ModuleName;
  action: Action;
}

/** One requirement, or a list of which any one suffices. */
export type PermissionGrant = PermissionRequirement | readonly PermissionRequirement[];

/** The signed-in user as resources see it: for per-row guards and scoping. */
export interface ResourceActor {
  userId: number;
  permissions: readonly PermissionEntry[];
}

/** Does the actor hold any of the requirements? */
export const allows = (actor: Pick<ResourceActor, 'permissions'>, requirements: PermissionRequirement | readonly PermissionRequirement[]) =>
  (Array.isArray(requirements) ? requirements : [requirements as PermissionRequirement]).some((r) => can(actor.permissions, r.module, r.action));

export interface UniqueConstraint {
  field: string;
  label: string;
  /** Unique only among rows with the same value of this field (subcategory names within a category). */
  scope?: string;
}

/** Common columns of every entity (docs/product.md "Domain model"). */
const baseEntityShape = {
  id: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  version: z.number().int(),
};

/** Common fields in lists: created / updated timestamps, hidden by default, filterable by day and sortable. */
export const BASE_FIELDS: readonly ResourceField[] = [
  { ...f.datetime({ label: 'Creado' }).meta, name: 'createdAt' },
  { ...f.datetime({ label: 'Actualizado' }).meta, name: 'updatedAt' },
];

export const VERSION_MESSAGE = 'Falta la versión del registro; recarga e inténtalo de nuevo';
export const versionSchema = z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).positive(VERSION_MESSAGE);

type EntityShape<F extends Fields, X extends z.ZodRawShape> = Flat<typeof baseEntityShape & FieldsEntityShape<F> & X>;
type CreateShape<F extends Fields, X extends z.ZodRawShape> = Flat<FieldsCreateShape<F> & X>;
type UpdateShape<F extends Fields, X extends z.ZodRawShape> = Flat<{ version: typeof versionSchema } & FieldsUpdateShape<F> & X>;

export interface ResourceSchemas<E extends z.ZodRawShape = z.ZodRawShape, C extends z.ZodRawShape = z.ZodRawShape, U extends z.ZodRawShape = z.ZodRawShape> {
  /** A row as the API returns it (list items, GET /:id, POST / PATCH answers). */
  entity: z.ZodObject<E>;
  /** POST body. */
  createInput: z.ZodObject<C>;
  /** PATCH body: any subset of the writable fields plus the `version` read with the row (stale → 409). */
  updateInput: z.ZodObject<U>;
}
/** Kept under its first name: every catalogue's schemas are resource schemas. */
export type CatalogSchemas<E extends z.ZodRawShape = z.ZodRawShape, C extends z.ZodRawShape = z.ZodRawShape, U extends z.ZodRawShape = z.ZodRawShape> = ResourceSchemas<E, C, U>;

/** Rows a module sees of a resource: `mine` under my_orders, `all` under history. The API scopes each. */
export interface ViewDeclaration {
  label: string;
  /** Any flag on this module opens the view (SPEC §6: view = any flag). */
  module: ModuleName;
  /** The flag that opens it when any flag is not enough (every project needs projects.edit). */
  action?: Action;
  /** SPA page showing this view, when each view has its own (Mis Pedidos, Histórico de Pedidos). */
  route?: RouteKey;
}

/**
 * One move of a record's workflow (borrador → enviado). Several actions may lead to the same
 * status with different rights (the requester cancels a draft, purchasing cancels any open order).
 */
export interface ActionDeclaration {
  /** Status code the record moves to. */
  to: string;
  /** Button label ('Enviar', 'Autorizar'). */
  label: string;
  icon: string;
  severity?: 'success' | 'info' | 'warn' | 'danger' | 'secondary' | 'contrast';
  /** Status codes it may start from. */
  from: readonly string[];
  permission: PermissionRequirement;
  /** Only the record's owner (the workflow's ownerField) may take it. */
  ownerOnly?: boolean;
  /** The 403 anyone else gets when this owner-only action is the only way from the current status (a draft's cancel). */
  ownerOnlyMessage?: string;
  /** A comment (reason) is required, e.g. to reject or cancel. */
  commentRequired?: boolean;
  /** Question asked before acting ('¿Enviar el pedido PED-000012?'); the SPA adds the record's label. */
  confirm?: string;
}

export interface WorkflowDeclaration {
  /** Reference field holding the status (a status catalogue row with a `code`). */
  statusField: string;
  /** Entity key of the status display value ({ id, code, name, color }). */
  statusKey: string;
  /** Field holding the user who owns the record (an order's requester), for `ownerOnly` actions. */
  ownerField?: string;
  actions: readonly ActionDeclaration[];
  /** Extra body fields of POST /:id/transitions beyond `to`, `version` and `comment` (optional in the schema; each action's rules say when they are needed). */
  input?: z.ZodRawShape;
}

/**
 * Why a write on one row is refused for this actor, or null when it is allowed. Shared by the API
 * (409 with the reason) and the SPA (hides the action). Methods, so a typed resource fits AnyResource.
 */
export interface RowGuards<E> {
  edit?(row: E, actor: ResourceActor): string | null;
  delete?(row: E, actor: ResourceActor): string | null;
}

/** A filter that is not an entity field (an order's lines contain a material): its allowlist entry. */
export interface ExtraFilter {
  label: string;
  type: FilterFieldType;
  /** For reference filters: the resource whose /options the SPA offers. */
  target?: ResourceKey;
  sortable?: boolean;
}

export interface ResourceDeclaration<K extends string = string, F extends Fields = Fields, S extends ResourceSchemas = ResourceSchemas> {
  key: K;
  /** API path under /api/v2 (docs: API conventions), e.g. '/companies'. */
  resource: `/${string}`;
  /** Permission module guarding the page and its writes (the first view's module when there are views). */
  module: ModuleName;
  /** SPA route (contracts ROUTES) of the resource's page, when it has one of its own. */
  route?: RouteKey;
  /** Page title, from ROUTES (or the plural noun). */
  title: string;
  nouns: Nouns;
  /** The typed source map (keys are field names). */
  fieldMap: F;
  /** Declared fields in order, with names: columns, form fields, export columns. */
  fields: readonly ResourceField[];
  /** Allowlist for validateListQuery: declared fields, extra filters, createdAt / updatedAt. */
  listFields: readonly ListFieldSpec[];
  /** Filters that are not fields, by name. */
  extraFilters: Readonly<Record<string, ExtraFilter>>;
  /** Fields joined with `separator` give a row's label (/options, reference display values, messages). */
  label: { fields: readonly string[]; separator: string };
  /**
   * Fields copied into each option (and reference display value): icon / colour, and the parent of
   * dependent pickers; `filter` is the enum field `GET /options?filter=v1,v2` narrows by (a work's status).
   */
  optionExtras: { icon?: string; color?: string; parentId?: string; detail?: string; amount?: string; filter?: string };
  /** GET /options exists (catalogues; business records that forms pick, such as projects). */
  options: boolean;
  defaultSort: readonly SortEntry[];
  unique: readonly UniqueConstraint[];
  rules: readonly ResourceRule[];
  /** Rows whose `codeField` is set are system rows: editable, never deletable (status catalogues). */
  systemRows?: { codeField: string };
  /** Exactly one row has this flag: setting it on one row clears it on the others; it cannot be cleared directly. */
  singleDefault?: { field: string };
  /** Views by name; the first is the default. Absent: one view under `module`. */
  views?: Readonly<Record<string, ViewDeclaration>>;
  /** The permission of each write (default: `module` with the same action); a list: any of them (a movement's scope decides which). */
  permissions: { create: PermissionGrant; edit: PermissionGrant; delete: PermissionGrant };
  /** Per-row refusals of edit / delete beyond the permission (an order is edited only while borrador, by its requester). */
  guards: RowGuards<z.output<S['entity']>>;
  workflow?: WorkflowDeclaration;
  /** Spreadsheet import (POST <resource>/import): absent when the resource is not importable. */
  import?: ImportDeclaration;
  schemas: S;
}

/**
 * How a spreadsheet row finds the record it updates with `match=code`: the first of these fields
 * (unique ones) whose value the row gives and an existing record holds, case-insensitively.
 */
export interface ImportDeclaration {
  match: readonly string[];
  /** The columns that name a row's record in the import report (an employee's names, a material's code and name). */
  record: readonly string[];
}

export type AnyResource = ResourceDeclaration;

export interface ResourceDefinition<K extends string, F extends Fields, XE extends z.ZodRawShape, XC extends z.ZodRawShape, XU extends z.ZodRawShape> {
  key: K;
  resource: `/${string}`;
  module: ModuleName;
  route?: RouteKey;
  nouns: Nouns;
  fields: F;
  label: { fields: readonly (keyof F & string)[]; separator?: string };
  /** Sort text as in the list protocol: 'name' or '-createdAt'. */
  defaultSort: string;
  /** `detail`: a field whose value (a reference's label) each option carries, e.g. a material's unit; `amount`: a money field each option carries (its reference price). */
  optionExtras?: { icon?: keyof F & string; color?: keyof F & string; parentId?: keyof F & string; detail?: keyof F & string; amount?: keyof F & string; filter?: keyof F & string };
  options?: boolean;
  rules?: readonly ResourceRule[];
  systemRows?: { codeField: keyof F & string };
  singleDefault?: { field: keyof F & string };
  views?: Readonly<Record<string, ViewDeclaration>>;
  permissions?: Partial<ResourceDeclaration['permissions']>;
  guards?: RowGuards<z.output<z.ZodObject<EntityShape<F, XE>>>>;
  workflow?: WorkflowDeclaration;
  extraFilters?: Readonly<Record<string, ExtraFilter>>;
  /** Importable from spreadsheets; `match` defaults to the unique fields that are not scoped, `record` to the label's fields. */
  import?: { match?: readonly (keyof F & string)[]; record?: readonly (keyof F & string)[] };
  /** Schema parts that are not list/form fields (a role's permission matrix, an order's timeline). */
  extra?: { entity?: XE; create?: XC; update?: XU };
}

function toListField(field: ResourceField): ListFieldSpec | null {
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

export function defineResource<
  const K extends string,
  const F extends Fields,
  XE extends z.ZodRawShape = Record<never, never>,
  XC extends z.ZodRawShape = Record<never, never>,
  XU extends z.ZodRawShape = Record<never, never>,
>(
  def: ResourceDefinition<K, F, XE, XC, XU>,
): ResourceDeclaration<K, F, ResourceSchemas<EntityShape<F, XE>, CreateShape<F, XC>, UpdateShape<F, XU>>> {
  const fields = namedFields(def.fields);
  const rules = def.rules ?? [];

  const createInput = z.object({ ...pickSchemas(def.fields, 'create'), ...def.extra?.create }).superRefine((values, ctx) => {
    for (const problem of checkResourceRules(rules, values)) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });
  const updateInput = z
    .object({ version: versionSchema, ...pickSchemas(def.fields, 'update'), ...def.extra?.update })
    .superRefine((values, ctx) => {
      const patch = values as Record<string, unknown>;
      const applicable = rules.filter((r) => r.fields.every((name) => patch[name] !== undefined));
      for (const problem of checkResourceRules(applicable, patch)) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
    });
  const entity = z.object({ ...baseEntityShape, ...pickSchemas(def.fields, 'entity'), ...def.extra?.entity });

  const unique: UniqueConstraint[] = fields.flatMap((fld) =>
    fld.unique ? [{ field: fld.name, label: fld.label, ...(typeof fld.unique === 'object' ? { scope: fld.unique.scope } : {}) }] : [],
  );
  const extraFilters = def.extraFilters ?? {};
  const extraSpecs: ListFieldSpec[] = Object.entries(extraFilters).map(([name, x]) => ({
    name,
    label: x.label,
    type: x.type,
    filterable: true,
    sortable: x.sortable ?? false,
  }));
  const views = def.views;
  const firstView = views ? Object.values(views)[0] : undefined;
  const module = firstView?.module ?? def.module;
  const can = (action: Action): PermissionRequirement => ({ module: def.module, action });

  return {
    key: def.key,
    resource: def.resource,
    module,
    ...(def.route ? { route: def.route } : {}),
    title: def.route ? ROUTES[def.route].title : def.nouns.plural,
    nouns: def.nouns,
    fieldMap: def.fields,
    fields,
    listFields: [
      ...[...fields, ...BASE_FIELDS].map(toListField).filter((x): x is ListFieldSpec => x !== null),
      ...extraSpecs,
    ],
    extraFilters,
    label: { fields: def.label.fields, separator: def.label.separator ?? ' ' },
    optionExtras: def.optionExtras ?? {},
    options: def.options ?? false,
    defaultSort: parseSort(def.defaultSort),
    unique,
    rules,
    ...(def.systemRows ? { systemRows: def.systemRows } : {}),
    ...(def.singleDefault ? { singleDefault: def.singleDefault } : {}),
    ...(views ? { views } : {}),
    permissions: { create: can('create'), edit: can('edit'), delete: can('delete'), ...def.permissions },
    guards: (def.guards ?? {}) as ResourceDeclaration['guards'],
    ...(def.workflow ? { workflow: def.workflow } : {}),
    ...(def.import
      ? { import: { match: def.import.match ?? unique.filter((u) => !u.scope).map((u) => u.field), record: def.import.record ?? def.label.fields } }
      : {}),
    schemas: { entity, createInput, updateInput } as unknown as ResourceSchemas<
      EntityShape<F, XE>,
      CreateShape<F, XC>,
      UpdateShape<F, XU>
    >,
  };
}

/** A row's label from its values, as /options and reference display values show it. */
export function rowLabel(resource: Pick<AnyResource, 'label'>, row: Readonly<Record<string, unknown>>): string {
  return resource.label.fields
    .map((name) => row[name])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(resource.label.separator);
}

/** Views the actor may open, in declaration order (none declared: one unnamed view under `module`). */
export function allowedViews(resource: Pick<AnyResource, 'views' | 'module'>, actor: Pick<ResourceActor, 'permissions'>): string[] {
  if (!resource.views) return allows(actor, { module: resource.module, action: 'view' }) ? [''] : [];
  return Object.entries(resource.views)
    .filter(([, view]) => allows(actor, { module: view.module, action: view.action ?? 'view' }))
    .map(([name]) => name);
}

/** Actions of the workflow the actor may take on a row now (the SPA's buttons; the API re-checks). */
export function availableActions(resource: Pick<AnyResource, 'workflow'>, row: Readonly<Record<string, unknown>>, actor: ResourceActor): ActionDeclaration[] {
  const workflow = resource.workflow;
  if (!workflow) return [];
  const status = row[workflow.statusKey] as { code?: string | null } | null | undefined;
  const code = status?.code ?? null;
  const isOwner = workflow.ownerField === undefined || row[workflow.ownerField] === actor.userId;
  const seen = new Set<string>();
  return workflow.actions.filter((a) => {
    if (code === null || !a.from.includes(code) || !allows(actor, a.permission) || (a.ownerOnly && !isOwner) || seen.has(a.to)) return false;
    seen.add(a.to);
    return true;
  });
}

