import { MONEY_DECIMALS, QUANTITY_DECIMALS, STOCK_MESSAGES, displayQuantity, fromUnits, toUnits } from '@goc/contracts';
import { ValidationError } from '../../lib/errors';

/*
 * The decisions of the work's store, without the database, on scaled integers: quantities in
 * thousandths, money in cents (as orders/rules.ts). A holding is what a work has of one material:
 * its quantity and its value; the average cost is value / quantity, never stored apart from them.
 */

export interface Holding {
  /** Thousandths of the material's unit. */
  quantity: bigint;
  /** Cents. */
  value: bigint;
}

export const EMPTY: Holding = { quantity: 0n, value: 0n };

const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);

/** a / b rounded half away from zero (b > 0), as PostgreSQL's round(numeric). */
function divRound(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const quotient = (magnitude * 2n + b) / (b * 2n);
  return negative ? -quotient : quotient;
}

export const quantityUnits = (value: string | number) => toUnits(value, QUANTITY_DECIMALS);
export const moneyUnits = (value: string | number) => toUnits(value, MONEY_DECIMALS);
export const quantityText = (units: bigint) => fromUnits(units, QUANTITY_DECIMALS);
export const moneyText = (units: bigint) => fromUnits(units, MONEY_DECIMALS);

/** The value of `quantity` at `unitPrice` (cents per unit), to the cent: an entry from a delivery line. */
export const valueAt = (quantity: bigint, unitPrice: bigint) => divRound(quantity * unitPrice, QUANTITY_SCALE);

/** Cents per unit of an amount spread over a quantity (0 for no quantity). */
export const unitCostOf = (amount: bigint, quantity: bigint) => (quantity === 0n ? 0n : divRound(amount * QUANTITY_SCALE, quantity));

/** Material coming in with its value: the average cost becomes the weighted one. */
export const enter = (holding: Holding, quantity: bigint, amount: bigint): Holding => ({ quantity: holding.quantity + quantity, value: holding.value + amount });

/**
 * Material going out at the average cost: its share of the value, all of it when the last unit
 * leaves (no cent stays behind a zero quantity). Null when the work does not hold that much.
 */
export function takeOut(holding: Holding, quantity: bigint): { amount: bigint; after: Holding } | null {
  if (quantity > holding.quantity) return null;
  const amount = quantity === holding.quantity ? holding.value : divRound(holding.value * quantity, holding.quantity);
  return { amount, after: { quantity: holding.quantity - quantity, value: holding.value - amount } };
}

/** «Solo hay 12 saco de Cemento gris en la obra». */
export const notEnoughMessage = (holding: Holding, unit: string | null, material: string) =>
  STOCK_MESSAGES.notEnough(displayQuantity(quantityText(holding.quantity)), unit, material);

export interface SentLine {
  materialId: number;
  quantity: bigint;
  /** The value that left the origin (cents). */
  amount: bigint;
}

export interface ReceiptLine {
  materialId: number;
  received: bigint;
  lost: bigint;
  /** Value entering the destination with what arrived. */
  receivedAmount: bigint;
  /** Value of what was lost on the way. */
  lostAmount: bigint;
}

/**
 * What a receipt brings in: each sent line's arrived quantity (a line not named brought nothing), at
 * most what was sent; any shortfall needs a loss reason.
 * Refusals name the field to fix (400).
 */
export function planReceipt(sent: readonly SentLine[], received: readonly { materialId: number; quantity: number }[], lossReason: string | null): ReceiptLine[] {
  const fields: Record<string, string> = {};
  const arrived = new Map<number, bigint>();
  received.forEach((entry, index) => {
    const line = sent.find((l) => l.materialId === entry.materialId);
    if (!line) {
      fields[`lines.${index}.materialId`] = STOCK_MESSAGES.unknownTransferMaterial;
      return;
    }
    const quantity = quantityUnits(entry.quantity);
    if (quantity > line.quantity) {
      fields[`lines.${index}.quantity`] = STOCK_MESSAGES.overReceipt(displayQuantity(quantityText(line.quantity)), displayQuantity(entry.quantity));
      return;
    }
    arrived.set(line.materialId, quantity);
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  const plan = sent.map((line) => {
    const got = arrived.get(line.materialId) ?? 0n;
    const lost = line.quantity - got;
    const lostAmount = lost === 0n ? 0n : got === 0n ? line.amount : divRound(line.amount * lost, line.quantity);
    return { materialId: line.materialId, received: got, lost, receivedAmount: line.amount - lostAmount, lostAmount };
  });
  if (plan.some((l) => l.lost > 0n) && !lossReason) throw new ValidationError({ lossReason: STOCK_MESSAGES.lossReasonRequired });
  return plan;
}

/** A count's difference on one material: positive when more was found than the books say. */
export const countDifference = (onHand: bigint, counted: bigint) => counted - onHand;

/**
 * The value of material found beyond the books: at the work's average cost of it, or nothing when
 * the work held none (there is no cost to carry over).
 */
export const foundValue = (holding: Holding, found: bigint) => (holding.quantity === 0n ? 0n : valueAt(found, unitCostOf(holding.value, holding.quantity)));
