import { inArray } from 'drizzle-orm';
import type { AnyResource, ResourceField, HistoryLabels, ResourceKey } from '@goc/contracts';
import type { Executor } from '../../db/client';
import type { AuditChanges } from '../../db/schema';
import { personNames } from './people';
import { targetInfo } from './source';
import type { ResourceRegistry } from './tables';

/*
 * The audit trail stores ids; people read labels. The history answer carries, per referenced
 * resource, the label of every id its entries mention (a line's material and unit included), read
 * now, so every resource's history reads the same way in the SPA. Users read as people (their
 * employee's name).
 */

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');

function collect(fields: readonly ResourceField[], values: Readonly<Record<string, unknown>>, into: Map<ResourceKey, Set<number>>): void {
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null) continue;
    if (field.lines) {
      if (Array.isArray(value)) for (const line of value) if (line && typeof line === 'object') collect(field.lines.fields, line as Record<string, unknown>, into);
      continue;
    }
    const target = field.reference?.target;
    if (!target) continue;
    const set = into.get(target) ?? new Set<number>();
    for (const id of idsOf(value)) set.add(id);
    into.set(target, set);
  }
}

async function labelsOf(executor: Executor, registry: ResourceRegistry, target: ResourceKey, ids: readonly number[]): Promise<Record<string, string>> {
  if (target === 'users') return Object.fromEntries([...(await personNames(executor, ids))].map(([id, name]) => [String(id), name]));
  const info = targetInfo(registry, target);
  const rows = (await executor.select({ id: info.idColumn, label: info.label }).from(info.table).where(inArray(info.idColumn, [...ids]))) as {
    id: number;
    label: string | null;
  }[];
  return Object.fromEntries(rows.map((r) => [String(r.id), r.label ?? '']));
}

/** The references one entry's changes mention, by target. */
function mentioned(resource: AnyResource, change: AuditChanges): Map<ResourceKey, Set<number>> {
  const wanted = new Map<ResourceKey, Set<number>>();
  collect(resource.fields, Object.fromEntries(Object.entries(change).map(([k, v]) => [k, v.old])), wanted);
  collect(resource.fields, Object.fromEntries(Object.entries(change).map(([k, v]) => [k, v.new])), wanted);
  return wanted;
}

/**
 * For each entry's changes, the labels of the references it mentions, by target resource and id;
 * one query per target for the whole history.
 */
export async function historyLabels(executor: Executor, registry: ResourceRegistry, resource: AnyResource, changes: readonly AuditChanges[]): Promise<HistoryLabels[]> {
  const perEntry = changes.map((change) => mentioned(resource, change));
  const all = new Map<ResourceKey, Set<number>>();
  for (const wanted of perEntry) for (const [target, ids] of wanted) all.set(target, new Set([...(all.get(target) ?? []), ...ids]));
  const read = new Map<ResourceKey, Record<string, string>>();
  for (const [target, ids] of all) if (ids.size > 0) read.set(target, await labelsOf(executor, registry, target, [...ids]));
  return perEntry.map((wanted) => {
    const labels: HistoryLabels = {};
    for (const [target, ids] of wanted) {
      const known = read.get(target) ?? {};
      const picked = [...ids].flatMap((id) => (known[String(id)] === undefined ? [] : [[String(id), known[String(id)] as string] as const]));
      if (picked.length > 0) labels[target] = Object.fromEntries(picked);
    }
    return labels;
  });
}
