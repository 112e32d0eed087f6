import { aliasedTable, asc, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import { type AnyResource, type ResourceField, type ListFieldSpec, type ResourceKey } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { keptSelect } from '../../db/kept-select';
import { fold, storedFold, type ListField, type ScalarKind } from '../list/fields';
import type { ListSource } from '../list/query';
import { personLabel } from './people';
import type { LinkTable, ResourceRegistry } from './tables';
import type { LineTable, ResourceBinding } from './types';

/*
 * A resource declaration (contracts) bound to its table: the SQL of every list field, the joins that
 * give references their labels, computed columns, child lines, the entity selection and the row →
 * entity mapping. Everything here is derived; a resource never writes SQL for lists.
 */

export type Entity = Record<string, unknown>;

type Columns = Readonly<Record<string, AnyPgColumn>>;

const columnsOf = (table: PgTable): Columns => getTableColumns(table) as Columns;

function column(columns: Columns, name: string, where: string): AnyPgColumn {
  const col = columns[name];
  if (!col) throw new Error(`${where}: no column for field "${name}"`);
  return col;
}

/** A row's label as SQL (null when every part is empty), mirroring contracts rowLabel(). */
export function labelExpression(resource: AnyResource, columns: Columns): SQL {
  const parts = resource.label.fields.map((name) => sql`nullif(${column(columns, name, resource.key)}::text, '')`);
  if (parts.length === 1) return parts[0] as SQL;
  return sql`nullif(concat_ws(${resource.label.separator}::text, ${sql.join(parts, sql`, `)}), '')`;
}

/**
 * goc_fold(labelExpression(…)) with the same shape, each part read from its stored folded column when it
 * has one. Equal to folding the whole label because goc_fold maps character by character (and '' to '').
 */
export function foldedLabelExpression(resource: AnyResource, columns: Columns): SQL {
  const parts = foldedLabelParts(resource, columns).map((part) => sql`nullif(${part}, '')`);
  if (parts.length === 1) return parts[0] as SQL;
  return sql`nullif(concat_ws(${fold(sql`${resource.label.separator}::text`)}, ${sql.join(parts, sql`, `)}), '')`;
}

/**
 * The folded form of each part of the label, as bare as possible (the stored folded column itself),
 * so a search word matched against each part can use that column's trigram index.
 */
export function foldedLabelParts(resource: AnyResource, columns: Columns): SQL[] {
  return resource.label.fields.map((name) => {
    const col = column(columns, name, resource.key);
    return sql`${storedFold(col) ?? fold(sql`${col}::text`)}`;
  });
}

/** Icon / colour / code a target's options and display values carry. */
interface TargetExtras {
  icon?: AnyPgColumn;
  color?: AnyPgColumn;
  code?: AnyPgColumn;
}

function extrasExpressions(target: AnyResource, columns: Columns): TargetExtras {
  const { icon, color } = target.optionExtras;
  const code = target.systemRows?.codeField;
  return {
    ...(icon ? { icon: column(columns, icon, target.key) } : {}),
    ...(color ? { color: column(columns, color, target.key) } : {}),
    ...(code ? { code: column(columns, code, target.key) } : {}),
  };
}

const SCALAR_KIND: Partial<Record<ResourceField['type'], ScalarKind>> = {
  text: 'text',
  textarea: 'text',
  email: 'text',
  phone: 'text',
  color: 'text',
  icon: 'text',
  imageUrl: 'text',
  number: 'number',
  money: 'money',
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
  enum: 'enum',
  severity: 'enum',
};

/** The joined target of a single reference (or status) field. */
export interface ReferenceJoin {
  field: ResourceField;
  target: AnyResource;
  alias: PgTable;
  on: SQL;
  label: SQL;
  labelFolded: SQL;
  extras: TargetExtras;
}

/** The target of a multi-reference field, reached through its link table. */
export interface LinkJoin {
  field: ResourceField;
  target: AnyResource;
  link: LinkTable;
  alias: PgTable;
  label: SQL;
  labelFolded: SQL;
  extras: TargetExtras;
}

const display = (id: unknown, label: unknown, icon: unknown, color: unknown) => ({
  id: Number(id),
  label: typeof label === 'string' ? label : '',
  ...(typeof icon === 'string' ? { icon } : {}),
  ...(typeof color === 'string' ? { color } : {}),
});

const statusDisplay = (id: unknown, name: unknown, code: unknown, color: unknown) => ({
  id: Number(id),
  code: typeof code === 'string' ? code : null,
  name: typeof name === 'string' ? name : '',
  color: typeof color === 'string' ? color : null,
});

/** A stored value → its wire form (contracts fields.ts: money as number, timestamps as ISO strings). */
function wireValue(field: ResourceField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'money':
    case 'number':
      return Number(value);
    case 'datetime':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    default:
      return value;
  }
}

