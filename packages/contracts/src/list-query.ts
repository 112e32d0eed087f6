import { z } from 'zod';
import { isIsoDay } from './dates/days';
import { isId } from './ids';

/*
 * The list protocol of docs/architecture.md, shared by the API (parse + validate against a resource's
 * allowlist, then build SQL) and the SPA (table state ⇄ URL ⇄ request params):
 *
 *   GET /resource?page=1&pageSize=25&sort=name,-createdAt&q=text&filters=<json>
 *   → { items, total, page, pageSize }
 *
 * filters = { "<field>": { "operator": "and"|"or", "constraints": [{ "matchMode": "contains", "value": … }] } }
 * Different fields are always combined with AND; `operator` combines the constraints of one field.
 */

/** The SPEC's table match modes (same strings as PrimeReact's FilterMatchMode). */
export const MATCH_MODES = [
  'startsWith',
  'contains',
  'notContains',
  'endsWith',
  'equals',
  'notEquals',
  'lt',
  'lte',
  'gt',
  'gte',
  'dateIs',
  'dateIsNot',
  'dateBefore',
  'dateAfter',
] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

/** How a field can be filtered; catalogue field types map onto these (see catalogs/define.ts). */
export const FILTER_FIELD_TYPES = ['text', 'number', 'money', 'date', 'boolean', 'enum', 'reference'] as const;
export type FilterFieldType = (typeof FILTER_FIELD_TYPES)[number];

const NUMBER_MODES = ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte'] as const;
const DATE_MODES = ['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter'] as const;

/**
 * Match modes allowed per field type, first one = the default the SPA offers.
 * - text: accent- and case-insensitive matching.
 * - date: the value is a calendar day 'YYYY-MM-DD'.
 * - enum / boolean: exact value.
 * - reference: equals / notEquals take the referenced row's id (a number); the text modes match the
 *   referenced row's label (a material by its unit's name).
 */
export const MATCH_MODES_BY_TYPE: Readonly<Record<FilterFieldType, readonly MatchMode[]>> = {
  text: ['contains', 'startsWith', 'notContains', 'endsWith', 'equals', 'notEquals'],
  number: NUMBER_MODES,
  money: NUMBER_MODES,
  date: DATE_MODES,
  boolean: ['equals', 'notEquals'],
  enum: ['equals', 'notEquals'],
  reference: ['equals', 'notEquals', 'contains', 'startsWith', 'notContains', 'endsWith'],
};

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Rows-per-page choices of the SPA paginator; all within MAX_PAGE_SIZE. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const MAX_SEARCH_LENGTH = 200;
/** Every word of `q` is matched against every searchable field: the cost grows with the words. */
export const MAX_SEARCH_WORDS = 10;
export const MAX_SORT_FIELDS = 5;
export const MAX_FILTER_FIELDS = 30;
export const MAX_CONSTRAINTS_PER_FIELD = 10;
/** Longest accepted text value in a filter constraint. */
export const MAX_FILTER_TEXT_LENGTH = 200;

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

export const matchModeSchema = z.enum(MATCH_MODES, {
  error: (iss) => `Modo de filtro desconocido: ${String(iss.input)}`,
});

export const filterConstraintSchema = z.object({
  matchMode: matchModeSchema,
  value: z.union([z.string().max(MAX_FILTER_TEXT_LENGTH), z.number(), z.boolean()], {
    error: `El valor de un filtro debe ser texto (máximo ${MAX_FILTER_TEXT_LENGTH} caracteres), número o booleano`,
  }),
});
export type FilterConstraint = z.infer<typeof filterConstraintSchema>;

export const filterOperatorSchema = z.enum(['and', 'or'], { error: 'El operador de un filtro debe ser "and" u "or"' });
export type FilterOperator = z.infer<typeof filterOperatorSchema>;

export const fieldFilterSchema = z.object({
  operator: filterOperatorSchema.default('and'),
  constraints: z
    .array(filterConstraintSchema, { error: 'Las condiciones de un filtro deben ser una lista' })
    .min(1, 'Un filtro necesita al menos una condición')
    .max(MAX_CONSTRAINTS_PER_FIELD, `Un filtro admite como máximo ${MAX_CONSTRAINTS_PER_FIELD} condiciones`),
});
export type FieldFilter = z.infer<typeof fieldFilterSchema>;

