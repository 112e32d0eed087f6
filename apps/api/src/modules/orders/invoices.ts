import { and, asc, eq, sql } from 'drizzle-orm';
import { INVOICE_MESSAGES, type InvoiceMatch, type InvoiceStatus } from '@goc/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { companies, employees, orderInvoices, orderLines, orders, suppliers, users, works } from '../../db/schema';
import { detailChange, recordAudit } from '../../lib/audit';
import { userDisplay, userDisplayColumns } from '../../lib/crud/people';
import type { Actor } from '../../lib/crud/types';
import { PG_UNIQUE_VIOLATION, pgErrorInfo } from '../../lib/db-errors';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import { writeEvent } from '../../lib/events/outbox';
import type { Cfdi } from './cfdi';
import { invoiceStatusOf, matchInvoices, receivedAmount } from './rules';

/*
 * The supplier invoices of an order: stored with the figures read from their CFDI, matched (added up)
 * against what was received, the order's `invoice_status` kept in the same transaction as each
 * invoice added or removed (and each delivery: binding.ts). Every change is audited on the order.
 */

const unprocessable = (message: string) => new AppError(422, message);

/** The invoices' amounts added and what was received, for one order. */
export async function invoiceFigures(executor: Executor, orderId: number): Promise<{ count: number; match: InvoiceMatch }> {
  const [invoiced] = await executor
    .select({ count: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${orderInvoices.amountMxn}), 0)` })
    .from(orderInvoices)
    .where(eq(orderInvoices.orderId, orderId));
  const lines = await executor
    .select({ receivedQuantity: orderLines.receivedQuantity, unitPrice: orderLines.unitPrice })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return { count: Number(invoiced?.count ?? 0), match: matchInvoices(String(invoiced?.sum ?? '0'), receivedAmount(lines)) };
}

/** Rewrites the order's invoice status from its invoices and its lines as they are now. */
export async function refreshInvoiceStatus(tx: Tx, orderId: number): Promise<{ status: InvoiceStatus; match: InvoiceMatch }> {
  const { count, match } = await invoiceFigures(tx, orderId);
  const status = invoiceStatusOf(count, match);
  await tx.update(orders).set({ invoiceStatus: status }).where(eq(orders.id, orderId));
  return { status, match };
}

const invoiceColumns = {
  id: orderInvoices.id,
  uuid: orderInvoices.uuid,
  series: orderInvoices.series,
  folio: orderInvoices.folio,
  issuedAt: orderInvoices.issuedAt,
  issuerRfc: orderInvoices.issuerRfc,
  issuerName: orderInvoices.issuerName,
  receiverRfc: orderInvoices.receiverRfc,
  subtotal: orderInvoices.subtotal,
  discount: orderInvoices.discount,
  taxes: orderInvoices.taxes,
  total: orderInvoices.total,
  currency: orderInvoices.currency,
  exchangeRate: orderInvoices.exchangeRate,
  amountMxn: orderInvoices.amountMxn,
  hasPdf: sql<boolean>`${orderInvoices.pdf} is not null`,
  createdAt: orderInvoices.createdAt,
  ...userDisplayColumns,
};

const selectInvoices = (executor: Executor) =>
  executor.select(invoiceColumns).from(orderInvoices).leftJoin(users, eq(users.id, orderInvoices.createdById)).leftJoin(employees, eq(employees.id, users.employeeId));

type InvoiceRow = Awaited<ReturnType<typeof selectInvoices>>[number];

function toInvoice(row: InvoiceRow) {
  return {
    id: Number(row.id),
    uuid: String(row.uuid),
    series: row.series,
    folio: row.folio,
    issuedAt: String(row.issuedAt),
    issuerRfc: String(row.issuerRfc),
    issuerName: row.issuerName,
    receiverRfc: String(row.receiverRfc),
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    taxes: Number(row.taxes),
    total: Number(row.total),
    currency: String(row.currency),
    exchangeRate: row.exchangeRate === null ? null : Number(row.exchangeRate),
    amountMxn: Number(row.amountMxn),
    hasPdf: row.hasPdf === true,
    createdAt: row.createdAt.toISOString(),
    createdBy: userDisplay(row),
  };
}

/** The invoices of an order, oldest first. */
export async function listInvoices(executor: Executor, orderId: number) {
  const rows = await selectInvoices(executor).where(eq(orderInvoices.orderId, orderId)).orderBy(asc(orderInvoices.id));
  return rows.map(toInvoice);
}

/** One stored file of an invoice (its XML or PDF), or a 404. */
export async function invoiceFile(executor: Executor, orderId: number, invoiceId: number) {
  const [row] = await executor
    .select({ uuid: orderInvoices.uuid, xml: orderInvoices.xml, pdf: orderInvoices.pdf })
    .from(orderInvoices)
    .where(and(eq(orderInvoices.id, invoiceId), eq(orderInvoices.orderId, orderId)));
  if (!row) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  return row;
}

interface OrderParties {
  folio: string;
  invoiceStatus: string;
  supplierName: string | null;
  supplierRfc: string | null;
  companyName: string;
  companyRfc: string;
}

/** The order's supplier and the company of its work, the order row locked (invoices of one order are added one at a time). */
async function lockParties(tx: Tx, orderId: number): Promise<OrderParties> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  const [row] = await tx
    .select({ folio: orders.folio, invoiceStatus: orders.invoiceStatus, supplierName: suppliers.name, supplierRfc: suppliers.rfc, companyName: companies.name, companyRfc: companies.rfc })
    .from(orders)
    .innerJoin(works, eq(works.id, orders.workId))
    .innerJoin(companies, eq(companies.id, works.companyId))
    .leftJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .where(eq(orders.id, orderId));
  if (!row) throw new Error(`order ${orderId} vanished inside its transaction`);
  return row;
}

/** The order already holding this UUID, if any. */
async function holderOf(executor: Executor, uuid: string): Promise<string | null> {
  const [row] = await executor
    .select({ folio: orders.folio })
    .from(orderInvoices)
    .innerJoin(orders, eq(orders.id, orderInvoices.orderId))
    .where(sql`upper(${orderInvoices.uuid}) = ${uuid.toUpperCase()}`)
    .limit(1);
  return row?.folio ?? null;
}

/**
 * Registers a read CFDI on an order: the issuer must be the order's supplier and the receiver the
 * company of its work (422), the UUID new everywhere (409 naming the order that has it). The XML is
 * stored as the bytes received.
 */
export async function addInvoice(db: Db, actor: Actor, orderId: number, cfdi: Cfdi, xml: Buffer, pdf: Buffer | null) {
  try {
    return await db.transaction(async (tx) => {
      const parties = await lockParties(tx, orderId);
      if (cfdi.issuerRfc !== parties.supplierRfc?.toUpperCase()) {
        throw unprocessable(INVOICE_MESSAGES.issuerMismatch(cfdi.issuerRfc, parties.supplierName ?? '—', parties.supplierRfc ?? '—'));
      }
      if (cfdi.receiverRfc !== parties.companyRfc.toUpperCase()) {
        throw unprocessable(INVOICE_MESSAGES.receiverMismatch(cfdi.receiverRfc, parties.companyName, parties.companyRfc));
      }
      const holder = await holderOf(tx, cfdi.uuid);
      if (holder) throw new ConflictError(INVOICE_MESSAGES.duplicate(cfdi.uuid, holder));
      const { type: _type, ...figures } = cfdi;
      const [inserted] = await tx
        .insert(orderInvoices)
        .values({ ...figures, orderId, xml, pdf, createdById: actor.userId })
        .returning({ id: orderInvoices.id });
      if (!inserted) throw new Error('invoice insert returned no row');
      const { status, match } = await refreshInvoiceStatus(tx, orderId);
      const changes = { ...detailChange('invoices', null, { uuid: cfdi.uuid, series: cfdi.series, folio: cfdi.folio, total: Number(cfdi.total), currency: cfdi.currency }), invoiceStatus: { old: parties.invoiceStatus, new: status } };
      await recordAudit(tx, { userId: actor.userId, action: 'invoice.added', entity: 'orders', entityId: orderId, changes, ip: actor.ip });
      await writeEvent(tx, { type: 'orders.invoice_added', resource: 'orders', recordId: orderId, actorId: actor.userId, changes });
      const [row] = await selectInvoices(tx).where(eq(orderInvoices.id, inserted.id));
      if (!row) throw new Error(`invoice ${inserted.id} vanished inside its transaction`);
      return { ...toInvoice(row), match };
    });
  } catch (error) {
    // Two uploads of one UUID at once: the unique index stops the second, answered as the check would.
    if (pgErrorInfo(error)?.code === PG_UNIQUE_VIOLATION) throw new ConflictError(INVOICE_MESSAGES.duplicate(cfdi.uuid, (await holderOf(db, cfdi.uuid)) ?? '—'));
    throw error;
  }
}

/** Removes an invoice from its order (404 when it is not the order's), audited. */
export async function removeInvoice(db: Db, actor: Actor, orderId: number, invoiceId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const parties = await lockParties(tx, orderId);
    const [removed] = await tx
      .delete(orderInvoices)
      .where(and(eq(orderInvoices.id, invoiceId), eq(orderInvoices.orderId, orderId)))
      .returning({ uuid: orderInvoices.uuid, series: orderInvoices.series, folio: orderInvoices.folio, total: orderInvoices.total, currency: orderInvoices.currency });
    if (!removed) throw new NotFoundError(INVOICE_MESSAGES.notFound);
    const { status } = await refreshInvoiceStatus(tx, orderId);
    const changes = { ...detailChange('invoices', { ...removed, total: Number(removed.total) }, null), invoiceStatus: { old: parties.invoiceStatus, new: status } };
    await recordAudit(tx, { userId: actor.userId, action: 'invoice.removed', entity: 'orders', entityId: orderId, changes, ip: actor.ip });
    await writeEvent(tx, { type: 'orders.invoice_removed', resource: 'orders', recordId: orderId, actorId: actor.userId, changes });
  });
}