const isReferenceLike = (field: ResourceField) => field.type === 'reference' || field.type === 'status';

/** A field's list behaviour over the given SQL. */
function listField(
  field: ResourceField,
  parts: { expr?: SQL | AnyPgColumn; reference?: ReferenceJoin; matching?: (predicate: (labelFolded: SQLWrapper) => SQL) => SQL; exists?: ListField },
): ListField | null {
  const base = {
    name: field.name,
    label: field.label,
    filterable: field.list.filterable,
    sortable: field.list.sortable,
    searchable: field.list.searchable,
  };
  // References are searched by their label: q finds a material by its unit or category name.
  const referenceSearch = field.list.searchable || field.list.column;
  if (parts.reference) {
    return {
      ...base,
      kind: 'reference',
      searchable: referenceSearch,
      idExpr: parts.expr as AnyPgColumn,
      labelExpr: parts.reference.label,
      labelFolded: parts.reference.labelFolded,
      ...(parts.matching ? { matching: parts.matching } : {}),
    };
  }
  if (parts.exists) return { ...parts.exists, searchable: referenceSearch };
  const kind = SCALAR_KIND[field.type];
  if (!kind || !parts.expr) return null;
  return { ...base, kind, expr: parts.expr, ...(field.options ? { enumValues: field.options.map((o) => o.value) } : {}) };
}

const referenceAliasName = (prefix: string, field: string) => `${prefix}r_${field}`;

/**
 * The referenced table as a resource's list and read queries join it for a reference field, so a
 * computed column can read the referenced row (a movement's employee NSS) from that one join instead
 * of a subquery per row.
 */
export function joinedReference<T extends PgTable>(table: T, field: string): T {
  return aliasedTable(table, referenceAliasName('', field));
}

/** The joinable side of a reference target: its declaration and an aliased copy of its table. */
function joinTarget(registry: ResourceRegistry, key: ResourceKey, alias: string) {
  const target = registry.declaration(key);
  const table = aliasedTable(registry.table(key), alias);
  const cols = columnsOf(table);
  return { target, table, cols, label: labelExpression(target, cols), labelFolded: foldedLabelExpression(target, cols), extras: extrasExpressions(target, cols) };
}

/** How rows of one table map to entities: used for a resource's own rows and for its child lines. */
export interface RowShape {
  table: PgTable;
  /** Stored fields (declared fields that are columns of the table) → column. */
  columns: ReadonlyMap<string, AnyPgColumn>;
  idColumn: AnyPgColumn;
  references: readonly ReferenceJoin[];
  links: readonly LinkJoin[];
  /** List fields by name (declared fields, computed columns, createdAt / updatedAt). */
  fields: Map<string, ListField>;
  /** What a list / get selects: stored fields, computed columns, reference labels. */
  selection: Record<string, SQL | AnyPgColumn>;
  /** `select … from table` with every reference joined. */
  from: ListSource['from'];
  toEntity(row: Readonly<Record<string, unknown>>): Entity;
  /** Fills every multi-reference field (ids and display values) of the given entities. */
  loadLinks(executor: Executor, entities: Entity[]): Promise<void>;
}

interface ShapeOptions {
  registry: ResourceRegistry;
  where: string;
  fields: readonly ResourceField[];
  table: PgTable;
  prefix: string;
  computed?: Readonly<Record<string, SQL | AnyPgColumn>>;
  links?: Readonly<Record<string, LinkTable>>;
  /** References to users shown by the person's name. */
  namedPeople?: readonly string[];
}

const builder = new QueryBuilder();

