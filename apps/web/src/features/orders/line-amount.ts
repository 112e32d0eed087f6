import { QUANTITY_DECIMALS } from '@goc/contracts';
import type { ComputedColumn } from '../../components/form/lines-editor';
import type { FormValues } from '../../components/form/form-values';

const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);

/**
 * The amount of a line being written (quantity × unit price, rounded half away from zero to cents
 * on scaled integers like the database's round()), so the running total matches what the server
 * will store; null while the line lacks a quantity or a price.
 */
export function lineAmountPreview(line: FormValues): number | null {
  const { quantity, unitPrice } = line;
  if (typeof quantity !== 'number' || typeof unitPrice !== 'number') return null;
  const product = BigInt(Math.round(quantity * Number(QUANTITY_SCALE))) * BigInt(Math.round(unitPrice * 100));
  const sign = product < 0n ? -1n : 1n;
  const cents = (sign * product + QUANTITY_SCALE / 2n) / QUANTITY_SCALE;
  return Number(sign * cents) / 100;
}

export const ORDER_LINE_COLUMNS: Readonly<Record<string, readonly ComputedColumn[]>> = {
  lines: [{ label: 'Importe', value: lineAmountPreview, total: true }],
};
