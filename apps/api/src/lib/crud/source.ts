import { aliasedTable, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import { getCatalog, type AnyCatalog, type CatalogField, type CatalogKey, type ListFieldSpec } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { fold, storedFold, type ListField, type ScalarKind } from '../list/fields';
import type { ListSource } from '../list/query';
import { CATALOG_LINKS, CATALOG_TABLES, type LinkTable } from './catalog-tables';

/*
 * A catalogue declaration (contracts) bound to its table: the SQL of every list field, the joins that
 * give references their labels, the entity selection and the row → entity mapping. Everything here
 * is derived; a catalogue never writes SQL for lists.
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
export function labelExpression(catalog: AnyCatalog, columns: Columns): SQL {
  const parts = catalog.label.fields.map((name) => sql`nullif(${column(columns, name, catalog.key)}::text, '')`);
  if (parts.length === 1) return parts[0] as SQL;
  return sql`nullif(concat_ws(${catalog.label.separator}::text, ${sql.join(parts, sql`, `)}), '')`;
}

/**
 * goc_fold(labelExpression(…)) with the same shape, each part read from its stored folded column when it
 * has one. Equal to folding the whole label because goc_fold maps character by character (and '' to '').
 */
export function foldedLabelExpression(catalog: AnyCatalog, columns: Columns): SQL {
  const parts = catalog.label.fields.map((name) => {
    const col = column(columns, name, catalog.key);
    return sql`nullif(${storedFold(col) ?? fold(sql`${col}::text`)}, '')`;
  });
  if (parts.length === 1) return parts[0] as SQL;
  return sql`nullif(concat_ws(${fold(sql`${catalog.label.separator}::text`)}, ${sql.join(parts, sql`, `)}), '')`;
}

/** Icon / colour a catalogue's options and reference display values carry. */
function extrasExpressions(catalog: AnyCatalog, columns: Columns): { icon?: AnyPgColumn; color?: AnyPgColumn } {
  const { icon, color } = catalog.optionExtras;
  return {
    ...(icon ? { icon: column(columns, icon, catalog.key) } : {}),
    ...(color ? { color: column(columns, color, catalog.key) } : {}),
  };
}

const SCALAR_KIND: Partial<Record<CatalogField['type'], ScalarKind>> = {
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

/** The joined target of a single reference field. */
interface ReferenceJoin {
  field: CatalogField;
  target: AnyCatalog;
  alias: PgTable;
  on: SQL;
  label: SQL;
  labelFolded: SQL;
  extras: { icon?: AnyPgColumn; color?: AnyPgColumn };
}

/** The target of a multi-reference field, reached through its link table. */
interface LinkJoin {
  field: CatalogField;
  target: AnyCatalog;
  link: LinkTable;
  alias: PgTable;
  label: SQL;
  labelFolded: SQL;
  extras: { icon?: AnyPgColumn; color?: AnyPgColumn };
}

export interface CatalogSource {
  catalog: AnyCatalog;
  table: PgTable;
  /** Stored fields (declared fields that are columns of the table) → column. */
  columns: ReadonlyMap<string, AnyPgColumn>;
  idColumn: AnyPgColumn;
  versionColumn: AnyPgColumn;
  /** Absent for catalogues without `active` (roles): every row is offered. */
  activeColumn: AnyPgColumn | undefined;
  /** The row's own label. */
  label: SQL;
  references: readonly ReferenceJoin[];
  links: readonly LinkJoin[];
  list: ListSource;
  /** What a list / get selects: base columns, stored fields, reference labels. */
  selection: SelectedFields;
  /** A selected row → entity (multi-references filled by loadLinks). */
  toEntity(row: Readonly<Record<string, unknown>>): Entity;
  /** Fills every multi-reference field (ids and display values) of the given entities. */
  loadLinks(executor: Executor, entities: Entity[]): Promise<void>;
}

const display = (id: unknown, label: unknown, icon: unknown, color: unknown) => ({
  id: Number(id),
  label: typeof label === 'string' ? label : '',
  ...(typeof icon === 'string' ? { icon } : {}),
  ...(typeof color === 'string' ? { color } : {}),
});

/** A stored value → its wire form (contracts fields.ts: money as number, timestamps as ISO strings). */
function wireValue(field: CatalogField, value: unknown): unknown {
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

/** A catalogue field's list behaviour over the given SQL. */
function listField(field: CatalogField, parts: { expr?: SQL | AnyPgColumn; reference?: ReferenceJoin; link?: LinkJoin; exists?: ListField }): ListField | null {
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
    };
  }
  if (parts.exists) return { ...parts.exists, searchable: referenceSearch };
  const kind = SCALAR_KIND[field.type];
  if (!kind || !parts.expr) return null;
  return { ...base, kind, expr: parts.expr, ...(field.options ? { enumValues: field.options.map((o) => o.value) } : {}) };
}

const sourceCache = new Map<CatalogKey, CatalogSource>();

/** The (cached) SQL binding of a catalogue declaration. */
export function catalogSource(catalog: AnyCatalog): CatalogSource {
  const cached = sourceCache.get(catalog.key);
  if (cached) return cached;
  const table = CATALOG_TABLES[catalog.key];
  const cols = columnsOf(table);
  const where = `catalogue ${catalog.key}`;
  const idColumn = column(cols, 'id', where);
  const linkTables = CATALOG_LINKS[catalog.key] ?? {};
  const builder = new QueryBuilder();

  const columns = new Map<string, AnyPgColumn>();
  const references: ReferenceJoin[] = [];
  const links: LinkJoin[] = [];
  const fields = new Map<string, ListField>();

  for (const field of catalog.fields) {
    if (field.type === 'password') continue;
    const ref = field.reference;
    if (field.type === 'multiReference') {
      const link = linkTables[field.name];
      if (!link || !ref) throw new Error(`${where}: multi-reference ${field.name} has no link table`);
      const target = getCatalog(ref.catalog);
      const alias = aliasedTable(CATALOG_TABLES[target.key], `l_${field.name}`);
      const aliasCols = columnsOf(alias);
      const join: LinkJoin = {
        field,
        target,
        link,
        alias,
        label: labelExpression(target, aliasCols),
        labelFolded: foldedLabelExpression(target, aliasCols),
        extras: extrasExpressions(target, aliasCols),
      };
      links.push(join);
      const targetId = column(aliasCols, 'id', where);
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
            .innerJoin(alias, eq(targetId, link.target))
            .where(sql`${link.owner} = ${idColumn} and ${predicate(sql`${targetId}`, join.labelFolded)}`)})`,
      };
      const lf = listField(field, { exists });
      if (lf) fields.set(field.name, lf);
      continue;
    }
    const col = column(cols, field.name, where);
    columns.set(field.name, col);
    if (field.type === 'reference' && ref) {
      const target = getCatalog(ref.catalog);
      const alias = aliasedTable(CATALOG_TABLES[target.key], `r_${field.name}`);
      const aliasCols = columnsOf(alias);
      const join: ReferenceJoin = {
        field,
        target,
        alias,
        on: eq(column(aliasCols, 'id', where), col),
        label: labelExpression(target, aliasCols),
        labelFolded: foldedLabelExpression(target, aliasCols),
        extras: extrasExpressions(target, aliasCols),
      };
      references.push(join);
      const lf = listField(field, { expr: col, reference: join });
      if (lf) fields.set(field.name, lf);
      continue;
    }
    const lf = listField(field, { expr: col });
    if (lf) fields.set(field.name, lf);
  }
  for (const name of ['createdAt', 'updatedAt'] as const) {
    fields.set(name, {
      name,
      label: name === 'createdAt' ? 'Creado' : 'Actualizado',
      kind: 'datetime',
      filterable: true,
      sortable: true,
      searchable: false,
      expr: column(cols, name, where),
    });
  }
  assertAllowlistCovered(catalog.listFields, fields, where);

  const selection: Record<string, SQL | AnyPgColumn> = {
    id: idColumn,
    createdAt: column(cols, 'createdAt', where),
    updatedAt: column(cols, 'updatedAt', where),
    version: column(cols, 'version', where),
  };
  for (const [name, col] of columns) selection[name] = col;
  for (const ref of references) {
    selection[`${ref.field.name}$label`] = ref.label;
    if (ref.extras.icon) selection[`${ref.field.name}$icon`] = ref.extras.icon;
    if (ref.extras.color) selection[`${ref.field.name}$color`] = ref.extras.color;
  }

  const fromWithJoins = (executor: Executor, sel: SelectedFields) => {
    let query = executor.select(sel).from(table).$dynamic();
    for (const ref of references) query = query.leftJoin(ref.alias, ref.on);
    return query;
  };

  const toEntity = (row: Readonly<Record<string, unknown>>): Entity => {
    const entity: Entity = {
      id: Number(row.id),
      createdAt: (row.createdAt as Date).toISOString(),
      updatedAt: (row.updatedAt as Date).toISOString(),
      version: Number(row.version),
    };
    for (const field of catalog.fields) {
      if (field.type === 'password') continue;
      if (field.type === 'multiReference') {
        entity[field.name] = [];
        if (field.reference) entity[field.reference.displayKey] = [];
        continue;
      }
      const value = wireValue(field, row[field.name]);
      entity[field.name] = value;
      if (field.type === 'reference' && field.reference) {
        const key = field.name;
        entity[field.reference.displayKey] = value === null ? null : display(value, row[`${key}$label`], row[`${key}$icon`], row[`${key}$color`]);
      }
    }
    return entity;
  };

  const loadLinks = async (executor: Executor, entities: Entity[]): Promise<void> => {
    if (links.length === 0 || entities.length === 0) return;
    const ids = entities.map((e) => e.id as number);
    const byId = new Map(entities.map((e) => [e.id as number, e]));
    for (const join of links) {
      const aliasCols = columnsOf(join.alias);
      const targetId = column(aliasCols, 'id', where);
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

  const source: CatalogSource = {
    catalog,
    table,
    columns,
    idColumn,
    versionColumn: column(cols, 'version', where),
    activeColumn: cols.active,
    label: labelExpression(catalog, cols),
    references,
    links,
    list: {
      fields,
      specs: catalog.listFields,
      idExpr: idColumn,
      defaultSort: catalog.defaultSort,
      from: fromWithJoins,
    },
    selection,
    toEntity,
    loadLinks,
  };
  sourceCache.set(catalog.key, source);
  return source;
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
