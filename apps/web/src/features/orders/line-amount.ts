import { lineAmount } from '@goc/contracts';
import type { ComputedColumn } from '../../components/form/lines-editor';
import type { FormValues } from '../../components/form/form-values';

/**
 * The amount of a line being written, by the same rule the server stores it with, so the running
 * total matches; null while the line lacks a quantity or a price.
 */
export function lineAmountPreview(line: FormValues): number | null {
  const { quantity, unitPrice } = line;
  if (typeof quantity !== 'number' || typeof unitPrice !== 'number') return null;
  return Number(lineAmount({ quantity, unitPrice }));
}

export const ORDER_LINE_COLUMNS: Readonly<Record<string, readonly ComputedColumn[]>> = {
  lines: [{ label: 'Importe', value: lineAmountPreview, total: true }],
};
