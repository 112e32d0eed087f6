import type { AnyResource, ResourceField } from '@goc/contracts';
import type { ExportColumn, ExportKind } from '../export/format';
import type { Entity } from './source';

const KIND: Partial<Record<ResourceField['type'], ExportKind>> = {
  number: 'number',
  money: 'money',
  date: 'date',
  datetime: 'datetime',
};

const labelOf = (display: unknown): string | null =>
  display && typeof display === 'object' && 'label' in display ? String((display as { label: unknown }).label) : null;

/** A field's exported text or number: labels for references and enums, Sí / No for booleans. */
function exportValue(field: ResourceField, entity: Entity): string | number | null {
  const value = entity[field.name];
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'boolean':
      return value === true ? 'Sí' : 'No';
    case 'enum':
    case 'severity':
      return field.options?.find((o) => o.value === value)?.label ?? String(value);
    case 'reference':
      return labelOf(entity[field.reference?.displayKey ?? '']);
    case 'status': {
      const status = entity[field.reference?.displayKey ?? ''];
      return status && typeof status === 'object' && 'name' in status ? String(status.name) : null;
    }
    case 'multiReference': {
      const displays = entity[field.reference?.displayKey ?? ''];
      return Array.isArray(displays) ? displays.map(labelOf).filter((l): l is string => l !== null).join(', ') : null;
    }
    default:
      return typeof value === 'number' ? value : String(value);
  }
}

const exportedFields = (fields: readonly ResourceField[]) => fields.filter((f) => f.list.exported && f.type !== 'password' && f.type !== 'lines');

/** The exported columns of a resource: its fields marked `exported`, in declaration order, with their labels. */
export function resourceExportColumns(resource: AnyResource): ExportColumn<Entity>[] {
  return exportedFields(resource.fields).map((field) => ({ header: field.label, kind: KIND[field.type] ?? 'text', value: (entity: Entity) => exportValue(field, entity) }));
}

/** One row of a `lines=1` export: a record and one of its lines (null for a record without lines). */
export interface LineExportRow {
  record: Entity;
  line: Entity | null;
}

/** The resource's first lines field: what `lines=1` exports one row per. */
export const exportedLinesField = (resource: AnyResource): ResourceField | undefined => resource.fields.find((f) => f.type === 'lines' && f.lines);

/**
 * The columns of a `lines=1` export: the record's exported columns, then its lines' exported fields.
 * A line header equal to a record header (an order's and a line's "Notas") names the line noun too.
 */
export function lineExportColumns(resource: AnyResource, linesField: ResourceField): ExportColumn<LineExportRow>[] {
  const own = resourceExportColumns(resource);
  const headers = new Set(own.map((c) => c.header));
  const noun = linesField.lines?.nouns.singular ?? linesField.label;
  return [
    ...own.map((c) => ({ ...c, value: (row: LineExportRow) => c.value(row.record) })),
    ...exportedFields(linesField.lines?.fields ?? []).map((field) => ({
      header: headers.has(field.label) ? `${field.label} (${noun})` : field.label,
      kind: KIND[field.type] ?? 'text',
      value: (row: LineExportRow) => (row.line ? exportValue(field, row.line) : null),
    })),
  ];
}

/** Records as line rows, in order: each line of each record, or the record alone when it has none. */
export function lineRows(linesField: ResourceField, records: readonly Entity[]): LineExportRow[] {
  return records.flatMap((record): LineExportRow[] => {
    const lines = record[linesField.name];
    return Array.isArray(lines) && lines.length > 0 ? lines.map((line) => ({ record, line: line as Entity })) : [{ record, line: null }];
  });
}