export const filtersSchema = z
  .record(z.string().regex(FIELD_NAME, 'Nombre de campo de filtro inválido'), fieldFilterSchema, {
    error: 'Los filtros deben ser un objeto { campo: { operator, constraints } }',
  })
  .refine((f) => Object.keys(f).length <= MAX_FILTER_FIELDS, `Se admiten como máximo ${MAX_FILTER_FIELDS} campos filtrados`);
export type Filters = z.infer<typeof filtersSchema>;

export const sortEntrySchema = z.object({
  field: z.string().regex(FIELD_NAME, 'Nombre de campo de orden inválido'),
  order: z.enum(['asc', 'desc']),
});
export type SortEntry = z.infer<typeof sortEntrySchema>;

/** 'name,-createdAt' → [{ field: 'name', order: 'asc' }, { field: 'createdAt', order: 'desc' }] */
export function parseSort(value: string): SortEntry[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part): SortEntry => (part.startsWith('-') ? { field: part.slice(1), order: 'desc' } : { field: part, order: 'asc' }));
}

export function formatSort(sort: readonly SortEntry[]): string {
  return sort.map((s) => (s.order === 'desc' ? `-${s.field}` : s.field)).join(',');
}

/** A positive integer from a query-string value (or a number when built in code). */
const queryInt = (message: string) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message }).pipe(
    z.number().int(message),
  );

