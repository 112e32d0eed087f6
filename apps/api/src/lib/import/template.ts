import ExcelJS from 'exceljs';
import { importableFields, type AnyResource, type ResourceField, type ResourceKey } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { NUMBER_FORMATS } from '../export/xlsx';
import { loadLookups, sheetName, type ReferenceLookup } from './references';

/*
 * The file an office fills in: the importable columns (headers = field labels), one example row,
 * and in XLSX a sheet per reference listing its valid values with a drop-down on the column (enums
 * and Sí / No get theirs too). The example row holds only values the resource's schema accepts.
 */

/** Rows of the data sheet that get the drop-downs. */
const VALIDATED_ROWS = 5_000;

function exampleText(field: ResourceField): string {
  switch (field.type) {
    case 'email':
      return 'nombre@empresa.mx';
    case 'phone':
      return '5512345678';
    case 'textarea':
      return `${field.label} de ejemplo`;
    default:
      return 'EJ-001';
  }
}

/** The example value of a field as a cell (a Date for dates), or null when the field's rules would refuse the generic one. */
function example(field: ResourceField, lookups: ReadonlyMap<ResourceKey, ReferenceLookup>): string | number | Date | null {
  const firstLabel = field.reference ? lookups.get(field.reference.target)?.labels[0] : undefined;
  switch (field.type) {
    case 'number':
      return field.min ?? 1;
    case 'money':
      return 1234.5;
    case 'date':
      return new Date(Date.UTC(2026, 0, 31));
    case 'boolean':
      return field.defaultValue === false ? 'No' : 'Sí';
    case 'enum':
    case 'severity':
      return field.options?.find((o) => o.value === field.defaultValue)?.label ?? field.options?.[0]?.label ?? null;
    case 'reference':
    case 'multiReference':
      return firstLabel ?? null;
    default: {
      const text = exampleText(field);
      return field.maxLength !== undefined && text.length > field.maxLength ? null : text;
    }
  }
}

/** Does the example pass the field's own create schema (CURP, RFC, NSS have their own formats)? */
function acceptable(resource: AnyResource, field: ResourceField, value: unknown): boolean {
  if (value === null || ['date', 'boolean', 'enum', 'severity', 'reference', 'multiReference'].includes(field.type)) return true;
  const schema = (resource.fieldMap[field.name] as { schemas: { create?: { safeParse(v: unknown): { success: boolean } } } }).schemas.create;
  return schema?.safeParse(value).success ?? true;
}

export interface Template {
  headers: string[];
  example: (string | number | Date | null)[];
  fields: ResourceField[];
  lookups: ReadonlyMap<ResourceKey, ReferenceLookup>;
}

export async function buildTemplate(executor: Executor, resource: AnyResource): Promise<Template> {
  const fields = importableFields(resource);
  const lookups = await loadLookups(executor, fields);
  return {
    headers: fields.map((f) => f.label),
    example: fields.map((f) => {
      const value = example(f, lookups);
      return acceptable(resource, f, value) ? value : null;
    }),
    fields,
    lookups,
  };
}

/** exceljs keeps range validations in `dataValidations`, which its typings leave out. */
interface DataValidations {
  add(range: string, validation: ExcelJS.DataValidation): void;
}

const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;
const columnLetter = (index: number): string => (index < 26 ? String.fromCharCode(65 + index) : columnLetter(Math.floor(index / 26) - 1) + columnLetter(index % 26));

export async function templateXlsx(template: Template, title: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = template.fields.map((f) => ({
    header: f.label,
    width: Math.min(Math.max(f.label.length + 4, 16), 40),
    ...(f.type === 'money' || f.type === 'date' ? { style: { numFmt: f.type === 'date' ? 'dd/mm/yyyy' : NUMBER_FORMATS.money } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(template.example);

  const listSheets = new Map<string, string>();
  for (const [, lookup] of template.lookups) {
    if (listSheets.has(lookup.sheet)) continue;
    const list = workbook.addWorksheet(lookup.sheet);
    list.columns = [{ header: lookup.sheet, width: 40 }];
    list.getRow(1).font = { bold: true };
    for (const label of lookup.labels) list.addRow([label]);
    listSheets.set(lookup.sheet, `${quoted(lookup.sheet)}!$A$2:$A$${Math.max(lookup.labels.length + 1, 2)}`);
  }
  template.fields.forEach((field, index) => {
    const lookup = field.type === 'reference' && field.reference ? template.lookups.get(field.reference.target) : undefined;
    const inline = field.type === 'boolean' ? ['Sí', 'No'] : field.options?.map((o) => o.label);
    const formula = lookup ? listSheets.get(lookup.sheet) : inline && inline.join(',').length < 250 ? `"${inline.join(',')}"` : undefined;
    if (!formula) return;
    const letter = columnLetter(index);
    (sheet as unknown as { dataValidations: DataValidations }).dataValidations.add(`${letter}2:${letter}${VALIDATED_ROWS}`, {
      type: 'list',
      allowBlank: !field.required,
      formulae: [formula],
      showErrorMessage: true,
      errorTitle: field.label,
      error: lookup ? `Elige un valor de la hoja «${lookup.sheet}»` : `Elige uno de: ${inline?.join(', ')}`,
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** UTF-8 with BOM (Excel opens it with accents intact), comma-separated, dates dd/mm/aaaa. */
export function templateCsv(template: Template): Buffer {
  const text = (value: string | number | Date | null) =>
    value === null ? '' : value instanceof Date ? value.toISOString().slice(0, 10).split('-').reverse().join('/') : String(value);
  const lines = [template.headers.map(csvField).join(','), template.example.map((v) => csvField(text(v))).join(',')];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
