import { z } from 'zod';
import { isValidCurp, isValidEmployerRegistration, isValidNssFormat, normalizeNss } from '../validators/mexican-ids';
import { REGISTRY_MESSAGES } from './messages';
import type { MovementType, WorkerType } from './movements';

/*
 * IDSE batch files (IMSS Desde Su Empresa): one fixed-width record of 168 characters per movement.
 * Text is upper case without accents, left-aligned and padded with spaces; numbers are right-aligned
 * and padded with zeros. The layout is declared once and both writes and (in tests) reads records.
 */

export const IDSE_LAYOUT = [
  { name: 'employerRegistration', width: 11, kind: 'text' },
  { name: 'nss', width: 11, kind: 'number' },
  { name: 'lastName', width: 27, kind: 'text' },
  { name: 'secondLastName', width: 27, kind: 'text' },
  { name: 'firstName', width: 27, kind: 'text' },
  { name: 'salary', width: 6, kind: 'number' },
  { name: 'filler1', width: 6, kind: 'text' },
  { name: 'workerType', width: 1, kind: 'number' },
  { name: 'salaryType', width: 1, kind: 'number' },
  { name: 'reducedWeek', width: 1, kind: 'number' },
  { name: 'date', width: 8, kind: 'number' },
  { name: 'medicalUnit', width: 3, kind: 'text' },
  { name: 'filler2', width: 2, kind: 'text' },
  { name: 'movementType', width: 2, kind: 'number' },
  { name: 'guide', width: 5, kind: 'number' },
  { name: 'workerKey', width: 10, kind: 'text' },
  { name: 'bajaReason', width: 1, kind: 'text' },
  { name: 'curp', width: 18, kind: 'text' },
  { name: 'formatId', width: 1, kind: 'text' },
] as const;
export type IdseFieldName = (typeof IDSE_LAYOUT)[number]['name'];
export const IDSE_RECORD_LENGTH = IDSE_LAYOUT.reduce((sum, f) => sum + f.width, 0);

/** IDSE movement types: altas and reingresos 08, bajas 02, salary changes 07. */
export const IDSE_MOVEMENT_CODES: Readonly<Record<MovementType, string>> = { alta: '08', baja: '02', modificacion_salario: '07' };
/** IDSE worker types: 1 permanente, 2 eventual (ciudad), 3 eventual de la construcción. */
export const IDSE_WORKER_TYPES: Readonly<Record<WorkerType, string>> = { permanente: '1', eventual: '2', eventual_construccion: '3' };

/** What one record needs, read from the movement, its employee and its company. */
export interface IdseMovement {
  id: number;
  type: MovementType;
  effectiveDate: string;
  workerType: WorkerType;
  sdi: number | null;
  bajaReason: string | null;
  employerRegistration: string | null;
  guide: string | null;
  employee: { employeeNumber: string; firstName: string; lastName: string; secondLastName: string | null; nss: string | null; curp: string };
}

/** 'Peña Núñez' → 'PENA NUNEZ': upper case, accents and tildes removed, only what the layout admits. */
export function idseText(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 &]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const fit = (value: string, width: number, kind: 'text' | 'number') =>
  kind === 'number' ? value.padStart(width, '0').slice(-width) : value.padEnd(width, ' ').slice(0, width);

/** A record, or the reason the movement cannot make one. */
export type IdseRecordResult = { ok: true; record: string } | { ok: false; reason: string };

export function idseRecord(m: IdseMovement): IdseRecordResult {
  const nss = m.employee.nss ? normalizeNss(m.employee.nss) : '';
  if (!m.employerRegistration || !isValidEmployerRegistration(m.employerRegistration)) return { ok: false, reason: REGISTRY_MESSAGES.idseNoEmployerRegistration };
  if (!m.guide || !/^\d{5}$/.test(m.guide)) return { ok: false, reason: REGISTRY_MESSAGES.idseGuide };
  if (!isValidNssFormat(nss)) return { ok: false, reason: REGISTRY_MESSAGES.idseNss };
  if (!isValidCurp(m.employee.curp)) return { ok: false, reason: REGISTRY_MESSAGES.idseCurp };
  const workerKey = idseText(m.employee.employeeNumber);
  if (workerKey.length > 10) return { ok: false, reason: 'La clave del trabajador excede 10 caracteres' };
  let salary = '0';
  if (m.type !== 'baja') {
    if (m.sdi === null || m.sdi <= 0 || m.sdi >= 10_000) return { ok: false, reason: REGISTRY_MESSAGES.idseSalary };
    salary = String(Math.round(m.sdi * 100));
  }
  const [year, month, day] = m.effectiveDate.split('-');
  const values: Record<IdseFieldName, string> = {
    employerRegistration: m.employerRegistration,
    nss,
    lastName: idseText(m.employee.lastName),
    secondLastName: idseText(m.employee.secondLastName),
    firstName: idseText(m.employee.firstName),
    salary,
    filler1: '',
    workerType: IDSE_WORKER_TYPES[m.workerType],
    // Salario fijo, semana completa: the registry does not capture variable salaries nor reduced weeks.
    salaryType: '0',
    reducedWeek: '0',
    date: `${day}${month}${year}`,
    medicalUnit: '',
    filler2: '',
    movementType: IDSE_MOVEMENT_CODES[m.type],
    guide: m.guide,
    workerKey,
    bajaReason: m.type === 'baja' ? (m.bajaReason ?? '') : '',
    curp: m.employee.curp.toUpperCase(),
    formatId: '9',
  };
  return { ok: true, record: IDSE_LAYOUT.map((f) => fit(values[f.name], f.width, f.kind)).join('') };
}

/** A record split back into its fields (trailing spaces removed): what IDSE reads. */
export function parseIdseRecord(record: string): Record<IdseFieldName, string> {
  let offset = 0;
  const fields = {} as Record<IdseFieldName, string>;
  for (const f of IDSE_LAYOUT) {
    fields[f.name] = record.slice(offset, offset + f.width).trimEnd();
    offset += f.width;
  }
  return fields;
}

/** GET /registry/cuts/:id/idse answer: the file to upload and the movements left out, with why. */
export const idseFileSchema = z.object({
  fileName: z.string(),
  content: z.string(),
  records: z.number().int(),
  refusals: z.array(z.object({ movementId: z.number().int(), employee: z.string(), reason: z.string() })),
});
export type IdseFile = z.infer<typeof idseFileSchema>;
