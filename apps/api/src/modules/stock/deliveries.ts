import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { businessDayOf, orderDelivered } from '@goc/contracts';
import { orders } from '../../db/schema';
import { enterDelivery } from './service';

/**
 * Entries from deliveries: every delivery recorded on an order enters its work's store at the line's
 * unit price, through the orders module's typed `orders.delivered` event (never by editing its hook).
 * Keyed on (order, delivery, line), so an event that comes again adds nothing.
 */
async function stockDeliveries(app: FastifyInstance): Promise<void> {
  app.events.on(orderDelivered, {
    name: 'stock.deliveries',
    async handle(payload, { db }) {
      // The folio only labels the kardex's concept; the orders table is read as any referenced table.
      const [order] = await db.select({ folio: orders.folio }).from(orders).where(eq(orders.id, payload.orderId));
      await enterDelivery(db, {
        key: `orders.delivered:${payload.orderId}:${payload.delivery}`,
        orderId: payload.orderId,
        workId: payload.workId,
        date: businessDayOf(new Date(payload.occurredAt)),
        folio: order?.folio ?? String(payload.orderId),
        lines: payload.lines.map((l) => ({ lineId: l.orderLineId, materialId: l.materialId, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
      });
    },
  });
}

export default fp(stockDeliveries, { name: 'goc-stock-deliveries', dependencies: ['goc-events'] });
