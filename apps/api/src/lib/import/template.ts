import ExcelJS from 'exceljs';
import { importableFields, type AnyResource, type ResourceField, type ResourceKey } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { NUMBER_FORMATS } from '../export/xlsx';
import type { ResourceRegistry } from '../crud/tables';
import { loadLookups, sheetName, type ReferenceLookup } from './references';

/*
 * The file an office fills in: the importable columns (headers = field labels), one example row,
 * and in XLSX a sheet per reference listing its valid values with a drop-down on the column (enums
 * and Sí / No get theirs too). The example row is a row the import accepts as it is: each field's
 * declared example (a CURP, RFC or NSS with valid check digits), active catalogue values of this
 * database (a subcategory of the chosen category), and values the schema accepts otherwise.
 */

/** Rows of the data sheet that get the drop-downs. */
const VALIDATED_ROWS = 5_000;

/** A text-like field without a declared example. */
function exampleText(field: ResourceField): string {
  switch (field.type) {
    case 'email':
      return 'nombre@empresa.mx';
    case 'phone':
      return '442 123 4567';
    case 'color':
      return '#1e88e5';
    case 'textarea':
      return `${field.label} de ejemplo`;
    default:
      return 'EJ-001';
  }
}

type Cell = string | number | Date | null;

/** A reference's example: the first active row, or under a parent field the first row of the parent chosen. */
function referenceExample(field: ResourceField, lookups: ReadonlyMap<ResourceKey, ReferenceLookup>, chosen: ReadonlyMap<string, number>): string | null {
  const rows = field.reference ? (lookups.get(field.reference.target)?.rows ?? []) : [];
  const parentField = field.reference?.dependsOn?.field;
  const parent = parentField === undefined ? undefined : chosen.get(parentField);
  const row = parent === undefined ? rows[0] : rows.find((r) => r.parent === parent);
  return row?.label ?? null;
}

/** The example value of a field as a cell (a Date for dates), or null when there is none the field accepts. */
function example(field: ResourceField, lookups: ReadonlyMap<ResourceKey, ReferenceLookup>, chosen: ReadonlyMap<string, number>): Cell {
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
      return referenceExample(field, lookups, chosen);
    default: {
      const text = field.example ?? exampleText(field);
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

function exampleRow(resource: AnyResource, fields: readonly ResourceField[], lookups: ReadonlyMap<ResourceKey, ReferenceLookup>): Cell[] {
  // The id each reference's example names, so a dependent reference picks a child of it.
  const chosen = new Map<string, number>();
  return fields.map((field) => {
    const value = example(field, lookups, chosen);
    if (field.reference && typeof value === 'string') {
      const row = lookups.get(field.reference.target)?.rows.find((r) => r.label === value);
      if (row) chosen.set(field.name, row.id);
    }
    return acceptable(resource, field, value) ? value : null;
  });
}

export interface Template {
  headers: string[];
  example: Cell[];
  fields: ResourceField[];
  lookups: ReadonlyMap<ResourceKey, ReferenceLookup>;
}

export async function buildTemplate(executor: Executor, registry: ResourceRegistry, resource: AnyResource): Promise<Template> {
  const fields = importableFields(resource);
  const lookups = await loadLookups(executor, registry, fields);
  return {
    headers: fields.map((f) => f.label),
    example: exampleRow(resource, fields, lookups),
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
