import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { duplicateMessage, FIELD_MESSAGES, getCatalog, rowLabel, type AnyCatalog, type CatalogField } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { ConflictError, ValidationError } from '../errors';
import { inactiveReferenceMessage, inactiveReferencesMessage } from './messages';
import { catalogSource, type CatalogSource } from './source';

/*
 * Checks a write needs the database for, run inside its transaction: referenced rows exist (and are
 * active when newly chosen), dependent references agree with their parent field, unique values are free.
 */

export interface WriteState {
  /** The record as it will be: stored values merged with the input. */
  merged: Readonly<Record<string, unknown>>;
  /** Fields the input sets (every field on create). */
  changed: ReadonlySet<string>;
  /** The record's id on update. */
  selfId: number | null;
  /** Values before the write (update), to tell newly chosen references from kept ones. */
  before: Readonly<Record<string, unknown>> | null;
}

interface TargetRow {
  id: number;
  label: string | null;
  active: boolean | null;
  parent: unknown;
}

async function loadTargets(executor: Executor, target: CatalogSource, ids: readonly number[]): Promise<Map<number, TargetRow>> {
  if (ids.length === 0) return new Map();
  const parentField = target.catalog.optionExtras.parentId;
  const parentColumn = parentField ? target.columns.get(parentField) : undefined;
  const rows = await executor
    .select({
      id: target.idColumn,
      label: target.label,
      active: target.activeColumn ?? sql`true`,
      parent: parentColumn ?? sql`null`,
    })
    .from(target.table)
    .where(inArray(target.idColumn, [...ids]));
  return new Map((rows as TargetRow[]).map((r) => [Number(r.id), r]));
}

/** Labels of referenced rows by field, for messages ('Ya existe un usuario con empleado «Juan Pérez»'). */
export type ReferenceLabels = Map<string, string>;

/** 400 with every reference problem of the write; returns the labels of the referenced rows. */
export async function checkReferences(executor: Executor, source: CatalogSource, state: WriteState): Promise<ReferenceLabels> {
  const fields: Record<string, string> = {};
  const labels: ReferenceLabels = new Map();
  for (const field of source.catalog.fields) {
    const ref = field.reference;
    if (!ref || (!state.changed.has(field.name) && !(ref.dependsOn && state.changed.has(ref.dependsOn.field)))) continue;
    const target = catalogSource(getCatalog(ref.catalog));
    const value = state.merged[field.name];
    if (field.type === 'multiReference') {
      const ids = (value as number[] | null) ?? [];
      const found = await loadTargets(executor, target, ids);
      const previous = new Set((state.before?.[field.name] as number[] | undefined) ?? []);
      if (ids.some((id) => !found.has(id))) fields[field.name] = FIELD_MESSAGES.options;
      else if (ids.some((id) => !previous.has(id) && found.get(id)?.active === false)) {
        fields[field.name] = inactiveReferencesMessage(target.catalog.nouns);
      }
      continue;
    }
    if (value === null || value === undefined) continue;
    const id = value as number;
    const row = (await loadTargets(executor, target, [id])).get(id);
    if (!row) {
      fields[field.name] = FIELD_MESSAGES.option;
      continue;
    }
    labels.set(field.name, row.label ?? String(id));
    const newlyChosen = state.before === null || state.before[field.name] !== id;
    if (newlyChosen && row.active === false) fields[field.name] = inactiveReferenceMessage(target.catalog.nouns);
    else if (ref.dependsOn && row.parent !== state.merged[ref.dependsOn.field]) fields[field.name] = ref.dependsOn.message;
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return labels;
}

const isTextField = (field: CatalogField) => field.type !== 'reference' && field.type !== 'number' && field.type !== 'money';

function displayValue(field: CatalogField, value: unknown, labels: ReferenceLabels): string {
  return field.type === 'reference' ? (labels.get(field.name) ?? String(value)) : String(value);
}

/** 409 naming every unique field whose value another row already has (case-insensitively for text). */
export async function checkUnique(executor: Executor, source: CatalogSource, state: WriteState, labels: ReferenceLabels): Promise<void> {
  const { catalog } = source;
  const fields: Record<string, string> = {};
  for (const constraint of catalog.unique) {
    const value = state.merged[constraint.field];
    const relevant = state.changed.has(constraint.field) || (constraint.scope !== undefined && state.changed.has(constraint.scope));
    if (value === null || value === undefined || !relevant) continue;
    const field = catalog.fields.find((f) => f.name === constraint.field);
    const col = source.columns.get(constraint.field);
    if (!field || !col) continue;
    const conditions: (SQL | undefined)[] = [
      isTextField(field) ? sql`lower(${col}) = lower(${String(value)})` : eq(col, value),
      state.selfId === null ? undefined : ne(source.idColumn, state.selfId),
    ];
    if (constraint.scope) {
      const scopeCol = source.columns.get(constraint.scope);
      const scopeValue = state.merged[constraint.scope];
      if (scopeCol) conditions.push(scopeValue === null || scopeValue === undefined ? sql`${scopeCol} is null` : eq(scopeCol, scopeValue));
    }
    const [taken] = await executor.select({ id: source.idColumn }).from(source.table).where(and(...conditions)).limit(1);
    if (taken) fields[constraint.field] = duplicateMessage(catalog.nouns, constraint.label, displayValue(field, value, labels));
  }
  const first = Object.values(fields)[0];
  if (first) throw new ConflictError(first, fields);
}

/**
 * A unique violation the pre-check could not see (two writers at once) → the same 409, naming the
 * field whose column the violated index covers.
 */
export function duplicateFromConstraint(catalog: AnyCatalog, constraint: string | undefined, merged: Readonly<Record<string, unknown>>): ConflictError {
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const match =
    catalog.unique.find((u) => constraint?.includes(`_${snake(u.field)}_`)) ?? catalog.unique.find((u) => merged[u.field] != null);
  if (!match) return new ConflictError(`Ya existe ${catalog.nouns.article === 'la' ? 'una' : 'un'} ${catalog.nouns.singular} con esos datos`);
  const message = duplicateMessage(catalog.nouns, match.label, String(merged[match.field] ?? ''));
  return new ConflictError(message, { [match.field]: message });
}

/** The record's label for messages (contracts rowLabel over the entity). */
export const entityLabel = (catalog: AnyCatalog, entity: Readonly<Record<string, unknown>>) => rowLabel(catalog, entity);
