import { getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import { getResource, IMPORT_MESSAGES, type ResourceField, type ResourceKey } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { inactiveReferenceMessage } from '../crud/messages';
import { targetInfo } from '../crud/source';
import type { ResourceRegistry } from '../crud/tables';

/*
 * References in a spreadsheet are written as the target's label, or any of its unique text fields
 * (a unit's «pza» or «Pieza», a material category's name), compared without case or accents. Each
 * target table is read once per import.
 */

/** Lower case, no accents, single spaces: how two spellings of the same value compare. */
export const foldText = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

export interface TargetRow {
  id: number;
  label: string;
  active: boolean;
  parent: number | null;
}

export interface ReferenceLookup {
  /** Sheet of the template listing the valid values (named in messages). */
  sheet: string;
  /** Active rows by label, for the template. */
  labels: string[];
  /** The same active rows (with their parent), for the template's example row. */
  rows: TargetRow[];
  resolve(text: string): { row: TargetRow } | { error: string };
}

/** A sheet name Excel accepts (≤ 31 characters, none of : \ / ? * [ ]). */
export const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

export async function loadLookup(executor: Executor, registry: ResourceRegistry, key: ResourceKey): Promise<ReferenceLookup> {
  const target = targetInfo(registry, key);
  const resource = getResource(key);
  const columns = getTableColumns(target.table) as Record<string, SQLWrapper>;
  const keyFields = [...new Set([...resource.unique.filter((u) => !u.scope).map((u) => u.field), ...resource.label.fields])].filter(
    (name) => columns[name] !== undefined && resource.fields.find((f) => f.name === name)?.type === 'text',
  );
  const selection: Record<string, SQLWrapper> = {
    id: target.idColumn,
    label: target.label,
    active: target.activeColumn ?? sql`true`,
    parent: target.parentColumn ?? sql`null`,
  };
  for (const name of keyFields) selection[`k_${name}`] = columns[name] as SQLWrapper;
  const rows = (await executor.select(selection as never).from(target.table)) as Record<string, unknown>[];

  const byKey = new Map<string, Set<TargetRow>>();
  const all: TargetRow[] = [];
  for (const r of rows) {
    const row: TargetRow = {
      id: Number(r.id),
      label: String(r.label ?? ''),
      active: r.active !== false,
      parent: r.parent === null || r.parent === undefined ? null : Number(r.parent),
    };
    all.push(row);
    for (const text of [row.label, ...keyFields.map((name) => r[`k_${name}`])]) {
      if (typeof text !== 'string' || text.trim() === '') continue;
      const folded = foldText(text);
      byKey.set(folded, (byKey.get(folded) ?? new Set()).add(row));
    }
  }
  const sheet = sheetName(resource.title);
  const activeRows = all.filter((r) => r.active).sort((a, b) => a.label.localeCompare(b.label, 'es'));
  return {
    sheet,
    labels: activeRows.map((r) => r.label),
    rows: activeRows,
    resolve(text) {
      const found = [...(byKey.get(foldText(text)) ?? [])];
      if (found.length === 0) return { error: IMPORT_MESSAGES.unknownReference(sheet) };
      // One spelling naming two rows (a code equal to another row's name): the active one, if only one is.
      const active = found.filter((r) => r.active);
      const pick = found.length === 1 ? found[0] : active.length === 1 ? active[0] : undefined;
      if (!pick) return { error: IMPORT_MESSAGES.ambiguousReference(sheet) };
      if (!pick.active) return { error: inactiveReferenceMessage(resource.nouns) };
      return { row: pick };
    },
  };
}

/** One lookup per target of the fields' references. */
export async function loadLookups(executor: Executor, registry: ResourceRegistry, fields: readonly ResourceField[]): Promise<Map<ResourceKey, ReferenceLookup>> {
  const lookups = new Map<ResourceKey, ReferenceLookup>();
  for (const field of fields) {
    const target = field.reference?.target;
    if (target && !lookups.has(target)) lookups.set(target, await loadLookup(executor, registry, target));
  }
  return lookups;
}