function rowShape(options: ShapeOptions): RowShape {
  const { where, table, prefix } = options;
  const cols = columnsOf(table);
  const idColumn = column(cols, 'id', where);
  const columns = new Map<string, AnyPgColumn>();
  const references: ReferenceJoin[] = [];
  const links: LinkJoin[] = [];
  const fields = new Map<string, ListField>();
  const selection: Record<string, SQL | AnyPgColumn> = { id: idColumn };

  for (const field of options.fields) {
    if (field.type === 'password' || field.type === 'lines') continue;
    const ref = field.reference;
    if (field.type === 'multiReference') {
      const link = options.links?.[field.name];
      if (!link || !ref) throw new Error(`${where}: multi-reference ${field.name} has no link table`);
      const t = joinTarget(options.registry, ref.target, `${prefix}l_${field.name}`);
      const join: LinkJoin = { field, target: t.target, link, alias: t.table, label: t.label, labelFolded: t.labelFolded, extras: t.extras };
      links.push(join);
      const targetId = column(t.cols, 'id', where);
      const exists: ListField = {
        name: field.name,
        label: field.label,
        kind: 'multiReference',
        filterable: field.list.filterable,
        sortable: false,
        searchable: false,
        exists: (predicate) =>
          sql`exists (${builder
            .select({ one: sql`1` })
            .from(link.table)
            .innerJoin(t.table, eq(targetId, link.target))
            .where(sql`${link.owner} = ${idColumn} and ${predicate(sql`${targetId}`, join.labelFolded)}`)})`,
      };
      const lf = listField(field, { exists });
      if (lf) fields.set(field.name, lf);
      continue;
    }
    const computed = options.computed?.[field.name];
    if (computed) {
      selection[field.name] = computed;
      const lf = listField(field, { expr: computed });
      if (lf) fields.set(field.name, lf);
      continue;
    }
    const col = column(cols, field.name, where);
    columns.set(field.name, col);
    selection[field.name] = col;
    if (isReferenceLike(field) && ref) {
      const t = joinTarget(options.registry, ref.target, referenceAliasName(prefix, field.name));
      const join: ReferenceJoin = {
        field,
        target: t.target,
        alias: t.table,
        on: eq(column(t.cols, 'id', where), col),
        label: t.label,
        labelFolded: t.labelFolded,
        extras: t.extras,
      };
      references.push(join);
      selection[`${field.name}$label`] = options.namedPeople?.includes(field.name)
        ? personLabel({ id: column(t.cols, 'id', where), employeeId: column(t.cols, 'employeeId', where), username: column(t.cols, 'username', where) })
        : join.label;
      if (join.extras.icon) selection[`${field.name}$icon`] = join.extras.icon;
      if (join.extras.color) selection[`${field.name}$color`] = join.extras.color;
      if (join.extras.code) selection[`${field.name}$code`] = join.extras.code;
      const searched = joinTarget(options.registry, ref.target, `${referenceAliasName(prefix, field.name)}_q`);
      const searchedId = column(searched.cols, 'id', where);
      const matching = (predicate: (labelFolded: SQLWrapper) => SQL) =>
        sql`${col} in (${builder.select({ id: searchedId }).from(searched.table).where(predicate(searched.labelFolded))})`;
      const lf = listField(field, { expr: col, reference: join, matching });
      if (lf) fields.set(field.name, lf);
      continue;
    }
    const lf = listField(field, { expr: col });
    if (lf) fields.set(field.name, lf);
  }

  const from = (executor: Executor, sel: SelectedFields) => {
    let query = executor.select(sel).from(table).$dynamic();
    for (const ref of references) query = query.leftJoin(ref.alias, ref.on);
    return query;
  };

  const toEntity = (row: Readonly<Record<string, unknown>>): Entity => {
    const entity: Entity = { id: Number(row.id) };
    for (const field of options.fields) {
      if (field.type === 'password') continue;
      if (field.type === 'lines') {
        entity[field.name] = [];
        continue;
      }
      if (field.type === 'multiReference') {
        entity[field.name] = [];
        if (field.reference) entity[field.reference.displayKey] = [];
        continue;
      }
      const value = wireValue(field, row[field.name]);
      entity[field.name] = value;
      const key = field.name;
      if (field.type === 'reference' && field.reference) {
        entity[field.reference.displayKey] = value === null ? null : display(value, row[`${key}$label`], row[`${key}$icon`], row[`${key}$color`]);
      } else if (field.type === 'status' && field.reference) {
        entity[field.reference.displayKey] = value === null ? null : statusDisplay(value, row[`${key}$label`], row[`${key}$code`], row[`${key}$color`]);
      }
    }
    return entity;
  };

  const loadLinks = async (executor: Executor, entities: Entity[]): Promise<void> => {
    if (links.length === 0 || entities.length === 0) return;
    const ids = entities.map((e) => e.id as number);
    const byId = new Map(entities.map((e) => [e.id as number, e]));
    for (const join of links) {
      const targetId = column(columnsOf(join.alias), 'id', where);
      const rows = await executor
        .select({
          owner: join.link.owner,
          id: targetId,
          label: join.label,
          ...(join.extras.icon ? { icon: join.extras.icon } : {}),
          ...(join.extras.color ? { color: join.extras.color } : {}),
        })
        .from(join.link.table)
        .innerJoin(join.alias, eq(targetId, join.link.target))
        .where(inArray(join.link.owner, ids))
        .orderBy(asc(join.labelFolded), asc(targetId));
      const displayKey = join.field.reference?.displayKey ?? join.field.name;
      for (const row of rows as Record<string, unknown>[]) {
        const entity = byId.get(Number(row.owner));
        if (!entity) continue;
        (entity[join.field.name] as number[]).push(Number(row.id));
        (entity[displayKey] as unknown[]).push(display(row.id, row.label, row.icon, row.color));
      }
    }
  };

  return { table, columns, idColumn, references, links, fields, selection, from, toEntity, loadLinks };
}

