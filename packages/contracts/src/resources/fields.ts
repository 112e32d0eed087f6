import { z } from 'zod';
import type { FilterFieldType } from '../list-query';
import { isIsoDay } from '../dates/days';
import type { ResourceKey } from './keys';
import type { Nouns } from '../catalogs/messages';
import { checkResourceRules, namedFields, pickSchemas, type ResourceField, type ResourceRule, type Fields, type FieldsCreateShape, type FieldsEntityShape, type Flat } from './shapes';
import { passwordSchema } from '../catalogs/passwords';
import { MAX_ID } from '../ids';
import { SEVERITIES, SEVERITY_OPTIONS, type EnumOption, type Severity } from './options';

/*
 * Field builders. One call describes a field for every consumer at once: its zod schemas (entity
 * output, create input, update input), how lists show / filter / sort / search / export it, and
 * how the generic form renders it. defineCatalog (define.ts) assembles them into a catalogue.
 *
 * Wire formats: text → string; money → number in MXN (≤ 2 decimals); date → 'YYYY-MM-DD';
 * datetime → ISO 8601 string; reference → id (number) in inputs, `<name>Id` + `{ id, label }` in entities.
 * In inputs an empty or blank optional text becomes null; an absent optional field becomes null on
 * create and stays untouched on update.
 */

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'boolean',
  'enum',
  'reference',
  'multiReference',
  'color',
  'icon',
  'severity',
  'email',
  'phone',
  'imageUrl',
  'password',
  'lines',
  'status',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** numeric(14,2) in the database. */
export const MAX_MONEY = 999_999_999_999.99;

export const FIELD_MESSAGES = {
  required: 'Este campo es obligatorio',
  text: 'Debe ser texto',
  maxLength: (n: number) => `Máximo ${n} caracteres`,
  number: 'Debe ser un número',
  integer: 'Debe ser un número entero',
  min: (n: number) => `Debe ser mayor o igual a ${n}`,
  max: (n: number) => `Debe ser menor o igual a ${n}`,
  positive: 'Debe ser mayor que 0',
  decimals: (n: number) => `Admite como máximo ${n} ${n === 1 ? 'decimal' : 'decimales'}`,
  money: 'Debe ser un importe en pesos',
  moneyNegative: 'El importe no puede ser negativo',
  moneyDecimals: 'El importe admite como máximo 2 decimales',
  moneyTooLarge: 'El importe es demasiado grande',
  date: 'Fecha inválida',
  boolean: 'Debe ser sí o no',
  option: 'Selecciona una opción válida',
  options: 'Selecciona opciones válidas',
  repeatedOptions: 'Hay opciones repetidas',
  color: 'Color inválido: usa el formato #RRGGBB',
  icon: 'Icono inválido: usa una clase de PrimeIcons como «pi pi-building»',
  email: 'Correo electrónico inválido',
  phone: 'Teléfono inválido: usa 10 dígitos, con lada internacional opcional',
} as const;

/** How lists treat a field. */
export interface ListBehaviour {
  /** Offered as a table column (and in the column chooser). */
  column: boolean;
  /** Column visible until the user hides it. */
  shownByDefault: boolean;
  /** Allowed in `filters` (with the match modes of its filter type). */
  filterable: boolean;
  /** Allowed in `sort`; a reference sorts by the referenced row's label. */
  sortable: boolean;
  /** Matched by the global search `q` (accent- and case-insensitive contains). */
  searchable: boolean;
  /** Included in Excel / CSV exports. */
  exported: boolean;
}

/** Where the generic form shows a field: editable, only when creating, or never (server-set). */
export type FormMode = 'editable' | 'createOnly' | 'readOnly';