/** One schema per query parameter, so the SPA can decode a hand-edited URL one parameter at a time. */
export const listQueryParams = {
  page: queryInt('La página debe ser un número entero mayor o igual a 1')
    .pipe(z.number().min(1, 'La página debe ser un número entero mayor o igual a 1'))
    .default(1),
  pageSize: queryInt(`El tamaño de página debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}`)
    .pipe(
      z
        .number()
        .min(1, `El tamaño de página debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}`)
        .max(MAX_PAGE_SIZE, `El tamaño de página debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}`),
    )
    .default(DEFAULT_PAGE_SIZE),
  sort: z
    .string({ error: 'El orden debe ser texto como "name,-createdAt"' })
    .max(500, 'El orden es demasiado largo')
    .transform(parseSort)
    .pipe(z.array(sortEntrySchema).max(MAX_SORT_FIELDS, `Se puede ordenar por ${MAX_SORT_FIELDS} campos como máximo`))
    .default([]),
  q: z
    .string({ error: 'La búsqueda debe ser texto' })
    .trim()
    .max(MAX_SEARCH_LENGTH, `La búsqueda admite como máximo ${MAX_SEARCH_LENGTH} caracteres`)
    .refine((s) => s.split(/\s+/).filter((w) => w !== '').length <= MAX_SEARCH_WORDS, `La búsqueda admite como máximo ${MAX_SEARCH_WORDS} palabras`)
    .transform((s) => (s === '' ? undefined : s))
    .optional(),
  filters: z
    .string({ error: 'Los filtros deben enviarse como JSON' })
    .max(8000, 'Los filtros son demasiado largos')
    .transform((s, ctx): unknown => {
      if (s.trim() === '') return {};
      try {
        return JSON.parse(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Los filtros no son JSON válido' });
        return z.NEVER;
      }
    })
    .pipe(filtersSchema)
    .default({}),
};

/** Query string of GET /resource (and of /resource/export with `format`). Unknown parameters are ignored. */
export const listQuerySchema = z.object(listQueryParams);
/** Parsed list query; also the SPA's table state. */
export type ListQuery = z.output<typeof listQuerySchema>;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatSchema = z.enum(EXPORT_FORMATS, { error: 'El formato de exportación debe ser xlsx o csv' });
/** GET /resource/export?format=xlsx|csv&…list params… — exports every matching row; page/pageSize are ignored. */
export const exportQuerySchema = listQuerySchema.extend({ format: exportFormatSchema });
export type ExportQuery = z.output<typeof exportQuerySchema>;

/** Body of a list answer. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}
export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One entry of GET /resource/options (pickers). `value` is the row id (or an enum value);
 * `icon` / `color` let pickers render an icon or a Tag; `parentId` is the owning row
 * (a subcategory's category) so a dependent picker can narrow its options.
 */
export const optionSchema = z.object({
  value: z.union([z.number().int(), z.string()]),
  label: z.string(),
  icon: z.string().optional(),
  color: z.string().optional(),
  parentId: z.number().int().optional(),
  /** The resource's `optionExtras.detail` (a material's unit). */
  detail: z.string().optional(),
  /** The resource's `optionExtras.amount` (a material's reference price). */
  amount: z.number().optional(),
  /** A system row's code (`systemRows`: a status catalogue's «aplicado»), so a screen finds the row a rule means by code, not by its renamable name. */
  code: z.string().optional(),
});
export type Option = z.infer<typeof optionSchema>;
export const optionListSchema = z.array(optionSchema);

export const OPTIONS_DEFAULT_LIMIT = 50;
export const OPTIONS_MAX_LIMIT = 200;
/** A page of the incremental refresh (`updatedSince`): the whole materials catalogue comes in 50 of them. */
export const OPTIONS_SYNC_MAX_LIMIT = 2000;
const OPTIONS_SYNC_LIMIT_MESSAGE = `Con updatedSince el límite debe ser un número entre 1 y ${OPTIONS_SYNC_MAX_LIMIT}`;
export const OPTIONS_UPDATED_SINCE_MESSAGE = 'updatedSince debe ser una fecha y hora ISO 8601 con zona horaria (2026-05-01T12:00:00Z)';
export const OPTIONS_UPDATED_SINCE_UNKNOWN = 'Este catálogo no admite updatedSince';
const OPTIONS_AFTER_ID_MESSAGE = 'afterId solo se usa junto con updatedSince';
const OPTIONS_SYNC_ALONE_MESSAGE = 'updatedSince no se combina con una búsqueda ni con identificadores';
const OPTION_IDS_MESSAGE = 'Los identificadores deben ser números enteros positivos separados por comas';
export const OPTION_FILTER_MESSAGE = 'El filtro de opciones debe ser una lista de valores separados por comas';
export const OPTION_FILTER_UNKNOWN = 'Este catálogo no admite filtro de opciones';
export const optionFilterValueMessage = (value: string) => `«${value}» no es un valor válido para el filtro de opciones`;

/**
 * GET /resource/options: a bounded page of active rows whose label contains every word of `q`
 * (accents and case ignored), in the resource's default order; or, with `ids`, exactly those rows
 * (active or not), so a form being edited shows the labels of the values it holds.
 * `parentId` narrows a dependent picker (a work's subcategories of its category); `filter` keeps the rows
 * whose declared filter field (`optionExtras.filter`) is one of the values (works in planeación or en
 * ejecución for an order).
 */
export const optionsQuerySchema = z.object({
  q: listQueryParams.q,
  limit: z.coerce
    .number({ error: `El límite debe ser un número entre 1 y ${OPTIONS_MAX_LIMIT}` })
    .int(`El límite debe ser un número entre 1 y ${OPTIONS_MAX_LIMIT}`)
    .min(1, `El límite debe ser un número entre 1 y ${OPTIONS_MAX_LIMIT}`)
    // The incremental refresh's pages may be larger (checked below); a picker's never.
    .max(OPTIONS_SYNC_MAX_LIMIT, OPTIONS_SYNC_LIMIT_MESSAGE)
    .default(OPTIONS_DEFAULT_LIMIT),
  ids: z
    .string({ error: OPTION_IDS_MESSAGE })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,199}$/, OPTION_IDS_MESSAGE)
    .transform((s, ctx) => {
      const ids = [...new Set(s.split(',').map(Number))];
      if (ids.some((id) => id > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: OPTION_IDS_MESSAGE });
        return z.NEVER;
      }
      return ids;
    })
    .optional(),
  parentId: z.coerce
    .number({ error: OPTION_IDS_MESSAGE })
    .int(OPTION_IDS_MESSAGE)
    .positive(OPTION_IDS_MESSAGE)
    .max(2_147_483_647, OPTION_IDS_MESSAGE)
    .optional(),
  filter: z
    .string({ error: OPTION_FILTER_MESSAGE })
    .regex(/^[A-Za-z0-9_]{1,40}(,[A-Za-z0-9_]{1,40}){0,19}$/, OPTION_FILTER_MESSAGE)
    .transform((s) => [...new Set(s.split(','))])
    .optional(),
  /** The incremental refresh (docs/offline.md): the rows changed after this instant, in change order. */
  updatedSince: z.iso
    .datetime({ offset: true, error: OPTIONS_UPDATED_SINCE_MESSAGE })
    .transform((s) => new Date(s))
    .optional(),
  /** With `updatedSince`: the id of the last row of the previous page changed at exactly that instant (the page's keyset). */
  afterId: z.coerce.number({ error: OPTION_IDS_MESSAGE }).int(OPTION_IDS_MESSAGE).positive(OPTION_IDS_MESSAGE).max(2_147_483_647, OPTION_IDS_MESSAGE).optional(),
}).superRefine((query, ctx) => {
  if (query.updatedSince === undefined) {
    if (query.limit > OPTIONS_MAX_LIMIT) ctx.addIssue({ code: 'custom', path: ['limit'], message: `El límite debe ser un número entre 1 y ${OPTIONS_MAX_LIMIT}` });
    if (query.afterId !== undefined) ctx.addIssue({ code: 'custom', path: ['afterId'], message: OPTIONS_AFTER_ID_MESSAGE });
    return;
  }
  if (query.q !== undefined && query.q !== '') ctx.addIssue({ code: 'custom', path: ['q'], message: OPTIONS_SYNC_ALONE_MESSAGE });
  if (query.ids !== undefined) ctx.addIssue({ code: 'custom', path: ['ids'], message: OPTIONS_SYNC_ALONE_MESSAGE });
});
export type OptionsQuery = z.output<typeof optionsQuerySchema>;

