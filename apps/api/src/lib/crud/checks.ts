import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { duplicateMessage, FIELD_MESSAGES, getResource, rowLabel, type AnyResource, type ResourceField, type ResourceKey } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { ConflictError, ValidationError } from '../errors';
import { inactiveReferenceMessage, inactiveReferencesMessage } from './messages';
import { targetInfo, type Entity, type ResourceSource, type TargetInfo } from './source';
import type { ResourceRegistry } from './tables';
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

/** One target table's rows among `ids`, tagged with the target's place in the statement. */
function targetRows(executor: Executor, place: number, target: TargetInfo, ids: readonly number[]) {
  return executor
    .select({
      place: sql<number>`${sql.raw(String(place))}`,
      id: target.idColumn,
      // Typed alike in every branch: a union of nulls alone would be text.
      label: sql<string | null>`${target.label}::text`,
      active: sql<boolean>`${target.activeColumn ?? sql`true`}::boolean`,
      parent: sql<number | null>`${target.parentColumn ?? sql`null`}::int`,
    })
    .from(target.table)
    .where(inArray(target.idColumn, [...new Set(ids)]));
}

/** The pointed rows of every target table, in one statement (a union of one select per table). */
async function loadTargets(executor: Executor, registry: ResourceRegistry, wanted: readonly { key: ResourceKey; ids: readonly number[] }[]): Promise<Map<ResourceKey, Map<number, TargetRow>>> {
  const found = new Map<ResourceKey, Map<number, TargetRow>>(wanted.map(({ key }) => [key, new Map()]));
  const [first, ...rest] = wanted.map(({ key, ids }, place) => targetRows(executor, place, targetInfo(registry, key), ids));
  if (!first) return found;
  const rows = (await (rest.length === 0 ? first : unionAll(first, ...(rest as [typeof first])))) as (TargetRow & { place: number })[];
  for (const row of rows) found.get(wanted[Number(row.place)]!.key)!.set(Number(row.id), row);
  return found;
}

/** Labels of referenced rows by field, for messages ('Ya existe un usuario con empleado «Juan Pérez»'). */
export type ReferenceLabels = Map<string, string>;

