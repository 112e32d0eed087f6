import { z } from 'zod';

/*
 * Mexican identifiers (docs/product.md "Mexican identifiers"): CURP, RFC, NSS and registro patronal.
 * Pure functions first (usable anywhere), then zod schemas that trim / uppercase the input and
 * report one precise Spanish message per problem. API and SPA validate with the same code.
 */

/** Value of each character in the CURP check-digit sum is its index here (RENAPO alphabet, Ñ included). */
const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** Entidad federativa codes of the CURP (NE = nacido en el extranjero). */
export const CURP_STATE_CODES = [
  'AS', 'BC', 'BS', 'CC', 'CL', 'CM', 'CS', 'CH', 'DF', 'DG', 'GT', 'GR', 'HG', 'JC', 'MC', 'MN', 'MS',
  'NT', 'NL', 'OC', 'PL', 'QT', 'QR', 'SP', 'SL', 'SR', 'TC', 'TS', 'TL', 'VZ', 'YN', 'ZS', 'NE',
] as const;

const CURP_PATTERN = new RegExp(
  '^[A-Z][AEIOUX][A-Z]{2}' + // initials (first internal vowel of the first surname is a vowel or X)
    '\\d{6}' + // birth date YYMMDD, checked separately
    '[HMX]' + // sex: hombre, mujer, no binario
    `(?:${CURP_STATE_CODES.join('|')})` +
    '[B-DF-HJ-NP-TV-Z]{3}' + // first internal consonants
    '[A-Z\\d]' + // differentiator: digit for births up to 1999, letter from 2000
    '\\d$', // check digit
);

/** True when YYYY-MM-DD exists in the Gregorian calendar. */
function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function parseYyMmDd(s: string): [number, number, number] {
  return [Number(s.slice(0, 2)), Number(s.slice(2, 4)), Number(s.slice(4, 6))];
}

/** Check digit of a CURP from its first 17 characters (weights 18..2, digit = (10 − sum mod 10) mod 10). */
export function curpCheckDigit(first17: string): number {
  if (first17.length !== 17) throw new RangeError('curpCheckDigit necesita exactamente 17 caracteres');
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CURP_ALPHABET.indexOf(first17.charAt(i));
    if (value < 0) throw new RangeError(`Carácter no válido en CURP: ${first17.charAt(i)}`);
    sum += value * (18 - i);
  }
  return (10 - (sum % 10)) % 10;
}

/** The first problem of a CURP as a Spanish message, or null when it is valid. Expects trimmed uppercase input. */
export function curpProblem(value: string): string | null {
  if (value.length !== 18) return 'CURP inválida: debe tener 18 caracteres';
  if (!CURP_PATTERN.test(value)) return 'CURP inválida: no tiene el formato oficial';
  const [yy, mm, dd] = parseYyMmDd(value.slice(4, 10));
  // The differentiator (position 17) tells the century: a digit up to 1999, a letter from 2000.
  const century = /\d/.test(value.charAt(16)) ? 1900 : 2000;
  if (!isRealDate(century + yy, mm, dd)) return 'CURP inválida: la fecha de nacimiento no existe';
  if (curpCheckDigit(value.slice(0, 17)) !== Number(value.charAt(17))) {
    return 'CURP inválida: el dígito verificador no coincide';
  }
  return null;
}

export function isValidCurp(value: string): boolean {
  return curpProblem(value.trim().toUpperCase()) === null;
}

export type RfcKind = 'fisica' | 'moral' | 'generic';

/** RFC genérico nacional (público en general) and extranjero. */
export const GENERIC_RFCS = ['XAXX010101000', 'XEXX010101000'] as const;

const RFC_FISICA = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/;
const RFC_MORAL = /^[A-ZÑ&]{3}\d{6}[A-Z0-9]{3}$/;

/** An RFC's date may fall in either century; valid when it exists in one of them. */
function isRfcDate(yymmdd: string): boolean {
  const [yy, mm, dd] = parseYyMmDd(yymmdd);
  return isRealDate(1900 + yy, mm, dd) || isRealDate(2000 + yy, mm, dd);
}

/** Kind of a well-formed RFC (generic ones first), or null when it is not a valid RFC. Trims and uppercases. */
export function rfcKind(input: string): RfcKind | null {
  const value = input.trim().toUpperCase();
  if ((GENERIC_RFCS as readonly string[]).includes(value)) return 'generic';
  if (RFC_FISICA.test(value)) return isRfcDate(value.slice(4, 10)) ? 'fisica' : null;
  if (RFC_MORAL.test(value)) return isRfcDate(value.slice(3, 9)) ? 'moral' : null;
  return null;
}