/** The child rows of one `lines` field. */
export interface LineSource {
  field: ResourceField;
  binding: LineTable;
  shape: RowShape;
  /** Line fields the client writes (not read-only, stored in a column). */
  writable: readonly ResourceField[];
}

export interface ResourceSource {
  /** The app's resources its references resolve in. */
  registry: ResourceRegistry;
  resource: AnyResource;
  table: PgTable;
  columns: ReadonlyMap<string, AnyPgColumn>;
  idColumn: AnyPgColumn;
  versionColumn: AnyPgColumn;
  /** Absent for resources without `active` (roles, orders): every row is offered. */
  activeColumn: AnyPgColumn | undefined;
  /** The row's own label, and the folded form of each of its parts (options search). */
  label: SQL;
  labelFoldedParts: readonly SQL[];
  references: readonly ReferenceJoin[];
  links: readonly LinkJoin[];
  lines: readonly LineSource[];
  list: ListSource;
  selection: SelectedFields;
  /** One record's selection: `selection` and its lines (those without multi-references), each as a JSON array. */
  recordSelection: SelectedFields;
  toEntity(row: Readonly<Record<string, unknown>>): Entity;
  /** The entity of a row read with `recordSelection`, its inlined lines included (complete leaves them). */
  recordEntity(row: Readonly<Record<string, unknown>>): Entity;
  /** Fills multi-references and lines of the given entities (one query per field for the whole batch). */
  complete(executor: Executor, entities: Entity[]): Promise<void>;
}

/** A filter through a lines field: rows having a line whose `field` matches (orders containing a material). */
function lineFilter(name: string, lineField: string, line: LineSource, idColumn: AnyPgColumn, where: string): ListField {
  const ref = line.shape.references.find((r) => r.field.name === lineField);
  if (!ref) throw new Error(`${where}: filter ${name} needs a reference field ${lineField} of the lines`);
  const lineIdColumn = line.shape.columns.get(ref.field.name) as AnyPgColumn;
  const targetId = column(columnsOf(ref.alias), 'id', where);
  return {
    name,
    label: ref.field.label,
    kind: 'multiReference',
    filterable: true,
    sortable: false,
    searchable: false,
    exists: (predicate) =>
      sql`exists (${builder
        .select({ one: sql`1` })
        .from(line.binding.table)
        .innerJoin(ref.alias, eq(targetId, lineIdColumn))
        .where(sql`${line.binding.owner} = ${idColumn} and ${predicate(sql`${targetId}`, ref.labelFolded)}`)})`,
  };
}

/**
 * What is derived from an app's resource registry, kept with it: a binding's source and a target's
 * table and label. Keyed by the registry, so they go when its app goes.
 */
interface Derived {
  sources: WeakMap<object, ResourceSource>;
  targets: Map<ResourceKey, TargetInfo>;
}
const derivedByRegistry = new WeakMap<ResourceRegistry, Derived>();

function derivedOf(registry: ResourceRegistry): Derived {
  let derived = derivedByRegistry.get(registry);
  if (!derived) {
    derived = { sources: new WeakMap(), targets: new Map() };
    derivedByRegistry.set(registry, derived);
  }
  return derived;
}

/** The key of a lines field's JSON rows in a record's selection, and of each line's position in them. */
const linesKey = (line: LineSource) => `${line.field.name}$rows`;
const LINE_POSITION = '$position';

