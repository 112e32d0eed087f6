import { z } from 'zod';
import { defineEvent } from '../events/define';

/** A decimal as PostgreSQL keeps it (`numeric` text, e.g. '12.500'). */
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);

/**
 * One delivery recorded on an order (`entregado_parcial` / `entregado`): what arrived in THIS
 * delivery, line by line, at the line's price. `delivery` numbers the order's deliveries from 1, so
 * (orderId, delivery) names one delivery for good: a subscriber that keys on it (or on the event id)
 * adds nothing when the event reaches it again.
 */
export const orderDelivered = defineEvent({
  name: 'orders.delivered',
  label: 'entrega registrada',
  resource: 'orders',
  recordId: (payload) => payload.orderId,
  payload: z.object({
    orderId: z.number().int().positive(),
    workId: z.number().int().positive(),
    /** 1 for the order's first delivery, 2 for the next… */
    delivery: z.number().int().positive(),
    lines: z
      .array(
        z.object({
          orderLineId: z.number().int().positive(),
          materialId: z.number().int().positive(),
          /** Received in this delivery (not the running total), as the database keeps quantities. */
          quantity: decimalText,
          /** The line's unit price in integer cents (MXN). */
          unitPriceCents: z.number().int().nonnegative(),
        }),
      )
      .min(1),
    /** When the delivery was recorded (ISO 8601, UTC). */
    occurredAt: z.iso.datetime(),
  }),
});

export type OrderDelivered = z.output<typeof orderDelivered.payload>;
