import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  CURP_STATE_CODES,
  curpCheckDigit,
  curpSchema,
  employerRegistrationSchema,
  isValidCurp,
  isValidEmployerRegistration,
  isValidNssFormat,
  isValidRfc,
  normalizeEmployerRegistration,
  nssCheckDigit,
  nssHasValidCheckDigit,
  nssSchema,
  nssWarning,
  NSS_CHECK_DIGIT_WARNING,
  rfcKind,
  rfcMoralOrFisicaSchema,
  rfcSchema,
} from '../../src/validators/mexican-ids';

/** The single message of a failed parse, so tests assert the exact Spanish text. */
function errorOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((i) => i.message).join(' | ');
}

describe('CURP', () => {
  it('accepts real CURPs (published examples)', () => {
    expect(isValidCurp('LOOA531113HTCPBN07')).toBe(true);
    expect(isValidCurp('MAHJ280603MSPRRV09')).toBe(true);
    expect(curpCheckDigit('LOOA531113HTCPBN0')).toBe(7);
  });

  it('trims and uppercases before validating', () => {
    expect(curpSchema.parse('  looa531113htcpbn07 ')).toBe('LOOA531113HTCPBN07');
  });

  it('names each problem in Spanish', () => {
    expect(errorOf(curpSchema, undefined)).toBe('La CURP es obligatoria');
    expect(errorOf(curpSchema, 'LOOA531113HTCPBN0')).toBe('CURP inválida: debe tener 18 caracteres');
    expect(errorOf(curpSchema, 'LOOA531113ZTCPBN07')).toBe('CURP inválida: no tiene el formato oficial');
    expect(errorOf(curpSchema, 'LOOA531113HXXPBN07')).toBe('CURP inválida: no tiene el formato oficial');
    expect(errorOf(curpSchema, 'LOOA531131HTCPBN07')).toBe('CURP inválida: la fecha de nacimiento no existe');
    expect(errorOf(curpSchema, 'LOOA531113HTCPBN08')).toBe('CURP inválida: el dígito verificador no coincide');
  });

  it('uses the differentiator to pick the century: 29 Feb 2000 exists, 29 Feb 1900 does not', () => {
    const y2000 = 'PEPA000229HDFRRRA';
    const y1900 = 'PEPA000229HDFRRR0';
    expect(isValidCurp(y2000 + curpCheckDigit(y2000))).toBe(true);
    expect(errorOf(curpSchema, y1900 + curpCheckDigit(y1900))).toBe('CURP inválida: la fecha de nacimiento no existe');
  });

  it('accepts sex X (no binario)', () => {
    const first17 = 'PEPA900101XDFRRR0';
    expect(isValidCurp(first17 + curpCheckDigit(first17))).toBe(true);
  });

  const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const vowel = fc.constantFrom(...'AEIOUX');
  const consonant = fc.constantFrom(...'BCDFGHJKLMNPQRSTVWXYZ');
  const generatedFirst17 = fc
    .record({
      initials: fc.tuple(letter, vowel, letter, letter),
      date: fc.date({ min: new Date(Date.UTC(1930, 0, 1)), max: new Date(Date.UTC(2025, 11, 31)), noInvalidDate: true }),
      sex: fc.constantFrom('H', 'M', 'X'),
      state: fc.constantFrom(...CURP_STATE_CODES),
      consonants: fc.tuple(consonant, consonant, consonant),
      differentiatorSeed: fc.nat(25),
    })
    .map(({ initials, date, sex, state, consonants, differentiatorSeed }) => {
      const year = date.getUTCFullYear();
      const ymd = [year % 100, date.getUTCMonth() + 1, date.getUTCDate()].map((n) => String(n).padStart(2, '0')).join('');
      const differentiator = year < 2000 ? String(differentiatorSeed % 10) : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(differentiatorSeed);
      return initials.join('') + ymd + sex + state + consonants.join('') + differentiator;
    });

  it('property: a generated CURP with its computed check digit validates', () => {
    fc.assert(
      fc.property(generatedFirst17, (first17) => {
        expect(isValidCurp(first17 + curpCheckDigit(first17))).toBe(true);
      }),
    );
  });

  it('property: any other check digit is refused', () => {
    fc.assert(
      fc.property(generatedFirst17, fc.integer({ min: 1, max: 9 }), (first17, shift) => {
        const wrong = (curpCheckDigit(first17) + shift) % 10;
        expect(errorOf(curpSchema, first17 + wrong)).toBe('CURP inválida: el dígito verificador no coincide');
      }),
    );
  });
});