/** The (cached) SQL binding of a resource, its references resolved in the app's registry. */
export function resourceSource(registry: ResourceRegistry, binding: ResourceBinding): ResourceSource {
  const { sources } = derivedOf(registry);
  const cached = sources.get(binding);
  if (cached) return cached;
  const resource = binding.declaration;
  const where = `resource ${resource.key}`;
  for (const name of binding.namedPeople ?? []) {
    const field = resource.fields.find((f) => f.name === name);
    if (field?.type !== 'reference' || field.reference?.target !== 'users') throw new Error(`${where}: namedPeople ${name} is not a reference to users`);
  }
  const cols = columnsOf(binding.table);
  const shape = rowShape({
    registry,
    where,
    fields: resource.fields,
    table: binding.table,
    prefix: '',
    ...(binding.computed ? { computed: binding.computed } : {}),
    links: binding.links ?? registry.links(resource.key),
    ...(binding.namedPeople ? { namedPeople: binding.namedPeople } : {}),
  });
  for (const name of ['createdAt', 'updatedAt'] as const) {
    const col = column(cols, name, where);
    shape.selection[name] = col;
    shape.fields.set(name, { name, label: name === 'createdAt' ? 'Creado' : 'Actualizado', kind: 'datetime', filterable: true, sortable: true, searchable: false, expr: col });
  }
  shape.selection.version = column(cols, 'version', where);

  const lines: LineSource[] = resource.fields.flatMap((field) => {
    if (!field.lines) return [];
    const lineBinding = binding.lines?.[field.name];
    if (!lineBinding) throw new Error(`${where}: lines field ${field.name} has no table`);
    const lineShape = rowShape({
      registry,
      where: `${where} ${field.name}`,
      fields: field.lines.fields,
      table: lineBinding.table,
      prefix: `${field.name}_`,
      ...(lineBinding.computed ? { computed: lineBinding.computed } : {}),
    });
    const writable = field.lines.fields.filter((f) => f.form !== 'readOnly' && lineShape.columns.has(f.name));
    return [{ field, binding: lineBinding, shape: lineShape, writable }];
  });

  for (const [name, filter] of Object.entries(binding.filters ?? {})) {
    const line = lines.find((l) => l.field.name === filter.lines);
    if (!line) throw new Error(`${where}: filter ${name} names no lines field`);
    shape.fields.set(name, lineFilter(name, filter.field, line, shape.idColumn, where));
  }
  assertAllowlistCovered(resource.listFields, shape.fields, where);

  /** Each lines field's read: for one record (a form, a write's read-back) a statement kept built; for a page, built for its ids. */
  const lineReads = lines.map((line) => {
    const fields = { ...line.shape.selection, $owner: line.binding.owner };
    const order = [asc(line.binding.owner), asc(line.binding.position), asc(line.shape.idColumn)];
    const ofOne = keptSelect(`goc_lines_${resource.key}_${line.field.name}`, (executor) =>
      line.shape.from(executor, fields).where(eq(line.binding.owner, sql.placeholder('owner'))).orderBy(...order),
    );
    return (executor: Executor, ids: number[]): Promise<Record<string, unknown>[]> =>
      ids.length === 1 ? ofOne(executor, { owner: ids[0] }) : line.shape.from(executor, fields).where(inArray(line.binding.owner, ids)).orderBy(...order);
  });

  /**
   * One record's lines in its own select, a JSON array per lines field: a form's read, or a write's
   * read-back, is one statement instead of one more per lines field. Lines with multi-references of
   * their own are read apart, as a page's are (complete).
   */
  const inlined = lines.filter((line) => line.shape.links.length === 0);
  const recordSelection: SelectedFields = { ...shape.selection };
  for (const line of inlined) {
    const named = Object.fromEntries(Object.entries(line.shape.selection).map(([key, field]) => [key, sql`${field}`.as(key)]));
    const rows = line.shape
      .from(builder as unknown as Executor, { ...named, [LINE_POSITION]: sql`${line.binding.position}`.as(LINE_POSITION) })
      .where(eq(line.binding.owner, shape.idColumn));
    recordSelection[linesKey(line)] = sql`(select coalesce(json_agg(l order by l.${sql.identifier(LINE_POSITION)}, l."id"), '[]'::json) from (${rows}) l)`;
  }
  /** Entities made by recordEntity: complete does not read their inlined lines again. */
  const linesRead = new WeakSet<Entity>();

  const complete = async (executor: Executor, entities: Entity[]): Promise<void> => {
    await shape.loadLinks(executor, entities);
    if (lines.length === 0 || entities.length === 0) return;
    for (const [index, line] of lines.entries()) {
      const pending = inlined.includes(line) ? entities.filter((e) => !linesRead.has(e)) : entities;
      if (pending.length === 0) continue;
      const ids = pending.map((e) => e.id as number);
      const byId = new Map(pending.map((e) => [e.id as number, e]));
      const rows = await lineReads[index]!(executor, ids);
      const lineEntities = rows.map((r) => ({ owner: Number(r.$owner), entity: line.shape.toEntity(r) }));
      await line.shape.loadLinks(executor, lineEntities.map((l) => l.entity));
      for (const { owner, entity } of lineEntities) (byId.get(owner)?.[line.field.name] as Entity[] | undefined)?.push(entity);
    }
  };

  const toEntity = (row: Readonly<Record<string, unknown>>): Entity => ({
    ...shape.toEntity(row),
    createdAt: (row.createdAt as Date).toISOString(),
    updatedAt: (row.updatedAt as Date).toISOString(),
    version: Number(row.version),
  });
  const source: ResourceSource = {
    registry,
    resource,
    table: binding.table,
    columns: shape.columns,
    idColumn: shape.idColumn,
    versionColumn: column(cols, 'version', where),
    activeColumn: cols.active,
    label: labelExpression(resource, cols),
    labelFoldedParts: foldedLabelParts(resource, cols),
    references: shape.references,
    links: shape.links,
    lines,
    list: { fields: shape.fields, specs: resource.listFields, idExpr: shape.idColumn, defaultSort: resource.defaultSort, from: shape.from },
    selection: shape.selection,
    recordSelection,
    toEntity,
    recordEntity(row) {
      const entity = toEntity(row);
      for (const line of inlined) {
        const value = row[linesKey(line)];
        const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[];
        entity[line.field.name] = rows.map((r) => line.shape.toEntity(r));
      }
      if (inlined.length > 0) linesRead.add(entity);
      return entity;
    },
    complete,
  };
  sources.set(binding, source);
  return source;
}