/**
 * What an incremental refresh adds to the page: `removed`, the ids of rows changed in the page that a
 * picker no longer offers (deactivated, out of the filter, deleted); `next`, the keyset of the next
 * page when `hasMore`; `cursor`, the `updatedSince` of the next refresh (the server's clock, a margin
 * before the first page was read, so a write committing meanwhile is read again rather than missed).
 */
export const optionChangesSchema = z.object({
  removed: z.array(z.number().int()),
  next: z.object({ updatedSince: z.iso.datetime({ offset: true }), afterId: z.number().int() }).nullable(),
  cursor: z.iso.datetime({ offset: true }),
});
export type OptionChanges = z.infer<typeof optionChangesSchema>;

/** Answer of GET /resource/options: the page, and whether more rows match (the picker says "keep typing"). */
export const optionPageSchema = z.object({ items: optionListSchema, hasMore: z.boolean(), changes: optionChangesSchema.optional() });
export type OptionPage = z.infer<typeof optionPageSchema>;

// ---------------------------------------------------------------------------------------------
// Allowlist validation

/** What a resource allows for one field in lists: the API passes its declaration, e.g. catalog.listFields. */
export interface ListFieldSpec {
  name: string;
  /** Spanish label used in error messages. */
  label: string;
  type: FilterFieldType;
  filterable: boolean;
  sortable: boolean;
  /** Allowed values of an enum field. */
  enumValues?: readonly string[];
}

/** `path` is 'filters.<field>', 'sort' …, ready for the `fields` map of a 400 answer. */
export interface ListQueryIssue {
  path: string;
  message: string;
}

/** Spanish problem with a constraint's value for this field and mode, or null. */
function valueProblem(spec: ListFieldSpec, mode: MatchMode, value: FilterConstraint['value']): string | null {
  const name = `"${spec.label}"`;
  switch (spec.type) {
    case 'text':
      return typeof value === 'string' ? null : `El valor del filtro ${name} debe ser texto`;
    case 'number':
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? null : `El valor del filtro ${name} debe ser un número`;
    case 'date':
      return typeof value === 'string' && isIsoDay(value) ? null : `El valor del filtro ${name} debe ser una fecha AAAA-MM-DD`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `El valor del filtro ${name} debe ser verdadero o falso`;
    case 'enum':
      return typeof value === 'string' && (spec.enumValues ?? []).includes(value)
        ? null
        : `El valor del filtro ${name} no es una opción válida`;
    case 'reference':
      if (mode === 'equals' || mode === 'notEquals') {
        return isId(value) ? null : `El valor del filtro ${name} debe ser un identificador`;
      }
      return typeof value === 'string' ? null : `El valor del filtro ${name} debe ser texto`;
  }
}

/**
 * Checks a parsed list query against a resource's allowlist: every filtered / sorted field must be
 * declared filterable / sortable, every match mode must apply to the field's type and every value
 * must fit it. Returns every problem (empty = valid); the API answers 400 when there is any.
 */
