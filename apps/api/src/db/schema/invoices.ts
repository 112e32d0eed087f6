import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access';
import { bytea } from './attachments';
import { idColumn, money } from './columns';
import { orders } from './orders';

/**
 * Supplier invoices (CFDI 4.0) of an order, as read from their XML (kept whole beside the figures,
 * with the optional PDF). A UUID is registered once across every order.
 */
export const orderInvoices = pgTable(
  'order_invoices',
  {
    id: idColumn(),
    // Only a draft can be deleted, and a draft has no invoices; the rows follow an order removed by hand.
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    uuid: text('uuid').notNull(),
    series: text('series'),
    folio: text('folio'),
    issuedAt: text('issued_at').notNull(),
    issuerRfc: text('issuer_rfc').notNull(),
    issuerName: text('issuer_name'),
    receiverRfc: text('receiver_rfc').notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default('0'),
    taxes: money('taxes').notNull(),
    total: money('total').notNull(),
    currency: text('currency').notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 14, scale: 6 }),
    // subtotal − discount in MXN: what is matched against the received amount.
    amountMxn: money('amount_mxn').notNull(),
    // The bytes as received, whatever encoding the XML declares.
    xml: bytea('xml').notNull(),
    pdf: bytea('pdf'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_invoices_uuid_uq').on(sql`upper(${t.uuid})`), index('order_invoices_order_idx').on(t.orderId, t.id)],
);
