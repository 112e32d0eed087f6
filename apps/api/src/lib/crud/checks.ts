import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { duplicateMessage, FIELD_MESSAGES, getResource, rowLabel, type AnyResource, type CatalogField, type ResourceKey } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { ConflictError, ValidationError } from '../errors';
import { inactiveReferenceMessage, inactiveReferencesMessage } from './messages';
import { targetInfo, type Entity, type ResourceSource, type TargetInfo } from './source';
import type { Input } from './types';

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

async function loadTargets(executor: Executor, target: TargetInfo, ids: readonly number[]): Promise<Map<number, TargetRow>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({
      id: target.idColumn,
      label: target.label,
      active: target.activeColumn ?? sql`true`,
      parent: target.parentColumn ?? sql`null`,
    })
    .from(target.table)
    .where(inArray(target.idColumn, [...new Set(ids)]));
  return new Map((rows as TargetRow[]).map((r) => [Number(r.id), r]));
}

/** Labels of referenced rows by field, for messages ('Ya existe un usuario con empleado «Juan Pérez»'). */
export type ReferenceLabels = Map<string, string>;

/** One id a write points at, with where a problem with it is reported. */
interface Pointer {
  path: string;
  field: CatalogField;
  id: number;
  /** Kept from before the write: an inactive row already held is not refused. */
  kept: boolean;
}

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);

/** Every reference the write sets, on the record and on its lines. */
function pointersOf(source: ResourceSource, state: WriteState): Pointer[] {
  const pointers: Pointer[] = [];
  for (const field of source.resource.fields) {
    const ref = field.reference;
    if (field.lines && state.changed.has(field.name)) {
      const before = (state.before?.[field.name] as Entity[] | undefined) ?? [];
      const rows = (state.merged[field.name] as Input[] | null | undefined) ?? [];
      for (const lineField of field.lines.fields) {
        if (lineField.type !== 'reference' || lineField.form === 'readOnly') continue;
        const held = new Set(before.map((line) => line[lineField.name]));
        rows.forEach((row, index) => {
          const id = row[lineField.name];
          if (typeof id === 'number') pointers.push({ path: `${field.name}.${index}.${lineField.name}`, field: lineField, id, kept: held.has(id) });
        });
      }
      continue;
    }
    if (!ref || field.form === 'readOnly') continue;
    if (!state.changed.has(field.name) && !(ref.dependsOn && state.changed.has(ref.dependsOn.field))) continue;
    const value = state.merged[field.name];
    if (field.type === 'multiReference') {
      const held = new Set(idsOf(state.before?.[field.name]));
      for (const id of idsOf(value)) pointers.push({ path: field.name, field, id, kept: held.has(id) });
    } else if (typeof value === 'number') {
      pointers.push({ path: field.name, field, id: value, kept: state.before !== null && state.before[field.name] === value });
    }
  }
  return pointers;
}

/**
 * 400 with every reference problem of the write (missing, newly chosen but inactive, not of the
 * parent's row), reading each target table once however many fields and lines point at it; returns
 * the labels of the record's own referenced rows.
 */
export async function checkReferences(executor: Executor, source: ResourceSource, state: WriteState): Promise<ReferenceLabels> {
  const pointers = pointersOf(source, state);
  const byTarget = new Map<ResourceKey, number[]>();
  for (const p of pointers) {
    const key = p.field.reference?.target;
    if (key) byTarget.set(key, [...(byTarget.get(key) ?? []), p.id]);
  }
  const found = new Map<ResourceKey, Map<number, TargetRow>>();
  for (const [key, ids] of byTarget) found.set(key, await loadTargets(executor, targetInfo(key), ids));

  const fields: Record<string, string> = {};
  const labels: ReferenceLabels = new Map();
  for (const p of pointers) {
    const ref = p.field.reference;
    if (!ref || fields[p.path]) continue;
    const row = found.get(ref.target)?.get(p.id);
    const multi = p.field.type === 'multiReference';
    if (!row) {
      fields[p.path] = multi ? FIELD_MESSAGES.options : FIELD_MESSAGES.option;
      continue;
    }
    if (!multi && p.path === p.field.name) labels.set(p.field.name, row.label ?? String(p.id));
    const nouns = getResource(ref.target).nouns;
    if (!p.kept && row.active === false) fields[p.path] = multi ? inactiveReferencesMessage(nouns) : inactiveReferenceMessage(nouns);
    else if (ref.dependsOn && row.parent !== state.merged[ref.dependsOn.field]) fields[p.path] = ref.dependsOn.message;
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return labels;
}

const isTextField = (field: CatalogField) => field.type !== 'reference' && field.type !== 'number' && field.type !== 'money';

function displayValue(field: CatalogField, value: unknown, labels: ReferenceLabels): string {
  return field.type === 'reference' ? (labels.get(field.name) ?? String(value)) : String(value);
}

/** 409 naming every unique field whose value another row already has (case-insensitively for text). */
export async function checkUnique(executor: Executor, source: ResourceSource, state: WriteState, labels: ReferenceLabels): Promise<void> {
  const catalog = source.resource;
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
export function duplicateFromConstraint(catalog: AnyResource, constraint: string | undefined, merged: Readonly<Record<string, unknown>>): ConflictError {
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const match =
    catalog.unique.find((u) => constraint?.includes(`_${snake(u.field)}_`)) ?? catalog.unique.find((u) => merged[u.field] != null);
  if (!match) return new ConflictError(`Ya existe ${catalog.nouns.article === 'la' ? 'una' : 'un'} ${catalog.nouns.singular} con esos datos`);
  const message = duplicateMessage(catalog.nouns, match.label, String(merged[match.field] ?? ''));
  return new ConflictError(message, { [match.field]: message });
}

/** The record's label for messages (contracts rowLabel over the entity). */
export const entityLabel = (catalog: AnyResource, entity: Readonly<Record<string, unknown>>) => rowLabel(catalog, entity);
