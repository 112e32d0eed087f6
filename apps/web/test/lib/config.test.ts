import { describe, expect, it } from 'vitest';
import { AxiosError, type AxiosResponse } from 'axios';
import { localeOption, localeOptions } from 'primereact/api';
import { FILTER_MATCH_MODES, PRIME_CONFIG } from '../../src/lib/prime-config';
import { shouldRetry } from '../../src/lib/api/query-client';
import primeLocales from 'primelocale/es.json';

function httpError(status: number) {
  return new AxiosError('x', 'ERR_BAD_REQUEST', undefined, null, { status } as AxiosResponse);
}

describe('PrimeReact configuration (SPEC §1, §8, §9)', () => {
  it('uses the full primelocale Spanish locale with dd/mm/yy and Monday first', () => {
    const es = localeOptions('es') as typeof primeLocales.es;
    expect(Object.keys(es).length).toBeGreaterThanOrEqual(Object.keys(primeLocales.es).length);
    expect(es.dateFormat).toBe('dd/mm/yy');
    expect(es.firstDayOfWeek).toBe(1);
    expect(es.dayNames?.[1]).toBe('Lunes');
    expect(localeOption('accept', 'es')).toBe('Sí');
  });

  it('has the SPEC empty-list texts', () => {
    expect(localeOption('emptyMessage', 'es')).toBe('No se han encontrado resultados');
    expect(localeOption('emptyFilterMessage', 'es')).toBe('Sin opciones disponibles');
  });

  it('has the SPEC layer order and Spanish as active locale', () => {
    expect(PRIME_CONFIG.zIndex).toEqual({ modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 1200 });
    expect(PRIME_CONFIG.locale).toBe('es');
    expect(PRIME_CONFIG.ripple).toBe(false);
  });

  it('offers exactly the SPEC filter match modes', () => {
    expect([...FILTER_MATCH_MODES.text, ...FILTER_MATCH_MODES.numeric, ...FILTER_MATCH_MODES.date].sort()).toEqual(
      ['startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals', 'equals', 'notEquals', 'lt', 'lte', 'gt', 'gte', 'dateIs', 'dateIsNot', 'dateBefore', 'dateAfter'].sort(),
    );
  });
});

describe('query client retry policy', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, httpError(status))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    expect(shouldRetry(0, httpError(503))).toBe(true);
    expect(shouldRetry(1, new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(true);
    expect(shouldRetry(2, httpError(500))).toBe(false);
  });
});
