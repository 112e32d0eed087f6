import { z } from 'zod';
import { isValidCurp, isValidEmployerRegistration, isValidNssFormat, normalizeNss, nssHasValidCheckDigit } from '../validators/mexican-ids';
import { REGISTRY_MESSAGES } from './messages';
import type { MovementType, WorkerType } from './movements';

/*
 * IDSE batch files (IMSS Desde Su Empresa): one fixed-width record of 168 characters per movement, in
 * the layout of its movement type. Text is upper case without accents, left-aligned and padded with
 * spaces; numbers are right-aligned and padded with zeros; fillers are spaces. The layouts are
 * declared once and both write and (in tests) read records.
 */

type IdseKind = 'text' | 'number' | 'filler';
interface IdseField {
  readonly name: string;
  readonly width: number;
  readonly kind: IdseKind;
}

const field = <N extends string>(name: N, width: number, kind: IdseKind) => ({ name, width, kind }) as const;
const PERSON = [field('employerRegistration', 11, 'text'), field('nss', 11, 'number'), field('lastName', 27, 'text'), field('secondLastName', 27, 'text'), field('firstName', 27, 'text')] as const;
const BATCH = [field('movementType', 2, 'number'), field('guide', 5, 'number'), field('workerKey', 10, 'text')] as const;

/**
 * One layout per movement type, as IMSS publishes them: 168 characters each, with the movement type
 * at the same offset (131) in all three, so a record tells which layout reads it.
 */
export const IDSE_LAYOUTS = {
  /** Alta y reingreso (08). */
  alta: [
    ...PERSON,
    field('salary', 6, 'number'),
    field('filler1', 6, 'filler'),
    field('workerType', 1, 'number'),
    field('salaryType', 1, 'number'),
    field('reducedWeek', 1, 'number'),
    field('date', 8, 'number'),
    field('medicalUnit', 3, 'text'),
    field('filler2', 2, 'filler'),
    ...BATCH,
    field('filler3', 1, 'filler'),
    field('curp', 18, 'text'),
    field('formatId', 1, 'text'),
  ],
  /** Baja (02): no salary, worker type, medical unit nor CURP; the causa de baja. */
  baja: [
    ...PERSON,
    field('filler1', 15, 'filler'),
    field('date', 8, 'number'),
    field('filler2', 5, 'filler'),
    ...BATCH,
    field('bajaReason', 1, 'text'),
    field('filler3', 18, 'filler'),
    field('formatId', 1, 'text'),
  ],
  /** Modificación de salario (07): the worker type and the medical unit are not reported. */
  modificacion_salario: [
    ...PERSON,
    field('salary', 6, 'number'),
    field('filler1', 6, 'filler'),
    field('filler2', 1, 'filler'),
    field('salaryType', 1, 'number'),
    field('reducedWeek', 1, 'number'),
    field('date', 8, 'number'),
    field('filler3', 5, 'filler'),
    ...BATCH,
    field('filler4', 1, 'filler'),
    field('curp', 18, 'text'),
    field('formatId', 1, 'text'),
  ],
} as const satisfies Record<MovementType, readonly IdseField[]>;
export type IdseFieldName = (typeof IDSE_LAYOUTS)[MovementType][number]['name'];
export const IDSE_RECORD_LENGTH = 168;
/** Where every layout keeps the movement type (2 characters). */
const MOVEMENT_TYPE_OFFSET = 131;

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

const fit = (value: string, f: IdseField) =>
  f.kind === 'filler' ? ' '.repeat(f.width) : f.kind === 'number' ? value.padStart(f.width, '0').slice(-f.width) : value.padEnd(f.width, ' ').slice(0, f.width);

/** A record, or the reason the movement cannot make one. */
export type IdseRecordResult = { ok: true; record: string } | { ok: false; reason: string };

