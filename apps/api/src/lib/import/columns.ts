import { IMPORT_MESSAGES, importableFields, type AnyResource, type ResourceField, type ImportError } from '@goc/contracts';
import { foldText } from './references';

/** A column of the file and the field it fills. */
export interface MappedColumn {
  index: number;
  header: string;
  field: ResourceField;
}

/** A required field a create cannot do without (fields with a default may be left out). */
export const mustBeGiven = (field: ResourceField) => field.required && field.defaultValue === undefined;

/**
 * The file's headers matched to the resource's importable fields by label (or field name), without
 * case or accents; unknown, repeated and missing required columns are errors of row 1.
 */
export function mapColumns(resource: AnyResource, headers: readonly string[]): { columns: MappedColumn[]; errors: ImportError[] } {
  const fields = importableFields(resource);
  const byName = new Map<string, ResourceField>();
  for (const field of fields) {
    byName.set(foldText(field.label), field);
    byName.set(foldText(field.name), field);
  }
  const columns: MappedColumn[] = [];
  const errors: ImportError[] = [];
  headers.forEach((header, index) => {
    if (header === '') return;
    const field = byName.get(foldText(header));
    const problem = !field
      ? IMPORT_MESSAGES.unknownColumn(header)
      : columns.some((c) => c.field === field)
        ? IMPORT_MESSAGES.duplicateColumn(header)
        : null;
    if (problem) errors.push({ row: 1, column: header, value: header, message: problem });
    else if (field) columns.push({ index, header, field });
  });
  for (const field of fields) {
    if (mustBeGiven(field) && !columns.some((c) => c.field === field)) {
      errors.push({ row: 1, column: field.label, value: '', message: IMPORT_MESSAGES.missingColumn(field.label) });
    }
  }
  return { columns, errors };
}