export interface ReferenceMeta {
  /** Resource the id points to; its /options feed the picker and its label is the display value. */
  target: ResourceKey;
  /** Entity key holding the joined `{ id, label }` (an array for multiReference). */
  displayKey: string;
  /**
   * The picker only offers rows whose option `parentId` equals this form field's value, and the
   * API refuses any other with `message` (a work's subcategory must belong to its category).
   */
  dependsOn?: { field: string; message: string };
  /**
   * A read-only reference the server copies from the row picked in another field of the same line
   * (an order line's unit from its material): forms show that row's option `detail` meanwhile.
   */
  copiedFrom?: string;
  /**
   * Which rows the picker offers, given the form's values: values of the target's declared option
   * filter field (`optionExtras.filter`), sent as `GET /options?filter=` (an order offers works in
   * planeación or en ejecución). null: every row. The API enforces the same rule on save.
   */
  offer?: (values: Readonly<Record<string, unknown>>) => readonly string[] | null;
}

/** Child rows of a record (an order's lines): small records with their own fields and rules. */
export interface LinesMeta {
  fields: readonly ResourceField[];
  /** Bounds on the number of rows. */
  min: number;
  max: number;
  /** What one row is called ('partida' / 'partidas'). */
  nouns: Nouns;
  rules: readonly ResourceRule[];
  /** A read-only field counting towards another (received of ordered), in `unit`: history reads «recibido 6 de 10 pza». */
  progress?: LinesProgress;
}

export interface LinesProgress {
  done: string;
  of: string;
  unit?: string;
}

/** Runtime description of a field, read by the API's list/CRUD mechanism and the SPA's list page and form. */
export interface FieldMeta {
  type: FieldType;
  /** Spanish label: column header, form label, export header, error messages. */
  label: string;
  /** A value is needed on create and cannot be cleared on update. */
  required: boolean;
  form: FormMode;
  maxLength?: number;
  /** The phone keyboard a text field wants: digits only (NSS) or capitals (CURP, RFC). */
  keyboard?: TextKeyboard;
  /** number / money bounds; `integer` for whole numbers, `decimals` the most fraction digits of others. */
  min?: number;
  max?: number;
  integer?: boolean;
  decimals?: number;
  /** Strictly above 0 (a quantity ordered). */
  positive?: boolean;
  /** enum / severity values with Spanish labels, in display order. */
  options?: readonly EnumOption[];
  reference?: ReferenceMeta;
  lines?: LinesMeta;
  /** Unique case-insensitively among the catalogue, or within rows sharing `scope`'s value. */
  unique?: boolean | { scope: string };
  /** Value used on create when none is given. */
  defaultValue?: unknown;
  list: ListBehaviour;
  /** Non-blocking check shown under the field (the NSS check digit). */
  warning?: (value: string) => string | null;
  /** Help text under the field. */
  hint?: string;
  /** date: no day before today (Mexico City) can be chosen; the server refuses it too. */
  notPast?: boolean;
  /**
   * money on a line: starts from the `amount` of the option picked in this field of the same line
   * while it is still empty (a line's unit price from its material's reference price).
   */
  startsFrom?: string;
  /** A realistic value for the import template's example row (it must pass the field's own schema). */
  example?: string;
}

type Sch<O, I = O> = z.ZodType<O, I>;
type Mode = 'required' | 'optional' | 'defaulted' | 'readOnly';

/** The three schemas a field contributes; undefined when it is absent from that schema. */
export interface FieldSchemas {
  entity: z.ZodType | undefined;
  create: z.ZodType | undefined;
  update: z.ZodType | undefined;
}

type Built<EO, O, I, M extends Mode> = M extends 'required'
  ? { entity: Sch<EO>; create: Sch<O, I>; update: z.ZodOptional<Sch<O, I>> }
  : M extends 'defaulted'
    ? { entity: Sch<EO>; create: z.ZodDefault<Sch<O, I>>; update: z.ZodOptional<Sch<O, I>> }
    : M extends 'optional'
      ? { entity: Sch<EO | null>; create: z.ZodDefault<Sch<O | null, I | null>>; update: z.ZodOptional<Sch<O | null, I | null>> }
      : { entity: Sch<EO | null>; create: undefined; update: undefined };

