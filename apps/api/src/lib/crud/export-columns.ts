import type { AnyResource, CatalogField } from '@goc/contracts';
import type { ExportColumn, ExportKind } from '../export/format';
import type { Entity } from './source';

const KIND: Partial<Record<CatalogField['type'], ExportKind>> = {
  number: 'number',
  money: 'money',
  date: 'date',
  datetime: 'datetime',
};

const labelOf = (display: unknown): string | null =>
  display && typeof display === 'object' && 'label' in display ? String((display as { label: unknown }).label) : null;

/** A field's exported text or number: labels for references and enums, Sí / No for booleans. */
function exportValue(field: CatalogField, entity: Entity): string | number | null {
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

/** The exported columns of a resource: its fields marked `exported`, in declaration order, with their labels. */
export function resourceExportColumns(resource: AnyResource): ExportColumn<Entity>[] {
  return resource.fields
    .filter((f) => f.list.exported && f.type !== 'password' && f.type !== 'lines')
    .map((field) => ({ header: field.label, kind: KIND[field.type] ?? 'text', value: (entity: Entity) => exportValue(field, entity) }));
}
