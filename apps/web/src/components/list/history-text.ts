import { formatDateTime, formatDayLong, type ResourceField, type HistoryEntry, type HistoryLabels } from '@goc/contracts';
import { formatMoney, formatNumber } from '../../lib/format';
import type { ListResource } from './resource-types';

/*
 * An audited write in words, for every resource's history: the action as people say it (a
 * transition by the status it reached), and each change as a sentence — values formatted like the
 * list shows them, references by the labels the API sends with the entry, lines by their item
 * («Cemento gris 50 kg: cantidad 10 → 12», «recibido 6 de 10 pza»). A field the declaration does not
 * know (older entries, a role's matrix) still reads as plain text, never as JSON.
 */

export const historyTexts = {
  actions: {
    create: 'Creado',
    update: 'Edición',
    delete: 'Eliminado',
    transition: 'Cambio de estatus',
    'invoice.added': 'Factura registrada',
    'invoice.removed': 'Factura quitada',
    'approval.requested': 'Aprobación solicitada a Dirección',
  } as Record<string, string>,
  /** Keys of audited data that is not a declared field (an order's invoice, a budget override), in Spanish. */
  keys: {
    invoices: 'Factura',
    overBudget: 'Sobre presupuesto',
    approvalRequest: 'Solicitud a Dirección',
    reasons: 'motivo',
    uuid: 'UUID',
    series: 'serie',
    folio: 'folio',
    total: 'total',
    currency: 'moneda',
    scope: 'alcance',
    name: 'nombre',
    budget: 'presupuesto',
    committed: 'comprometido',
    after: 'comprometido después',
    comment: 'justificación',
  } as Record<string, string>,
  none: '—',
  yes: 'Sí',
  no: 'No',
  added: 'agregada',
  removed: 'quitada',
  of: 'de',
};

type Values = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any value as readable text: lists joined, objects as «clave: valor», never [object Object]. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined || value === '') return historyTexts.none;
  if (typeof value === 'boolean') return value ? historyTexts.yes : historyTexts.no;
  if (typeof value === 'number') return formatNumber(value);
  if (Array.isArray(value)) return value.length === 0 ? historyTexts.none : value.map(plainText).join('; ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, v]) => `${historyTexts.keys[key] ?? key}: ${plainText(v)}`)
      .join(', ');
  }
  return String(value);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function referenceLabel(field: ResourceField, id: unknown, labels: HistoryLabels): string {
  const target = field.reference?.target;
  if (typeof id !== 'number') return plainText(id);
  return (target ? labels[target]?.[String(id)] : undefined) ?? `#${String(id)}`;
}