export interface Field<
  S extends FieldSchemas = FieldSchemas,
  D extends string | undefined = string | undefined,
  DS extends z.ZodType | undefined = z.ZodType | undefined,
> {
  meta: FieldMeta;
  schemas: S;
  /** Entity key of a reference's joined display value (see ReferenceMeta.displayKey). */
  displayKey: D;
  displaySchema: DS;
}

/** Options every builder takes. `required`, `readOnly` and `default` decide the schemas' shape. */
interface CommonOptions {
  label: string;
  required?: boolean;
  /** Shown but never written by clients (system codes, timestamps). */
  readOnly?: boolean;
  unique?: boolean | { scope: string };
  list?: Partial<ListBehaviour>;
  hint?: string;
  /** See FieldMeta.example. */
  example?: string;
}

type ModeOf<O> = O extends { readOnly: true }
  ? 'readOnly'
  : O extends { required: true }
    ? 'required'
    : O extends { default: NonNullable<unknown> }
      ? 'defaulted'
      : 'optional';

function modeOf(o: CommonOptions & { default?: unknown }): Mode {
  if (o.readOnly) return 'readOnly';
  if (o.required) return 'required';
  return o.default !== undefined ? 'defaulted' : 'optional';
}

/** Error for a missing value vs a value of the wrong type. */
const typeError = (wrongType: string) => (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : wrongType;

/** Filter type per field type; undefined = not filterable at all. */
export const FILTER_TYPE_OF: Readonly<Record<FieldType, FilterFieldType | undefined>> = {
  text: 'text',
  textarea: 'text',
  number: 'number',
  money: 'money',
  date: 'date',
  datetime: 'date',
  boolean: 'boolean',
  enum: 'enum',
  reference: 'reference',
  multiReference: 'reference',
  color: 'text',
  icon: 'text',
  severity: 'enum',
  email: 'text',
  phone: 'text',
  imageUrl: 'text',
  password: undefined,
  lines: undefined,
  status: 'reference',
};

const SEARCHABLE_TYPES: readonly FieldType[] = ['text', 'textarea', 'email', 'phone'];
const UNSORTABLE_TYPES: readonly FieldType[] = ['textarea', 'multiReference', 'imageUrl', 'password', 'lines'];
const HIDDEN_BY_DEFAULT_TYPES: readonly FieldType[] = ['textarea', 'imageUrl', 'datetime'];

function listBehaviour(type: FieldType, override: Partial<ListBehaviour> = {}): ListBehaviour {
  const listed = type !== 'password' && type !== 'lines';
  return {
    column: listed,
    shownByDefault: listed && !HIDDEN_BY_DEFAULT_TYPES.includes(type),
    filterable: FILTER_TYPE_OF[type] !== undefined && type !== 'imageUrl',
    sortable: !UNSORTABLE_TYPES.includes(type),
    searchable: SEARCHABLE_TYPES.includes(type),
    exported: listed,
    ...override,
  };
}

function meta(type: FieldType, o: CommonOptions & { default?: unknown }, extra: Partial<FieldMeta> = {}): FieldMeta {
  const mode = modeOf(o);
  return {
    type,
    label: o.label,
    required: mode === 'required',
    form: mode === 'readOnly' ? 'readOnly' : 'editable',
    ...(o.unique === undefined ? {} : { unique: o.unique }),
    ...(o.default === undefined ? {} : { defaultValue: o.default }),
    ...(o.hint === undefined ? {} : { hint: o.hint }),
    ...(o.example === undefined ? {} : { example: o.example }),
    list: listBehaviour(type, o.list),
    ...extra,
  };
}

/** Wraps a field's core schema (non-null value) according to its mode. */
function finish<EO, O, I, M extends Mode>(mode: M, entityCore: Sch<EO>, core: Sch<O, I>, defaultValue?: O): Built<EO, O, I, M> {
  const built: FieldSchemas =
    mode === 'required'
      ? { entity: entityCore, create: core, update: core.optional() }
      : mode === 'defaulted'
        ? { entity: entityCore, create: core.default(defaultValue as z.util.NoUndefined<O>), update: core.optional() }
        : mode === 'optional'
          ? { entity: entityCore.nullable(), create: core.nullable().default(null), update: core.nullable().optional() }
          : { entity: entityCore.nullable(), create: undefined, update: undefined };
  return built as Built<EO, O, I, M>;
}

function field<S extends FieldSchemas>(fieldMeta: FieldMeta, schemas: S): Field<S, undefined, undefined> {
  return { meta: fieldMeta, schemas, displayKey: undefined, displaySchema: undefined };
}

/**
 * Trimmed text. Blank means "no value": refused when required, null otherwise. `schema` validates
 * and normalises a non-blank value further (CURP, RFC …) and its messages are kept.
 */
function textCore(opts: { max: number; required: boolean; schema?: Sch<string, string> }): Sch<string, string> {
  return z.string({ error: typeError(FIELD_MESSAGES.text) }).transform((raw, ctx) => {
    const value = raw.trim();
    if (value === '') {
      if (opts.required) {
        ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.required });
        return z.NEVER;
      }
      // Optional fields are typed `string | null` by finish(); blank text is stored as null.
      return null as unknown as string;
    }
    if ([...value].length > opts.max) {
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.maxLength(opts.max) });
      return z.NEVER;
    }
    if (!opts.schema) return value;
    const result = opts.schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