export function validateListQuery(
  query: Pick<ListQuery, 'filters' | 'sort'>,
  fieldSpecs: readonly ListFieldSpec[],
): ListQueryIssue[] {
  const issues: ListQueryIssue[] = [];
  const byName = new Map(fieldSpecs.map((f) => [f.name, f]));

  for (const [field, filter] of Object.entries(query.filters)) {
    const path = `filters.${field}`;
    const spec = byName.get(field);
    if (!spec?.filterable) {
      issues.push({ path, message: `Campo de filtro desconocido: ${field}` });
      continue;
    }
    for (const { matchMode, value } of filter.constraints) {
      if (!MATCH_MODES_BY_TYPE[spec.type].includes(matchMode)) {
        issues.push({ path, message: `El modo "${matchMode}" no aplica al campo "${spec.label}"` });
        continue;
      }
      const problem = valueProblem(spec, matchMode, value);
      if (problem) issues.push({ path, message: problem });
    }
  }

  const seen = new Set<string>();
  for (const { field } of query.sort) {
    const spec = byName.get(field);
    if (!spec?.sortable) issues.push({ path: 'sort', message: `Campo de orden desconocido: ${field}` });
    else if (seen.has(field)) issues.push({ path: 'sort', message: `El campo "${spec.label}" aparece más de una vez en el orden` });
    seen.add(field);
  }
  return issues;
}

/** Issues as the `fields` map of an ApiError (first message per path wins). */
export function listQueryIssuesToFields(issues: readonly ListQueryIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { path, message } of issues) fields[path] ??= message;
  return fields;
}

// ---------------------------------------------------------------------------------------------
// URL codec: the SPA keeps the table state in the address bar so a link or a reload shows the same view.

/**
 * List state → query-string parameters, leaving out defaults (page 1, default page size, empty
 * sort / filters / q) so URLs stay short. Used for both the address bar and the API request.
 */
export function listQueryToParams(query: ListQuery, defaultPageSize: number = DEFAULT_PAGE_SIZE): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.page !== 1) params.page = String(query.page);
  if (query.pageSize !== defaultPageSize) params.pageSize = String(query.pageSize);
  if (query.sort.length > 0) params.sort = formatSort(query.sort);
  if (query.q) params.q = query.q;
  if (Object.keys(query.filters).length > 0) params.filters = JSON.stringify(query.filters);
  return params;
}

/** Reads one parameter of a search string; URLSearchParams (browser, Node, React Router) fits. */
export interface SearchParamsLike {
  get(name: string): string | null;
}

/** List state → 'page=2&sort=name' (no leading '?'). */
export function encodeListQuery(query: ListQuery, defaultPageSize: number = DEFAULT_PAGE_SIZE): string {
  return Object.entries(listQueryToParams(query, defaultPageSize))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Parses 'a=1&b=x%20y' (leading '?' allowed, '+' is a space) without relying on DOM or Node globals. */
function parseSearch(search: string): SearchParamsLike {
  const values = new Map<string, string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const [rawKey, rawValue] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    try {
      const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      if (!values.has(key)) values.set(key, decodeURIComponent(rawValue.replace(/\+/g, ' ')));
    } catch {
      // A malformed escape in a hand-edited URL drops that parameter only.
    }
  }
  return { get: (name) => values.get(name) ?? null };
}

/**
 * Search string ('?page=2&…') or URLSearchParams → list state. Lenient: a parameter that does not
 * parse falls back to its default instead of failing, because people edit and truncate URLs; the
 * API still validates strictly. Parameters not belonging to the list are ignored.
 */
export function decodeListQuery(search: string | SearchParamsLike, defaultPageSize: number = DEFAULT_PAGE_SIZE): ListQuery {
  const params = typeof search === 'string' ? parseSearch(search) : search;
  const read = <S extends z.ZodType>(schema: S, key: string, fallback: z.output<S>): z.output<S> => {
    const raw = params.get(key);
    if (raw === null) return fallback;
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : fallback;
  };
  return {
    page: read(listQueryParams.page, 'page', 1),
    pageSize: read(listQueryParams.pageSize, 'pageSize', defaultPageSize),
    sort: read(listQueryParams.sort, 'sort', []),
    q: read(listQueryParams.q, 'q', undefined),
    filters: read(listQueryParams.filters, 'filters', {}),
  };
}