describe('RFC', () => {
  it('classifies física, moral and the generic RFCs', () => {
    expect(rfcKind('GOMA850312AB1')).toBe('fisica');
    expect(rfcKind('ÑAÑA850312AB1')).toBe('fisica');
    expect(rfcKind('ABC010230A12')).toBe(null); // 30 February
    expect(rfcKind('CON990101AB1')).toBe('moral');
    expect(rfcKind('A&B990101AB1')).toBe('moral');
    expect(rfcKind('XAXX010101000')).toBe('generic');
    expect(rfcKind('XEXX010101000')).toBe('generic');
    expect(rfcKind('GOMA85031AB1')).toBe(null);
    expect(rfcKind(' goma850312ab1 ')).toBe('fisica');
  });

  it('restricts by kind but accepts the generic RFCs for any kind', () => {
    expect(isValidRfc('goma850312ab1', 'fisica')).toBe(true);
    expect(isValidRfc('GOMA850312AB1', 'moral')).toBe(false);
    expect(isValidRfc('CON990101AB1', 'fisica')).toBe(false);
    expect(isValidRfc('CON990101AB1', 'moral')).toBe(true);
    expect(isValidRfc('XEXX010101000', 'moral')).toBe(true);
    expect(isValidRfc('CON990101AB1')).toBe(true);
  });

  it('accepts 29 February when either century makes it a leap year', () => {
    expect(isValidRfc('GOMA000229AB1')).toBe(true);
    expect(isValidRfc('GOMA010229AB1')).toBe(false);
  });

  it('persona física schema: Spanish messages', () => {
    expect(rfcSchema.parse(' goma850312ab1 ')).toBe('GOMA850312AB1');
    expect(rfcSchema.parse('XAXX010101000')).toBe('XAXX010101000');
    expect(errorOf(rfcSchema, 'CON990101AB1')).toBe('RFC inválido: el de una persona física tiene 13 caracteres');
    expect(errorOf(rfcSchema, 'GOM1850312AB1')).toBe(
      'RFC inválido: una persona física lleva 4 letras, 6 dígitos de fecha y 3 caracteres de homoclave',
    );
    expect(errorOf(rfcSchema, 'GOMA851312AB1')).toBe('RFC inválido: la fecha no existe');
    expect(errorOf(rfcSchema, null)).toBe('El RFC es obligatorio');
  });

  it('moral or física schema: Spanish messages', () => {
    expect(rfcMoralOrFisicaSchema.parse('con990101ab1')).toBe('CON990101AB1');
    expect(rfcMoralOrFisicaSchema.parse('GOMA850312AB1')).toBe('GOMA850312AB1');
    expect(errorOf(rfcMoralOrFisicaSchema, 'CON99010AB1')).toBe(
      'RFC inválido: debe tener 12 caracteres (persona moral) o 13 (persona física)',
    );
    expect(errorOf(rfcMoralOrFisicaSchema, 'C0N990101AB1')).toBe(
      'RFC inválido: una persona moral lleva 3 letras, 6 dígitos de fecha y 3 caracteres de homoclave',
    );
  });
});

describe('NSS', () => {
  it('computes the Luhn check digit', () => {
    expect(nssCheckDigit('1234567890')).toBe(3);
    expect(nssCheckDigit('7216820574')).toBe(7);
    expect(nssHasValidCheckDigit('72168205747')).toBe(true);
    expect(nssHasValidCheckDigit('72168205740')).toBe(false);
  });

  it('a wrong check digit is a warning, not a format error', () => {
    expect(isValidNssFormat('72168205740')).toBe(true);
    expect(nssSchema.parse('72168205740')).toBe('72168205740');
    expect(nssWarning('72168205740')).toBe(NSS_CHECK_DIGIT_WARNING);
    expect(nssWarning('72168205747')).toBe(null);
    expect(nssWarning('')).toBe(null);
    expect(nssWarning('123')).toBe(null);
  });

  it('drops spaces and dashes and refuses anything but 11 digits', () => {
    expect(nssSchema.parse(' 7216-82-0574 7')).toBe('72168205747');
    expect(errorOf(nssSchema, '7216820574')).toBe('NSS inválido: debe tener 11 dígitos');
    expect(errorOf(nssSchema, '7216820574A')).toBe('NSS inválido: debe tener 11 dígitos');
    expect(errorOf(nssSchema, undefined)).toBe('El NSS es obligatorio');
  });

  it('property: the computed check digit always matches and any other does not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), fc.integer({ min: 1, max: 9 }), (first10, shift) => {
        const digit = nssCheckDigit(first10);
        expect(nssHasValidCheckDigit(first10 + digit)).toBe(true);
        expect(nssHasValidCheckDigit(first10 + ((digit + shift) % 10))).toBe(false);
      }),
    );
  });
});

describe('Registro patronal', () => {
  it('normalises dashes, spaces and case', () => {
    expect(normalizeEmployerRegistration(' y54-52369-10-6 ')).toBe('Y5452369106');
    expect(employerRegistrationSchema.parse('Y54 52369 10 6')).toBe('Y5452369106');
    expect(isValidEmployerRegistration('Y54-52369-10-6')).toBe(true);
  });

  it('refuses anything but one letter and 10 digits', () => {
    const message = 'Registro patronal inválido: debe ser una letra seguida de 10 dígitos';
    expect(errorOf(employerRegistrationSchema, '54523691060')).toBe(message);
    expect(errorOf(employerRegistrationSchema, 'Y545236910')).toBe(message);
    expect(errorOf(employerRegistrationSchema, 'YY452369106')).toBe(message);
    expect(isValidEmployerRegistration('Y54523691066')).toBe(false);
  });
});