/** One id a write points at, with where a problem with it is reported. */
interface Pointer {
  path: string;
  field: ResourceField;
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

/** The rows every write of a batch points at: each target table read once for all of them, all in one statement. */
async function loadPointed(executor: Executor, registry: ResourceRegistry, pointerLists: readonly Pointer[][]): Promise<Map<ResourceKey, Map<number, TargetRow>>> {
  const byTarget = new Map<ResourceKey, number[]>();
  for (const pointers of pointerLists) {
    for (const p of pointers) {
      const key = p.field.reference?.target;
      if (key) byTarget.set(key, [...(byTarget.get(key) ?? []), p.id]);
    }
  }
  return loadTargets(executor, registry, [...byTarget].map(([key, ids]) => ({ key, ids })));
}

/** One write's reference problems (missing, newly chosen but inactive, not of the parent's row) and its own referenced rows' labels. */
function referenceOutcome(pointers: readonly Pointer[], found: Map<ResourceKey, Map<number, TargetRow>>, state: WriteState) {
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
  return Object.keys(fields).length > 0 ? { error: new ValidationError(fields) } : { labels };
}

/**
 * 400 with every reference problem of the write (missing, newly chosen but inactive, not of the
 * parent's row), reading each target table once however many fields and lines point at it; returns
 * the labels of the record's own referenced rows.
 */
export async function checkReferences(executor: Executor, source: ResourceSource, state: WriteState): Promise<ReferenceLabels> {
  const pointers = pointersOf(source, state);
  const outcome = referenceOutcome(pointers, await loadPointed(executor, source.registry, [pointers]), state);
  if ('error' in outcome) throw outcome.error;
  return outcome.labels;
}

/** Each write's reference check as checkReferences would answer it, every target table read once for the whole batch. */
export async function checkReferencesOfBatch(
  executor: Executor,
  source: ResourceSource,
  states: readonly WriteState[],
): Promise<({ labels: ReferenceLabels } | { error: ValidationError })[]> {
  const pointers = states.map((state) => pointersOf(source, state));
  const found = await loadPointed(executor, source.registry, pointers);
  return states.map((state, i) => referenceOutcome(pointers[i]!, found, state));
}

const isTextField = (field: ResourceField) => field.type !== 'reference' && field.type !== 'number' && field.type !== 'money';

function displayValue(field: ResourceField, value: unknown, labels: ReferenceLabels): string {
  return field.type === 'reference' ? (labels.get(field.name) ?? String(value)) : String(value);
}

/** The unique constraints a write must check: its value is set and the field (or its scope) is written. */
function uniqueChecks(source: ResourceSource, state: WriteState) {
  return source.resource.unique.flatMap((constraint) => {
    const value = state.merged[constraint.field];
    const relevant = state.changed.has(constraint.field) || (constraint.scope !== undefined && state.changed.has(constraint.scope));
    const field = source.resource.fields.find((f) => f.name === constraint.field);
    const col = source.columns.get(constraint.field);
    if (value === null || value === undefined || !relevant || !field || !col) return [];
    return [{ constraint, field, col, value }];
  });
}

/** The 409 of a write whose unique values are taken: the first one's message, every one by field. */
function duplicateRefusal(source: ResourceSource, taken: readonly { constraint: { field: string; label: string }; field: ResourceField; value: unknown }[], labels: ReferenceLabels) {
  const fields: Record<string, string> = {};
  for (const { constraint, field, value } of taken) fields[constraint.field] = duplicateMessage(source.resource.nouns, constraint.label, displayValue(field, value, labels));
  const first = Object.values(fields)[0];
  return first ? new ConflictError(first, fields) : null;
}

/** 409 naming every unique field whose value another row already has (case-insensitively for text). */
export async function checkUnique(executor: Executor, source: ResourceSource, state: WriteState, labels: ReferenceLabels): Promise<void> {
  const taken = [];
  for (const check of uniqueChecks(source, state)) {
    const { constraint, field, col, value } = check;
    const conditions: (SQL | undefined)[] = [
      isTextField(field) ? sql`lower(${col}) = lower(${String(value)})` : eq(col, value),
      state.selfId === null ? undefined : ne(source.idColumn, state.selfId),
    ];
    if (constraint.scope) {
      const scopeCol = source.columns.get(constraint.scope);
      const scopeValue = state.merged[constraint.scope];
      if (scopeCol) conditions.push(scopeValue === null || scopeValue === undefined ? sql`${scopeCol} is null` : eq(scopeCol, scopeValue));
    }
    const [holder] = await executor.select({ id: source.idColumn }).from(source.table).where(and(...conditions)).limit(1);
    if (holder) taken.push(check);
  }
  const refusal = duplicateRefusal(source, taken, labels);
  if (refusal) throw refusal;
}

/** How a unique value (and its scope) compares: text without case, the scope's null as its own value. */
const uniqueKey = (text: boolean, value: unknown, scope: unknown) =>
  `${text ? String(value).toLowerCase() : String(value)}\u0000${scope === null || scope === undefined ? '\u0000' : String(scope)}`;

/**
 * Each write's unique check as checkUnique would answer it had the writes before it in the batch
 * been written (a value an earlier row takes is taken; one an earlier update gives up is free):
 * one query per unique field for the whole batch. Null: no problem.
 */
export async function checkUniqueOfBatch(
  executor: Executor,
  source: ResourceSource,
  states: readonly WriteState[],
  labels: readonly ReferenceLabels[],
): Promise<(ConflictError | null)[]> {
  const checks = states.map((state) => uniqueChecks(source, state));
  const taken = states.map(() => [] as (typeof checks)[number]);
  for (const constraint of source.resource.unique) {
    const field = source.resource.fields.find((f) => f.name === constraint.field);
    const col = source.columns.get(constraint.field);
    if (!field || !col) continue;
    const text = isTextField(field);
    const scopeCol = constraint.scope ? source.columns.get(constraint.scope) : undefined;
    const scopeOf = (record: Readonly<Record<string, unknown>>) => (constraint.scope && scopeCol ? record[constraint.scope] : null);
    const wanted = checks.flatMap((list) => list.filter((c) => c.constraint === constraint).map((c) => c.value));
    if (wanted.length === 0) continue;
    // Who holds each value now: stored rows (by id), then the batch's own rows as they are written.
    const holders = new Map<string, Set<string>>();
    const hold = (key: string, who: string) => holders.set(key, (holders.get(key) ?? new Set()).add(who));
    for (const part of batches([...new Set(wanted.map((v) => (text ? String(v).toLowerCase() : v)))])) {
      const rows = (await executor
        .select({ id: source.idColumn, value: text ? sql<string>`lower(${col})` : col, scope: scopeCol ?? sql`null` })
        .from(source.table)
        .where(text ? inArray(sql`lower(${col})`, part) : inArray(col, part))) as { id: number; value: unknown; scope: unknown }[];
      for (const r of rows) hold(uniqueKey(text, r.value, r.scope), `id:${Number(r.id)}`);
    }
    states.forEach((state, i) => {
      const self = state.selfId === null ? `new:${i}` : `id:${state.selfId}`;
      const check = checks[i]!.find((c) => c.constraint === constraint);
      const key = uniqueKey(text, state.merged[constraint.field], scopeOf(state.merged));
      if (check && [...(holders.get(key) ?? [])].some((who) => who !== self)) taken[i]!.push(check);
      if (state.before) holders.get(uniqueKey(text, state.before[constraint.field], scopeOf(state.before)))?.delete(self);
      if (state.merged[constraint.field] !== null && state.merged[constraint.field] !== undefined) hold(key, self);
    });
  }
  // Messages follow the declaration's order of unique fields, as checkUnique's do.
  return states.map((_, i) => {
    const order = source.resource.unique;
    const sorted = [...taken[i]!].sort((a, b) => order.indexOf(a.constraint) - order.indexOf(b.constraint));
    return duplicateRefusal(source, sorted, labels[i] ?? new Map());
  });
}

const BATCH_VALUES = 1_000;
const batches = <T>(items: readonly T[]) => Array.from({ length: Math.ceil(items.length / BATCH_VALUES) }, (_, i) => items.slice(i * BATCH_VALUES, (i + 1) * BATCH_VALUES));

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
