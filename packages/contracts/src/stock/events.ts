import { z } from 'zod';
import { defineEvent } from '../events/define';
import { STOCK_MOVEMENT_KINDS } from './stock';

/** A decimal as PostgreSQL keeps it (`numeric` text, e.g. '-12.500'). */
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);
const id = z.number().int().positive();

/**
 * One movement of the store, published in its transaction about the work's balance of that
 * material (the existencias row): webhooks offer it as `stock.moved`, with the balance as it is
 * when delivered. Quantities and amounts are signed (out is negative); `balance` is what the work
 * held right after this movement.
 */
export const stockMoved = defineEvent({
  name: 'stock.moved',
  label: 'movimiento registrado',
  resource: 'stockBalances',
  recordId: (payload) => payload.balanceId,
  payload: z.object({
    balanceId: id,
    workId: id,
    materialId: id,
    kind: z.enum(STOCK_MOVEMENT_KINDS),
    date: z.string(),
    quantity: decimalText,
    amount: decimalText,
    balance: decimalText,
    consumptionId: id.nullable(),
    transferId: id.nullable(),
    countId: id.nullable(),
    orderId: id.nullable(),
  }),
});

export type StockMoved = z.output<typeof stockMoved.payload>;
