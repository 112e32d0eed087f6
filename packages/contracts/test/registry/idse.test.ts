import { describe, expect, it } from 'vitest';
import { curpCheckDigit, IDSE_LAYOUTS, IDSE_RECORD_LENGTH, idseRecord, idseText, nssCheckDigit, parseIdseRecord, REGISTRY_MESSAGES, splitIdseRecord, type IdseMovement } from '../../src';

const curp = (() => {
  const first17 = 'PEGA900101HQTRRL0';
  return first17 + String(curpCheckDigit(first17));
})();
const nss = `1234000001${nssCheckDigit('1234000001')}`;

const movement = (over: Partial<IdseMovement> = {}): IdseMovement => ({
  id: 1,
  type: 'alta',
  effectiveDate: '2026-11-09',
  workerType: 'eventual_construccion',
  sdi: 525.5,
  bajaReason: null,
  employerRegistration: 'B1234567890',
  guide: '01234',
  employee: { employeeNumber: 'e-42', firstName: 'José Ángel', lastName: 'Peña', secondLastName: null, nss, curp },
  ...over,
});

describe('IDSE records', () => {
  it('lays out the 168 characters at their offsets', () => {
    expect(IDSE_RECORD_LENGTH).toBe(168);
    const result = idseRecord(movement());
    if (!result.ok) throw new Error(result.reason);
    const r = result.record;
    expect(r).toHaveLength(168);
    expect(r.slice(0, 11)).toBe('B1234567890');
    expect(r.slice(11, 22)).toBe(nss);
    expect(r.slice(22, 49)).toBe('PENA'.padEnd(27));
    expect(r.slice(49, 76)).toBe(' '.repeat(27));
    expect(r.slice(76, 103)).toBe('JOSE ANGEL'.padEnd(27));
    expect(r.slice(103, 109)).toBe('052550');
    expect(r.slice(109, 115)).toBe('      ');
    expect(r.slice(115, 118)).toBe('300');
    expect(r.slice(118, 126)).toBe('09112026');
    expect(r.slice(131, 133)).toBe('08');
    expect(r.slice(133, 138)).toBe('01234');
    expect(r.slice(138, 148)).toBe('E 42      ');
    expect(r.slice(148, 149)).toBe(' ');
    expect(r.slice(149, 167)).toBe(curp);
    expect(r.slice(167)).toBe('9');
    expect(parseIdseRecord(r)).toMatchObject({ salary: '052550', movementType: '08', formatId: '9' });
  });

  const fieldsOf = (result: ReturnType<typeof idseRecord>) => {
    if (!result.ok) throw new Error(result.reason);
    expect(result.record).toHaveLength(168);
    const { type, fields } = splitIdseRecord(result.record);
    for (const f of fields.filter((f) => f.kind === 'filler')) expect(f.raw, f.name).toBe(' '.repeat(f.raw.length));
    return { type, fields: fields.map((f) => [f.name, f.raw]) };
  };

  it('writes an alta (08) field by field, every filler spaces', () => {
    expect(fieldsOf(idseRecord(movement()))).toEqual({
      type: 'alta',
      fields: [
        ['employerRegistration', 'B1234567890'],
        ['nss', nss],
        ['lastName', 'PENA'.padEnd(27)],
        ['secondLastName', ' '.repeat(27)],
        ['firstName', 'JOSE ANGEL'.padEnd(27)],
        ['salary', '052550'],
        ['filler1', ' '.repeat(6)],
        ['workerType', '3'],
        ['salaryType', '0'],
        ['reducedWeek', '0'],
        ['date', '09112026'],
        ['medicalUnit', '   '],
        ['filler2', '  '],
        ['movementType', '08'],
        ['guide', '01234'],
        ['workerKey', 'E 42      '],
        ['filler3', ' '],
        ['curp', curp],
        ['formatId', '9'],
      ],
    });
  });

  it('writes a baja (02) with its cause, without salary, worker type, medical unit nor CURP', () => {
    expect(fieldsOf(idseRecord(movement({ type: 'baja', sdi: null, bajaReason: 'A' })))).toEqual({
      type: 'baja',
      fields: [
        ['employerRegistration', 'B1234567890'],
        ['nss', nss],
        ['lastName', 'PENA'.padEnd(27)],
        ['secondLastName', ' '.repeat(27)],
        ['firstName', 'JOSE ANGEL'.padEnd(27)],
        ['filler1', ' '.repeat(15)],
        ['date', '09112026'],
        ['filler2', ' '.repeat(5)],
        ['movementType', '02'],
        ['guide', '01234'],
        ['workerKey', 'E 42      '],
        ['bajaReason', 'A'],
        ['filler3', ' '.repeat(18)],
        ['formatId', '9'],
      ],
    });
  });

  it('writes a modificación de salario (07) with salary and CURP, a space for the worker type', () => {
    expect(fieldsOf(idseRecord(movement({ type: 'modificacion_salario', sdi: 2932.75 })))).toEqual({
      type: 'modificacion_salario',
      fields: [
        ['employerRegistration', 'B1234567890'],
        ['nss', nss],
        ['lastName', 'PENA'.padEnd(27)],
        ['secondLastName', ' '.repeat(27)],
        ['firstName', 'JOSE ANGEL'.padEnd(27)],
        ['salary', '293275'],
        ['filler1', ' '.repeat(6)],
        ['filler2', ' '],
        ['salaryType', '0'],
        ['reducedWeek', '0'],
        ['date', '09112026'],
        ['filler3', ' '.repeat(5)],
        ['movementType', '07'],
        ['guide', '01234'],
        ['workerKey', 'E 42      '],
        ['filler4', ' '],
        ['curp', curp],
        ['formatId', '9'],
      ],
    });
  });

  it('declares 168 characters and the movement type at offset 131 in every layout', () => {
    for (const layout of Object.values(IDSE_LAYOUTS)) {
      expect(layout.reduce((sum, f) => sum + f.width, 0)).toBe(IDSE_RECORD_LENGTH);
      const before = layout.slice(0, layout.findIndex((f) => f.name === 'movementType'));
      expect(before.reduce((sum, f) => sum + f.width, 0)).toBe(131);
    }
  });

  it('refuses what cannot make a valid record', () => {
    expect(idseRecord(movement({ employerRegistration: null }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseNoEmployerRegistration });
    expect(idseRecord(movement({ guide: null }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseGuide });
    expect(idseRecord(movement({ employee: { ...movement().employee, nss: '123' } }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseNss });
    expect(idseRecord(movement({ sdi: null }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseSalary });
    const wrongDigit = `1234000001${(nssCheckDigit('1234000001') + 1) % 10}`;
    expect(idseRecord(movement({ employee: { ...movement().employee, nss: wrongDigit } }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseNssCheckDigit });
    expect(idseRecord(movement({ type: 'baja', sdi: null, employee: { ...movement().employee, nss: wrongDigit } }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseNssCheckDigit });
  });

  it('writes text upper case without accents', () => {
    expect(idseText('  Núñez  de la Peña ')).toBe('NUNEZ DE LA PENA');
  });
});
