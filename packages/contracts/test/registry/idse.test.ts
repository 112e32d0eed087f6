import { describe, expect, it } from 'vitest';
import { curpCheckDigit, IDSE_LAYOUT, IDSE_RECORD_LENGTH, idseRecord, idseText, nssCheckDigit, parseIdseRecord, REGISTRY_MESSAGES, type IdseMovement } from '../../src';

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

  it('writes a baja with its cause and no salary, a salary change as 07', () => {
    const baja = idseRecord(movement({ type: 'baja', sdi: null, bajaReason: 'A' }));
    expect(baja.ok && parseIdseRecord(baja.record)).toMatchObject({ salary: '000000', movementType: '02', bajaReason: 'A' });
    const change = idseRecord(movement({ type: 'modificacion_salario', sdi: 2932.75 }));
    expect(change.ok && parseIdseRecord(change.record)).toMatchObject({ salary: '293275', movementType: '07', bajaReason: '' });
  });

  it('refuses what cannot make a valid record', () => {
    expect(idseRecord(movement({ employerRegistration: null }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseNoEmployerRegistration });
    expect(idseRecord(movement({ guide: null }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseGuide });
    expect(idseRecord(movement({ employee: { ...movement().employee, nss: '123' } }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseNss });
    expect(idseRecord(movement({ sdi: null }))).toEqual({ ok: false, reason: REGISTRY_MESSAGES.idseSalary });
  });

  it('writes text upper case without accents', () => {
    expect(idseText('  Núñez  de la Peña ')).toBe('NUNEZ DE LA PENA');
    expect(IDSE_LAYOUT.reduce((sum, f) => sum + f.width, 0)).toBe(168);
  });
});