export function idseRecord(m: IdseMovement): IdseRecordResult {
  const nss = m.employee.nss ? normalizeNss(m.employee.nss) : '';
  if (!m.employerRegistration || !isValidEmployerRegistration(m.employerRegistration)) return { ok: false, reason: REGISTRY_MESSAGES.idseNoEmployerRegistration };
  if (!m.guide || !/^\d{5}$/.test(m.guide)) return { ok: false, reason: REGISTRY_MESSAGES.idseGuide };
  if (!isValidNssFormat(nss)) return { ok: false, reason: REGISTRY_MESSAGES.idseNss };
  // Capture only warns about the check digit (the card may be misread); IMSS refuses the record.
  if (!nssHasValidCheckDigit(nss)) return { ok: false, reason: REGISTRY_MESSAGES.idseNssCheckDigit };
  if (m.type !== 'baja' && !isValidCurp(m.employee.curp)) return { ok: false, reason: REGISTRY_MESSAGES.idseCurp };
  const workerKey = idseText(m.employee.employeeNumber);
  if (workerKey.length > 10) return { ok: false, reason: REGISTRY_MESSAGES.idseWorkerKey };
  let salary = '';
  if (m.type !== 'baja') {
    if (m.sdi === null || m.sdi <= 0 || m.sdi >= 10_000) return { ok: false, reason: REGISTRY_MESSAGES.idseSalary };
    salary = String(Math.round(m.sdi * 100));
  }
  if (m.type === 'baja' && !m.bajaReason) return { ok: false, reason: REGISTRY_MESSAGES.idseBajaReason };
  const [year, month, day] = m.effectiveDate.split('-');
  const values: Partial<Record<IdseFieldName, string>> = {
    employerRegistration: m.employerRegistration,
    nss,
    lastName: idseText(m.employee.lastName),
    secondLastName: idseText(m.employee.secondLastName),
    firstName: idseText(m.employee.firstName),
    salary,
    workerType: IDSE_WORKER_TYPES[m.workerType],
    // Salario fijo, semana completa: the registry does not capture variable salaries nor reduced weeks.
    salaryType: '0',
    reducedWeek: '0',
    date: `${day}${month}${year}`,
    medicalUnit: '',
    movementType: IDSE_MOVEMENT_CODES[m.type],
    guide: m.guide,
    workerKey,
    bajaReason: m.bajaReason ?? '',
    curp: m.employee.curp.toUpperCase(),
    formatId: '9',
  };
  const layout: readonly IdseField[] = IDSE_LAYOUTS[m.type];
  return { ok: true, record: layout.map((f) => fit(values[f.name as IdseFieldName] ?? '', f)).join('') };
}

const TYPE_BY_CODE = Object.fromEntries(Object.entries(IDSE_MOVEMENT_CODES).map(([type, code]) => [code, type as MovementType]));

/** A record cut at its layout's offsets, untrimmed; the movement type at offset 131 picks the layout. */
export function splitIdseRecord(record: string): { type: MovementType; fields: { name: IdseFieldName; kind: IdseKind; raw: string }[] } {
  const type = TYPE_BY_CODE[record.slice(MOVEMENT_TYPE_OFFSET, MOVEMENT_TYPE_OFFSET + 2)];
  if (!type) throw new RangeError(`Tipo de movimiento IDSE desconocido: ${record.slice(MOVEMENT_TYPE_OFFSET, MOVEMENT_TYPE_OFFSET + 2)}`);
  let offset = 0;
  const fields = IDSE_LAYOUTS[type].map((f: IdseField) => {
    const raw = record.slice(offset, offset + f.width);
    offset += f.width;
    return { name: f.name as IdseFieldName, kind: f.kind, raw };
  });
  return { type, fields };
}

/** A record split back into its fields (trailing spaces removed): what IDSE reads. */
export function parseIdseRecord(record: string): Partial<Record<IdseFieldName, string>> {
  return Object.fromEntries(splitIdseRecord(record).fields.map((f) => [f.name, f.raw.trimEnd()]));
}

/** GET /registry/cuts/:id/idse answer: the file to upload and the movements left out, with why. */
export const idseFileSchema = z.object({
  fileName: z.string(),
  content: z.string(),
  records: z.number().int(),
  refusals: z.array(z.object({ movementId: z.number().int(), employee: z.string(), reason: z.string() })),
});
export type IdseFile = z.infer<typeof idseFileSchema>;