/** A reference target's table, label and activity, for checks (declared or not as a binding). */
export interface TargetInfo {
  resource: AnyResource;
  table: PgTable;
  idColumn: AnyPgColumn;
  label: SQL;
  activeColumn: AnyPgColumn | undefined;
  parentColumn: AnyPgColumn | undefined;
}

export function targetInfo(registry: ResourceRegistry, key: ResourceKey): TargetInfo {
  const { targets } = derivedOf(registry);
  const cached = targets.get(key);
  if (cached) return cached;
  const resource = registry.declaration(key);
  const table = registry.table(key);
  const cols = columnsOf(table);
  const parent = resource.optionExtras.parentId;
  const info: TargetInfo = {
    resource,
    table,
    idColumn: column(cols, 'id', key),
    label: labelExpression(resource, cols),
    activeColumn: cols.active,
    parentColumn: parent ? column(cols, parent, key) : undefined,
  };
  targets.set(key, info);
  return info;
}

/**
 * The label of a `resource` row read from its `table` (joined by the query), exactly as a reference to
 * it displays: what a module's own query shows of another module's record.
 */
export function tableLabel(resource: AnyResource, table: PgTable): SQL<string | null> {
  return labelExpression(resource, columnsOf(table)) as SQL<string | null>;
}

/** The same label of the row whose id is `id` (a column of the outer statement), read by a subquery. */
export function referenceLabel(resource: AnyResource, table: PgTable, id: AnyPgColumn): SQL<string | null> {
  const idColumn = column(columnsOf(table), 'id', resource.key);
  return sql<string | null>`(select ${tableLabel(resource, table)} from ${table} where ${idColumn} = ${id})`;
}

/** Every field the contracts allow in filters / sort must have SQL here; a gap is a startup error, not a silent 500. */
function assertAllowlistCovered(specs: readonly ListFieldSpec[], fields: ReadonlyMap<string, ListField>, where: string): void {
  for (const spec of specs) {
    if (!spec.filterable && !spec.sortable) continue;
    const field = fields.get(spec.name);
    if (!field) throw new Error(`${where}: list field ${spec.name} has no SQL`);
    if (spec.sortable && field.kind === 'multiReference') throw new Error(`${where}: ${spec.name} cannot be sorted`);
  }
}
