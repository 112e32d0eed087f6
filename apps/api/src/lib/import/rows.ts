import { inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { checkResourceRules, duplicateMessage, IMPORT_MESSAGES, type ImportError, type ResourceKey } from '@goc/contracts';
import type { Executor } from '../../db/client';
import type { ResourceService } from '../crud/service';
import type { Entity } from '../crud/source';
import type { Actor } from '../crud/types';
import { cellText, parseCell } from './cells';
import { mustBeGiven, type MappedColumn } from './columns';
import type { SheetRow } from './read';
import type { ReferenceLookup } from './references';

/*
 * Every row of the file checked the way the service will write it, without writing: cells parsed,
 * the resource's schema and rules, dependent references, unique values repeated in the file or held
 * by another record, and with match=code the record each row updates. Every problem of every row
 * is reported, not only the first.
 */

/** A row ready to be written: a create, an update of `target`, or nothing to change. */
export interface PlannedRow {
  row: number;
  kind: 'create' | 'update' | 'unchanged';
  /** The validated create / update input (an update carries the record's version). */
  input: Record<string, unknown>;
  target: Entity | null;
}

export interface Plan {
  rows: PlannedRow[];
  errors: ImportError[];
}

/**
 * What each row is, as the file names it: the cells of the resource's import `record` columns (an
 * employee's names, a material's code and name), for the report. '' when the file has none of them.
 */
export function recordNames(service: ResourceService, columns: readonly MappedColumn[], rows: readonly SheetRow[]): (row: number) => string {
  const resource = service.resource;
  const naming = (resource.import?.record ?? resource.label.fields)
    .map((name) => columns.find((c) => c.field.name === name))
    .filter((c): c is MappedColumn => c !== undefined);
  const byRow = new Map(rows.map((r) => [r.row, r]));
  return (row) => {
    const found = byRow.get(row);
    if (!found) return '';
    return naming
      .map((c) => cellText(found.cells[c.index] ?? null).trim())
      .filter((text) => text !== '')
      .join(resource.label.separator);
  };
}

const CHUNK = 1_000;
const chunks = <T>(items: readonly T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

const lowered = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : String(value));

/** Stored rows whose value of `column` equals one of `values` case-insensitively: lowered value → ids. */
async function holders(executor: Executor, service: ResourceService, column: AnyPgColumn, values: readonly string[], scope?: AnyPgColumn) {
  const found = new Map<string, { id: number; scope: unknown }[]>();
  for (const part of chunks([...new Set(values)])) {
    const rows = (await executor
      .select({ id: service.source.idColumn, value: sql<string>`lower(${column}::text)`, scope: scope ?? sql`null` })
      .from(service.source.table)
      .where(inArray(sql`lower(${column}::text)`, part))) as { id: number; value: string; scope: unknown }[];
    for (const r of rows) found.set(r.value, [...(found.get(r.value) ?? []), { id: Number(r.id), scope: r.scope }]);
  }
  return found;
}

/** The record each row updates (match=code): by the first match field whose value a stored record holds. */
async function matchTargets(executor: Executor, service: ResourceService, actor: Actor, values: readonly Record<string, unknown>[]) {
  const targets = new Array<number | null>(values.length).fill(null);
  for (const field of service.resource.import?.match ?? []) {
    const column = service.source.columns.get(field);
    if (!column) continue;
    const pending = values.map((v, i) => ({ i, value: v[field] })).filter((p) => targets[p.i] === null && p.value !== null && p.value !== undefined);
    const found = await holders(executor, service, column, pending.map((p) => lowered(p.value)));
    for (const p of pending) targets[p.i] = found.get(lowered(p.value))?.[0]?.id ?? null;
  }
  const entities = new Map<number, Entity>();
  for (const part of chunks([...new Set(targets.filter((t): t is number => t !== null))])) {
    for (const entity of await service.findMany(executor, actor, part)) entities.set(Number(entity.id), entity);
  }
  return targets.map((id) => (id === null ? null : (entities.get(id) ?? null)));
}

const same = (a: unknown, b: unknown) => {
  const norm = (v: unknown) => (Array.isArray(v) ? [...v].sort() : (v ?? null));
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
};

export interface PlanInput {
  executor: Executor;
  service: ResourceService;
  actor: Actor;
  columns: readonly MappedColumn[];
  rows: readonly SheetRow[];
  lookups: ReadonlyMap<ResourceKey, ReferenceLookup>;
  match: boolean;
  onRow?(index: number): Promise<void>;
}

export async function planRows({ executor, service, actor, columns, rows, lookups, match, onRow }: PlanInput): Promise<Plan> {
  const resource = service.resource;
  const errors: ImportError[] = [];
  const headerOf = new Map(columns.map((c) => [c.field.name, c.header]));
  const textOf = (row: SheetRow, field: string) => {
    const column = columns.find((c) => c.field.name === field);
    return column ? cellText(row.cells[column.index] ?? null) : '';
  };
  // One message per cell: the first problem found.
  const reported = new Set<string>();
  const fail = (row: SheetRow, field: string, message: string) => {
    const key = `${row.row}:${field}`;
    if (reported.has(key)) return;
    reported.add(key);
    const column = headerOf.get(field) ?? resource.fields.find((f) => f.name === field)?.label ?? '';
    errors.push({ row: row.row, column, value: textOf(row, field), message });
  };

  // Cells → raw values, each cell's own problems.
  const values = rows.map((row) => {
    const out: Record<string, unknown> = {};
    const parents = new Map<string, number | null>();
    for (const { index, field } of columns) {
      const cell = row.cells[index] ?? null;
      const blank = cell === null || (typeof cell === 'string' && cell.trim() === '');
      if (blank && mustBeGiven(field)) {
        fail(row, field.name, IMPORT_MESSAGES.required);
        continue;
      }
      // A blank cell of a field with a default keeps it (the default on create, the stored value on update).
      if (blank && field.defaultValue !== undefined) continue;
      const parsed = parseCell(field, cell, lookups, parents);
      if ('error' in parsed) {
        fail(row, field.name, parsed.error);
      } else out[field.name] = parsed.value;
    }
    for (const { field } of columns) {
      const dependsOn = field.reference?.dependsOn;
      if (!dependsOn || out[field.name] === null || out[field.name] === undefined || !parents.has(field.name)) continue;
      if (parents.get(field.name) !== out[dependsOn.field]) {
        fail(row, field.name, dependsOn.message);
      }
    }
    return out;
  });

  const targets = match ? await matchTargets(executor, service, actor, values) : values.map(() => null);
  const { createInput, updateInput } = resource.schemas as { createInput: z.ZodType; updateInput: z.ZodType };
  const planned: PlannedRow[] = [];
  for (const [i, row] of rows.entries()) {
    await onRow?.(i);
    const target = targets[i] ?? null;
    const given = values[i]!;
    const result = target ? updateInput.safeParse({ ...given, version: target.version }) : createInput.safeParse(given);
    if (!result.success) {
      for (const issue of result.error.issues) fail(row, String(issue.path[0] ?? ''), issue.message);
      continue;
    }
    const input = result.data as Record<string, unknown>;
    if (target) {
      const merged = { ...target, ...input };
      for (const problem of checkResourceRules(resource.rules, merged)) fail(row, problem.path, problem.message);
      const changed = Object.keys(given).some((name) => !same(input[name], target[name]));
      planned.push({ row: row.row, kind: changed ? 'update' : 'unchanged', input, target });
    } else {
      planned.push({ row: row.row, kind: 'create', input, target: null });
    }
  }

  await checkUniqueValues(executor, service, planned, rows, fail);
  errors.sort((a, b) => a.row - b.row || columns.findIndex((c) => c.header === a.column) - columns.findIndex((c) => c.header === b.column));
  return { rows: planned, errors };
}

/** Unique values repeated within the file, or held by a record other than the row's own. */
async function checkUniqueValues(
  executor: Executor,
  service: ResourceService,
  planned: readonly PlannedRow[],
  rows: readonly SheetRow[],
  fail: (row: SheetRow, field: string, message: string) => void,
): Promise<void> {
  const resource = service.resource;
  const sheetRow = new Map(rows.map((r) => [r.row, r]));
  for (const constraint of resource.unique) {
    const column = service.source.columns.get(constraint.field);
    if (!column) continue;
    const scopeColumn = constraint.scope ? service.source.columns.get(constraint.scope) : undefined;
    const writing = planned
      .filter((p) => p.kind !== 'unchanged')
      .map((p) => {
        const merged: Record<string, unknown> = { ...p.target, ...p.input };
        return { p, value: merged[constraint.field], scope: constraint.scope ? (merged[constraint.scope] ?? null) : null };
      })
      .filter((w) => w.value !== null && w.value !== undefined && w.value !== '');
    const firstRow = new Map<string, number>();
    const taken = await holders(executor, service, column, writing.map((w) => lowered(w.value)), scopeColumn);
    for (const w of writing) {
      const row = sheetRow.get(w.p.row)!;
      const key = `${lowered(w.value)}\u0000${String(w.scope)}`;
      const first = firstRow.get(key);
      if (first !== undefined) {
        fail(row, constraint.field, IMPORT_MESSAGES.repeated(first));
        continue;
      }
      firstRow.set(key, w.p.row);
      const holder = (taken.get(lowered(w.value)) ?? []).find((h) => h.id !== w.p.target?.id && (!constraint.scope || String(h.scope) === String(w.scope)));
      if (holder) fail(row, constraint.field, duplicateMessage(resource.nouns, constraint.label, String(w.value)));
    }
  }
}
