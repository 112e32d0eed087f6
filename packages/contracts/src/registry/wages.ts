import type { z } from 'zod';
import { f } from '../resources/fields';
import { defineResource } from '../resources/define';

/*
 * Wage parameters (docs/registry.md): the general minimum wage, the one of the Zona Libre de la
 * Frontera Norte and the UMA, each row in force from its `effectiveFrom` day until the next row's.
 * An SDI is checked against the row in force on the movement's effective date.
 */

/** How many UMA an SDI may reach at most (Ley del Seguro Social, art. 28). */
export const SDI_CAP_IN_UMA = 25;

export const wageParametersResource = defineResource({
  key: 'wageParameters',
  resource: '/registry/wage-parameters',
  module: 'config_permissions',
  nouns: { singular: 'parámetro salarial', plural: 'parámetros salariales', article: 'el' },
  fields: {
    effectiveFrom: f.date({ label: 'Vigente desde', required: true, unique: true }),
    minimumWage: f.money({ label: 'Salario mínimo general', required: true }),
    minimumWageBorder: f.money({ label: 'Salario mínimo ZLFN', required: true, hint: 'Zona Libre de la Frontera Norte' }),
    uma: f.money({ label: 'UMA diaria', required: true }),
  },
  label: { fields: ['effectiveFrom'] },
  defaultSort: '-effectiveFrom',
});

export type WageParameters = z.output<typeof wageParametersResource.schemas.entity>;

/** The values an SDI is checked against on one day. */
export interface WageBounds {
  minimumWage: number;
  uma: number;
}

/** The row in force on `day` (the latest whose effectiveFrom is not after it), or null before the first. */
export function wagesInForce<W extends { effectiveFrom: string }>(rows: readonly W[], day: string): W | null {
  let best: W | null = null;
  for (const row of rows) if (row.effectiveFrom <= day && (best === null || row.effectiveFrom > best.effectiveFrom)) best = row;
  return best;
}

/** The highest SDI allowed: 25 UMA, in cents-exact pesos. */
export const sdiCap = (uma: number) => Math.round(uma * SDI_CAP_IN_UMA * 100) / 100;