/** A stored value of a declared field as the list would show it. */
export function valueText(field: ResourceField, value: unknown, labels: HistoryLabels): string {
  if (value === null || value === undefined || value === '') return historyTexts.none;
  switch (field.type) {
    case 'reference':
    case 'status':
      return referenceLabel(field, value, labels);
    case 'multiReference':
      return Array.isArray(value) && value.length > 0 ? value.map((id) => referenceLabel(field, id, labels)).join(', ') : historyTexts.none;
    case 'money':
      return typeof value === 'number' || typeof value === 'string' ? formatMoney(value) : plainText(value);
    case 'number':
      return typeof value === 'number' || typeof value === 'string' ? formatNumber(Number(value)) : plainText(value);
    case 'date':
      return typeof value === 'string' ? formatDayLong(value) : plainText(value);
    case 'datetime':
      return typeof value === 'string' ? formatDateTime(value) : plainText(value);
    case 'boolean':
      return value === true ? historyTexts.yes : value === false ? historyTexts.no : plainText(value);
    case 'enum':
    case 'severity':
      return field.options?.find((o) => o.value === value)?.label ?? plainText(value);
    case 'password':
      return '••••';
    default:
      return plainText(value);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** How one line is named: by its first reference (the material), else by its position. */
function lineName(field: ResourceField, line: Values, index: number, labels: HistoryLabels): string {
  const key = field.lines?.fields.find((f) => f.type === 'reference' && f.required);
  return key ? referenceLabel(key, line[key.name], labels) : `${capitalise(field.lines?.nouns.singular ?? 'línea')} ${String(index + 1)}`;
}

/** Pairs old and new lines by their naming reference, in order (lines are rewritten as a whole on edit). */
function pairLines(field: ResourceField, olds: readonly Values[], news: readonly Values[]) {
  const key = field.lines?.fields.find((f) => f.type === 'reference' && f.required)?.name;
  const unmatched = [...olds.keys()];
  const pairs: { old: Values | null; new: Values | null; index: number }[] = [];
  news.forEach((line, index) => {
    const at = unmatched.findIndex((i) => (key ? same(olds[i]?.[key], line[key]) : i === index));
    const oldIndex = at === -1 ? undefined : unmatched.splice(at, 1)[0];
    pairs.push({ old: oldIndex === undefined ? null : (olds[oldIndex] ?? null), new: line, index });
  });
  for (const i of unmatched) pairs.push({ old: olds[i] ?? null, new: null, index: i });
  return pairs;
}

const lineList = (value: unknown): Values[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** One sentence per line that changed. */
export function lineSentences(field: ResourceField, oldValue: unknown, newValue: unknown, labels: HistoryLabels, creating: boolean): string[] {
  const meta = field.lines;
  if (!meta) return [];
  const progress = meta.progress;
  const fieldOf = (name: string) => meta.fields.find((f) => f.name === name);
  const unitOf = (line: Values) => {
    const unitField = progress?.unit ? fieldOf(progress.unit) : undefined;
    return unitField && line[unitField.name] !== null && line[unitField.name] !== undefined ? ` ${valueText(unitField, line[unitField.name], labels)}` : '';
  };
  const shown = (line: Values, f: ResourceField) => `${f.label.toLowerCase()} ${valueText(f, line[f.name], labels)}${f.name === progress?.of ? unitOf(line) : ''}`;
  const describe = (line: Values) =>
    meta.fields
      .filter((f) => f.type !== 'reference' || !f.required)
      .filter((f) => f.name !== progress?.unit && line[f.name] !== null && line[f.name] !== undefined && line[f.name] !== '')
      .filter((f) => !(f.name === progress?.done && Number(line[f.name]) === 0))
      .map((f) => shown(line, f))
      .join(', ');

  return pairLines(field, lineList(oldValue), lineList(newValue)).flatMap(({ old, new: next, index }) => {
    const line = next ?? old;
    if (!line) return [];
    const name = lineName(field, line, index, labels);
    if (!old) return [`${name}: ${creating ? '' : `${historyTexts.added}, `}${describe(line)}`];
    if (!next) return [`${name}: ${historyTexts.removed}`];
    const parts = meta.fields
      .filter((f) => !same(old[f.name], next[f.name]))
      .map((f) => {
        if (progress && f.name === progress.done) {
          const ofField = fieldOf(progress.of);
          return `${f.label.toLowerCase()} ${valueText(f, next[f.name], labels)} ${historyTexts.of} ${ofField ? valueText(ofField, next[ofField.name], labels) : ''}${unitOf(next)}`;
        }
        return `${f.label.toLowerCase()} ${valueText(f, old[f.name], labels)} → ${valueText(f, next[f.name], labels)}`;
      });
    return parts.length === 0 ? [] : [`${name}: ${parts.join(', ')}`];
  });
}

export interface EntryText {
  /** «Creado», «Edición», «Enviado» (the status a transition reached)… */
  action: string;
  /** The person's name, the username when there is none; null: the system. */
  who: string | null;
  /** dd/mm/yy HH:mm, Mexico City. */
  when: string;
  /** One sentence per changed field or line. */
  changes: string[];
}

/** An audit entry of `resource` in words. */
export function entryText(resource: Pick<ListResource, 'fields' | 'workflow'>, entry: HistoryEntry): EntryText {
  const labels = entry.labels;
  const statusField = resource.workflow?.statusField;
  const fieldOf = (name: string) => resource.fields.find((f) => f.name === name);
  const creating = entry.action === 'create';
  const reached = statusField && entry.action === 'transition' ? entry.changes[statusField]?.new : undefined;
  const statusDeclared = statusField ? fieldOf(statusField) : undefined;
  const action =
    reached !== undefined && statusDeclared ? referenceLabel(statusDeclared, reached, labels) : (historyTexts.actions[entry.action] ?? capitalise(entry.action));

  const changes = Object.entries(entry.changes).flatMap(([name, change]) => {
    const field = fieldOf(name);
    if (field?.lines) return lineSentences(field, change.old, change.new, labels, creating);
    const key = historyTexts.keys[name] ?? name;
    if (!field) return [`${key}: ${creating ? plainText(change.new) : `${plainText(change.old)} → ${plainText(change.new)}`}`];
    if (creating) return change.new === null || change.new === undefined || change.new === '' ? [] : [`${field.label}: ${valueText(field, change.new, labels)}`];
    if (entry.action === 'delete') return [`${field.label}: ${valueText(field, change.old, labels)}`];
    return [`${field.label}: ${valueText(field, change.old, labels)} → ${valueText(field, change.new, labels)}`];
  });
  return { action, who: entry.user ? (entry.user.name ?? entry.user.username) : null, when: formatDateTime(entry.at), changes };
}
