import { z } from 'zod';
import type { ResourceField } from './resources/shapes';
import type { AnyResource } from './resources/define';
import { formatDecimal } from './money';

/*
 * Spreadsheet import (docs/import.md): the limits, the report both modes answer, the async job and
 * the Spanish messages the API and the SPA share.
 */

export const IMPORT_LIMITS = {
  maxRows: 20_000,
  maxBytes: 10 * 1024 * 1024,
  /** Excel's own limit on a cell's text. */
  maxCellChars: 32_767,
  /** Header columns beyond the resource's importable fields (a notes column, a spare one). */
  columnMargin: 20,
  /** Excel's own widest sheet (column XFD): no reader is asked to go past it, whatever the resource. */
  maxColumns: 16_384,
  /** Lines whose every cell is empty, beyond which a CSV is refused (empty lines themselves cost nothing). */
  maxBlankRecords: 20_000,
  /** What an .xlsx may inflate to: per part of the archive and in all; and how many parts it may have. */
  maxEntryBytes: 64 * 1024 * 1024,
  maxInflatedBytes: 128 * 1024 * 1024,
  maxEntries: 1_000,
  /** How long reading one file may take before it is given up. */
  readSeconds: 60,
} as const;

const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export const IMPORT_MODES = ['validate', 'commit'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MATCHES = ['none', 'code'] as const;
export type ImportMatch = (typeof IMPORT_MATCHES)[number];

export const IMPORT_MESSAGES = {
  noFile: 'Adjunta un archivo de Excel (.xlsx) o CSV en el campo «file»',
  unreadable: 'No se pudo leer el archivo: usa un libro de Excel (.xlsx) o un CSV',
  incomplete: 'El archivo llegó incompleto; vuelve a subirlo',
  empty: 'El archivo no tiene filas de datos debajo de los encabezados',
  tooManyRows: `El archivo tiene más de ${formatDecimal(IMPORT_LIMITS.maxRows, 0, 0)} filas; divídelo en varios archivos`,
  tooLarge: `El archivo pesa más de ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB; divídelo en varios archivos`,
  inflatedTooLarge: `El libro de Excel se descomprime en más de ${mb(IMPORT_LIMITS.maxEntryBytes)} por parte o ${mb(IMPORT_LIMITS.maxInflatedBytes)} en total; divídelo en varios archivos`,
  tooManyEntries: `El libro de Excel tiene más de ${formatDecimal(IMPORT_LIMITS.maxEntries, 0, 0)} partes; guárdalo de nuevo como .xlsx`,
  cellTooLong: (row: number) =>
    `La fila ${formatDecimal(row, 0, 0)} tiene una celda de más de ${formatDecimal(IMPORT_LIMITS.maxCellChars, 0, 0)} caracteres, el límite de Excel`,
  tooManyColumns: (limit: number) => `El archivo tiene encabezados en más de ${formatDecimal(limit, 0, 0)} columnas; usa las columnas de la plantilla`,
  tooManyBlankRecords: `El archivo tiene más de ${formatDecimal(IMPORT_LIMITS.maxBlankRecords, 0, 0)} filas vacías; bórralas y vuelve a subirlo`,
  tooSlow: `Leer el archivo tomó más de ${IMPORT_LIMITS.readSeconds} segundos; divídelo en varios archivos`,
  readerFailed: 'No se pudo leer el archivo: su lectura excedió la memoria permitida. Revisa que sea la plantilla o divídelo en varios archivos',
  busy: 'El servidor está leyendo muchos archivos a la vez; inténtalo de nuevo en un momento',
  hasErrors: 'El archivo tiene errores; no se importó ningún registro',
  jobNotFound: 'No se encontró la importación (las importaciones terminadas se conservan una hora)',
  unknownColumn: (header: string) => `Columna desconocida «${header}»; usa los encabezados de la plantilla`,
  missingColumn: (header: string) => `Falta la columna obligatoria «${header}»`,
  duplicateColumn: (header: string) => `La columna «${header}» aparece más de una vez`,
  required: 'Este dato es obligatorio',
  unknownReference: (sheet: string) => `No existe; usa un valor de la hoja «${sheet}»`,
  ambiguousReference: (sheet: string) => `Coincide con varios registros; usa la clave exacta de la hoja «${sheet}»`,
  unknownOption: (allowed: readonly string[]) => `Valor no válido; usa uno de: ${allowed.join(', ')}`,
  boolean: 'Escribe Sí o No',
  date: 'Fecha inválida: usa dd/mm/aaaa',
  number: 'Debe ser un número',
  money: 'Debe ser un importe en pesos, p. ej. 1,234.50',
  repeated: (row: number) => `Repetido en el archivo (fila ${row})`,
  matchConflict: 'Los datos coinciden con registros distintos; revisa las claves',
} as const;

export const importErrorSchema = z.object({
  /** Spreadsheet row number (1 is the header row). 0: the file as a whole. */
  row: z.number().int(),
  /** Column header as in the file ('' for the file or the whole row). */
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** A problem as the report lists it: with the record its row is, as the file names it (the resource's import `record` columns). */
export const importReportErrorSchema = importErrorSchema.extend({
  /** An employee's names, a material's code and name…; '' for the file as a whole or a row that names none. */
  record: z.string(),
});
export type ImportReportError = z.infer<typeof importReportErrorSchema>;

export const importReportSchema = z.object({
  fileName: z.string(),
  mode: z.enum(IMPORT_MODES),
  rows: z.number().int(),
  /** Rows without any problem (all of them once the file is clean; none when its columns are wrong). */
  valid: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importReportErrorSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const IMPORT_JOB_STATES = ['running', 'done', 'failed'] as const;
export const importJobSchema = z.object({
  jobId: z.string(),
  state: z.enum(IMPORT_JOB_STATES),
  processed: z.number().int(),
  total: z.number().int(),
  /** The report once done (its `errors` say whether anything was written). */
  report: importReportSchema.nullable(),
  /** Why a failed job stopped (the same Spanish message a synchronous request answers). */
  message: z.string().nullable(),
  /** HTTP status a synchronous request would have answered (200, 422, 413…). */
  statusCode: z.number().int().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importQuerySchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: 'El modo debe ser validate o commit' }).default('validate'),
  match: z.enum(IMPORT_MATCHES, { error: 'match debe ser none o code' }).default('none'),
});

export const importTemplateQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv'], { error: 'El formato debe ser xlsx o csv' }).default('xlsx'),
});

const NOT_IMPORTED = new Set(['lines', 'password', 'datetime', 'status']);

/** The columns a spreadsheet gives for a resource: its writable fields, in form order. */
export function importableFields(resource: Pick<AnyResource, 'fields'>): ResourceField[] {
  return resource.fields.filter((f) => f.form !== 'readOnly' && !NOT_IMPORTED.has(f.type));
}