/** A text field's keyboard on phones: `numeric` digits (inputmode), `upper` capitals (autocapitalize). */
export type TextKeyboard = 'numeric' | 'upper';

interface TextOptions extends CommonOptions {
  maxLength?: number;
  keyboard?: TextKeyboard;
  /** Extra validation / normalisation of a non-blank value (e.g. rfcMoralOrFisicaSchema). */
  schema?: Sch<string, string>;
  warning?: (value: string) => string | null;
}

function textLike<const O extends TextOptions>(type: FieldType, o: O, defaultMax: number, schema?: Sch<string, string>) {
  const max = o.maxLength ?? defaultMax;
  const mode = modeOf(o) as ModeOf<O>;
  const core = textCore({ max, required: mode === 'required', schema: o.schema ?? schema });
  return field(
    meta(type, o, { maxLength: max, ...(o.warning ? { warning: o.warning } : {}), ...(o.keyboard ? { keyboard: o.keyboard } : {}) }),
    finish(mode, z.string(), core),
  );
}

const phoneSchema = z.string().refine((v) => {
  const digits = v.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(v) && digits >= 10 && digits <= 15;
}, FIELD_MESSAGES.phone);

const isoDaySchema = z.string().refine(isIsoDay, FIELD_MESSAGES.date);

/** True when a number has at most `decimals` fraction digits (compared through its text, like hasAtMostTwoDecimals). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(decimals)) === value;
}

interface NumberBounds {
  integer?: boolean;
  decimals?: number;
  positive?: boolean;
  min?: number;
  max?: number;
}

function numberCore(o: NumberBounds): Sch<number> {
  let s = z.number({ error: typeError(FIELD_MESSAGES.number) });
  if (o.integer) s = s.int(FIELD_MESSAGES.integer);
  if (o.positive) s = s.positive(FIELD_MESSAGES.positive);
  if (o.min !== undefined) s = s.min(o.min, FIELD_MESSAGES.min(o.min));
  if (o.max !== undefined) s = s.max(o.max, FIELD_MESSAGES.max(o.max));
  const decimals = o.decimals;
  if (decimals === undefined || o.integer) return s;
  return s.refine((v) => hasAtMostDecimals(v, decimals), FIELD_MESSAGES.decimals(decimals));
}

/**
 * True when a number has at most 2 decimals. Compared through its 2-decimal text because
 * value * 100 carries binary noise (0.29 * 100 = 28.999999999999996).
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(2)) === value;
}

const moneyCore: Sch<number> = z
  .number({ error: typeError(FIELD_MESSAGES.money) })
  .min(0, FIELD_MESSAGES.moneyNegative)
  .max(MAX_MONEY, FIELD_MESSAGES.moneyTooLarge)
  .refine(hasAtMostTwoDecimals, FIELD_MESSAGES.moneyDecimals);

/** The joined display value of a referenced row: its label, plus icon / colour where its catalogue has them. */
export const referenceDisplaySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  icon: z.string().optional(),
  color: z.string().optional(),
});
export type ReferenceDisplay = z.infer<typeof referenceDisplaySchema>;