/**
 * True when the RFC is valid; with `kind`, only that kind (persona física or moral) is accepted.
 * The generic RFCs are accepted for any kind: they are what the SAT prescribes for the public
 * and for foreigners without an RFC.
 */
export function isValidRfc(value: string, kind?: 'fisica' | 'moral'): boolean {
  return rfcProblem(value.trim().toUpperCase(), kind) === null;
}

const RFC_LENGTH_MESSAGES = {
  fisica: 'RFC inválido: el de una persona física tiene 13 caracteres',
  moral: 'RFC inválido: el de una persona moral tiene 12 caracteres',
  any: 'RFC inválido: debe tener 12 caracteres (persona moral) o 13 (persona física)',
} as const;

/** The first problem of an RFC as a Spanish message, or null when it is valid. Expects trimmed uppercase input. */
export function rfcProblem(value: string, kind?: 'fisica' | 'moral'): string | null {
  if ((GENERIC_RFCS as readonly string[]).includes(value)) return null;
  const lengths = kind === 'fisica' ? [13] : kind === 'moral' ? [12] : [12, 13];
  if (!lengths.includes(value.length)) return RFC_LENGTH_MESSAGES[kind ?? 'any'];
  if (value.length === 13 && !RFC_FISICA.test(value)) {
    return 'RFC inválido: una persona física lleva 4 letras, 6 dígitos de fecha y 3 caracteres de homoclave';
  }
  if (value.length === 12 && !RFC_MORAL.test(value)) {
    return 'RFC inválido: una persona moral lleva 3 letras, 6 dígitos de fecha y 3 caracteres de homoclave';
  }
  if (rfcKind(value) === null) return 'RFC inválido: la fecha no existe';
  return null;
}

/** Check digit of an NSS from its first 10 digits (Luhn: every second digit doubled, from the second). */
export function nssCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new RangeError('nssCheckDigit necesita exactamente 10 dígitos');
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(first10.charAt(i)) * (i % 2 === 1 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Spaces and dashes people type while copying a number from a card are dropped. */
function stripSeparators(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function normalizeNss(value: string): string {
  return stripSeparators(value);
}

/** 11 digits; the check digit is not looked at (see nssHasValidCheckDigit). */
export function isValidNssFormat(value: string): boolean {
  return /^\d{11}$/.test(normalizeNss(value));
}

/** True when a well-formed NSS carries the right Luhn check digit. Old numbers may not: that is a warning only. */
export function nssHasValidCheckDigit(value: string): boolean {
  const v = normalizeNss(value);
  return isValidNssFormat(v) && nssCheckDigit(v.slice(0, 10)) === Number(v.charAt(10));
}

export const NSS_CHECK_DIGIT_WARNING = 'NSS: el dígito verificador no coincide; verifica el número antes de continuar';

/** The non-blocking warning to show next to an NSS field, or null. Format errors are the schema's job. */
export function nssWarning(value: string | null | undefined): string | null {
  if (!value || !isValidNssFormat(value)) return null;
  return nssHasValidCheckDigit(value) ? null : NSS_CHECK_DIGIT_WARNING;
}

/** Registro patronal as stored: uppercase, without dashes or spaces. */
export function normalizeEmployerRegistration(value: string): string {
  return stripSeparators(value.trim());
}

/** One letter and 10 digits once dashes and spaces are removed. */
export function isValidEmployerRegistration(value: string): boolean {
  return /^[A-Z]\d{10}$/.test(normalizeEmployerRegistration(value));
}

const textInput = (required: string) =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : 'Debe ser texto') });

/** CURP: trimmed, uppercased; format, birth date and check digit verified. */
export const curpSchema = textInput('La CURP es obligatoria')
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = curpProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** RFC of a persona física (13 characters) or a generic RFC. */
export const rfcSchema = textInput('El RFC es obligatorio')
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = rfcProblem(value, 'fisica');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** RFC of a persona moral (12) or física (13), or a generic RFC: companies and suppliers. */
export const rfcMoralOrFisicaSchema = textInput('El RFC es obligatorio')
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = rfcProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** NSS: 11 digits once spaces/dashes are removed. A wrong check digit passes: use nssWarning() to show it. */
export const nssSchema = textInput('El NSS es obligatorio')
  .trim()
  .overwrite(normalizeNss)
  .regex(/^\d{11}$/, 'NSS inválido: debe tener 11 dígitos');

/** Registro patronal IMSS: one letter and 10 digits, stored without dashes or spaces. */
export const employerRegistrationSchema = textInput('El registro patronal es obligatorio')
  .trim()
  .overwrite(normalizeEmployerRegistration)
  .regex(/^[A-Z]\d{10}$/, 'Registro patronal inválido: debe ser una letra seguida de 10 dígitos');