/** A workflow status as records show it: the status catalogue row, so a renamed status reads its new name everywhere. */
export const statusDisplaySchema = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  color: z.string().nullable(),
});
export type StatusDisplay = z.infer<typeof statusDisplaySchema>;

const idCore = z
  .number({ error: typeError(FIELD_MESSAGES.option) })
  .int(FIELD_MESSAGES.option)
  .positive(FIELD_MESSAGES.option)
  .max(MAX_ID, FIELD_MESSAGES.option);

export const f = {
  text: <const O extends TextOptions>(o: O) => textLike('text', o, 200),
  textarea: <const O extends TextOptions>(o: O) => textLike('textarea', o, 1000),
  email: <const O extends CommonOptions & { maxLength?: number }>(o: O) =>
    textLike('email', o, 254, z.string().toLowerCase().pipe(z.email({ error: FIELD_MESSAGES.email }))),
  phone: <const O extends CommonOptions & { maxLength?: number }>(o: O) => textLike('phone', o, 30, phoneSchema),
  /** Hex colour '#RRGGBB'. */
  color: <const O extends CommonOptions>(o: O) =>
    textLike('color', o, 7, z.string().toLowerCase().regex(/^#[0-9a-f]{6}$/, FIELD_MESSAGES.color)),
  /** PrimeIcons class such as 'pi pi-building'; lists show the icon itself. */
  icon: <const O extends CommonOptions>(o: O) =>
    textLike('icon', o, 60, z.string().regex(/^pi pi-[a-z0-9-]+$/, FIELD_MESSAGES.icon)),
  /** URL of an image; the SPA shows it as an image only when it starts with http (see isDisplayableImageUrl). */
  imageUrl: <const O extends CommonOptions>(o: O) => textLike('imageUrl', o, 500),
  /** Calendar day 'YYYY-MM-DD'. */
  date: <const O extends CommonOptions & { notPast?: boolean }>(o: O) => {
    const mode = modeOf(o) as ModeOf<O>;
    const core = textCore({ max: 10, required: mode === 'required', schema: isoDaySchema });
    return field(meta('date', o, o.notPast ? { notPast: true } : {}), finish(mode, z.string(), core));
  },
  /** Server-set timestamp (ISO 8601), always read-only. */
  datetime: (o: Omit<CommonOptions, 'required' | 'readOnly'>) =>
    field(meta('datetime', { ...o, readOnly: true }), finish('readOnly', z.iso.datetime({ offset: true }), z.string())),
  number: <const O extends CommonOptions & NumberBounds & { default?: number }>(o: O) => {
    const mode = modeOf(o) as ModeOf<O>;
    const bounds: NumberBounds = {
      ...(o.integer ? { integer: true } : {}),
      ...(o.decimals === undefined ? {} : { decimals: o.decimals }),
      ...(o.positive ? { positive: true } : {}),
      ...(o.min === undefined ? {} : { min: o.min }),
      ...(o.max === undefined ? {} : { max: o.max }),
    };
    return field(meta('number', o, bounds), finish(mode, z.number(), numberCore(bounds), o.default));
  },
  /** Amount in MXN: ≥ 0, at most 2 decimals. */
  money: <const O extends CommonOptions & { default?: number; startsFrom?: string }>(o: O) => {
    const mode = modeOf(o) as ModeOf<O>;
    return field(meta('money', o, { min: 0, max: MAX_MONEY, ...(o.startsFrom ? { startsFrom: o.startsFrom } : {}) }), finish(mode, z.number(), moneyCore, o.default));
  },
  boolean: <const O extends CommonOptions & { default: boolean }>(o: O) =>
    field(
      meta('boolean', o),
      finish('defaulted', z.boolean(), z.boolean({ error: typeError(FIELD_MESSAGES.boolean) }), o.default),
    ),
  /** A yes / no the server decides (a movement is late): shown, filtered and sorted, never written by clients. */
  flag: (o: Omit<CommonOptions, 'required' | 'readOnly' | 'unique'>) =>
    field(meta('boolean', { ...o, readOnly: true }), { entity: z.boolean(), create: undefined, update: undefined }),
  /** `active` of a catalogue: inactive rows stay for history but pickers do not offer them. */
  active: () =>
    field(
      meta('boolean', { label: 'Activo', default: true }),
      finish('defaulted', z.boolean(), z.boolean({ error: typeError(FIELD_MESSAGES.boolean) }), true),
    ),
  enum: <const O extends CommonOptions & { options: readonly EnumOption[]; default?: O['options'][number]['value'] }>(o: O) => {
    type V = O['options'][number]['value'];
    const mode = modeOf(o) as ModeOf<O>;
    const values = o.options.map((x) => x.value) as [V, ...V[]];
    const core: Sch<V> = z.enum(values, { error: typeError(FIELD_MESSAGES.option) });
    return field(meta('enum', o, { options: o.options }), finish(mode, z.enum(values), core, o.default));
  },
  /** Tag colour of a status row. */
  severity: <const O extends CommonOptions & { default?: Severity }>(o: O) => {
    const mode = modeOf(o) as ModeOf<O>;
    const core: Sch<Severity> = z.enum(SEVERITIES, { error: typeError(FIELD_MESSAGES.option) });
    return field(meta('severity', o, { options: SEVERITY_OPTIONS }), finish(mode, z.enum(SEVERITIES), core, o.default));
  },
  /** Id of a row of another catalogue; the entity also carries `displayKey: { id, label }`. */
  reference: <const O extends CommonOptions & ReferenceMeta>(o: O) => {
    const mode = modeOf(o) as ModeOf<O>;
    const reference: ReferenceMeta = {
      target: o.target,
      displayKey: o.displayKey,
      ...(o.dependsOn ? { dependsOn: o.dependsOn } : {}),
      ...(o.copiedFrom ? { copiedFrom: o.copiedFrom } : {}),
      ...(o.offer ? { offer: o.offer } : {}),
    };
    const display = (mode === 'required' ? referenceDisplaySchema : referenceDisplaySchema.nullable()) as O extends { required: true }
      ? typeof referenceDisplaySchema
      : z.ZodNullable<typeof referenceDisplaySchema>;
    return {
      meta: meta('reference', o, { reference }),
      schemas: finish(mode, z.number().int(), idCore as Sch<number>),
      displayKey: o.displayKey as O['displayKey'],
      displaySchema: display,
    };
  },
  /** Ids of several rows of another catalogue (a supplier's material categories); never null, [] when none. */
  multiReference: <const O extends Omit<CommonOptions, 'required'> & { target: ResourceKey; displayKey: string }>(o: O) => {
    const core: Sch<number[]> = z
      .array(idCore, { error: FIELD_MESSAGES.options })
      .max(200, FIELD_MESSAGES.options)
      .refine((ids) => new Set(ids).size === ids.length, FIELD_MESSAGES.repeatedOptions);
    return {
      meta: meta('multiReference', { ...o, default: [] }, { reference: { target: o.target, displayKey: o.displayKey } }),
      schemas: finish('defaulted', z.array(z.number().int()), core, []),
      displayKey: o.displayKey as O['displayKey'],
      displaySchema: z.array(referenceDisplaySchema),
    };
  },
  /** Set on create only, never returned (users). */
  password: (o: Omit<CommonOptions, 'required' | 'readOnly' | 'unique'>) =>
    field(
      { ...meta('password', { ...o, required: true }), form: 'createOnly' },
      { entity: undefined, create: passwordSchema, update: undefined },
    ),
  lines,
  /**
   * The workflow status of a record: a row of a status catalogue, set by the server (created at the
   * catalogue's default or a given code, moved by the workflow's actions). The entity carries its id and
   * `displayKey: { id, code, name, color }`; lists filter it by id (or name) and sort it by the catalogue's order.
   */
  status: <const O extends { label: string; target: ResourceKey; displayKey: string; list?: Partial<ListBehaviour> }>(o: O) => ({
    meta: meta('status', { label: o.label, readOnly: true, ...(o.list ? { list: o.list } : {}) }, { reference: { target: o.target, displayKey: o.displayKey } }),
    schemas: { entity: z.number().int(), create: undefined, update: undefined },
    displayKey: o.displayKey as O['displayKey'],
    displaySchema: statusDisplaySchema,
  }),
};

export const LINES_MESSAGES = {
  list: 'Debe ser una lista',
  min: (n: number, nouns: Nouns) => `Agrega al menos ${n} ${n === 1 ? nouns.singular : nouns.plural}`,
  max: (n: number, nouns: Nouns) => `Máximo ${n} ${nouns.plural}`,
} as const;

interface LinesOptions<L extends Fields> {
  label: string;
  nouns: Nouns;
  fields: L;
  min?: number;
  max?: number;
  /** Rules over one row's values (checked per row, shown on the row's field). */
  rules?: readonly ResourceRule[];
  hint?: string;
  progress?: { done: keyof L & string; of: keyof L & string; unit?: keyof L & string };
}

type LineEntity<L extends Fields> = z.ZodObject<Flat<{ id: z.ZodNumber } & FieldsEntityShape<L>>>;
type LineCreate<L extends Fields> = z.ZodObject<Flat<FieldsCreateShape<L>>>;

/**
 * Child rows written with their parent, in its transaction: an entity carries them in order with
 * their ids; create and update bodies carry the whole list (an update replaces it as a whole).
 */
function lines<const L extends Fields>(o: LinesOptions<L>) {
  const min = o.min ?? 0;
  const max = o.max ?? 500;
  const rules = o.rules ?? [];
  const item = z.object(pickSchemas(o.fields, 'create')).superRefine((values, ctx) => {
    for (const problem of checkResourceRules(rules, values)) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  }) as unknown as LineCreate<L>;
  const list = z
    .array(item, { error: (iss) => (iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : LINES_MESSAGES.list) })
    .min(min, LINES_MESSAGES.min(min, o.nouns))
    .max(max, LINES_MESSAGES.max(max, o.nouns));
  const entityItem = z.object({ id: z.number().int(), ...pickSchemas(o.fields, 'entity') }) as unknown as LineEntity<L>;
  const linesMeta: LinesMeta = { fields: namedFields(o.fields), min, max, nouns: o.nouns, rules, ...(o.progress ? { progress: o.progress } : {}) };
  return {
    meta: {
      ...meta('lines', { label: o.label, required: min > 0, ...(o.hint === undefined ? {} : { hint: o.hint }) }),
      lines: linesMeta,
    },
    schemas: { entity: z.array(entityItem), create: list, update: list.optional() },
    displayKey: undefined,
    displaySchema: undefined,
  } satisfies Field;
}

/** docs/product.md "Configuration catalogues": an employee photo is shown as an image only when its URL starts with http. */
export function isDisplayableImageUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}
