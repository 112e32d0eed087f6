import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { MONEY_DECIMALS, orderTotal, toUnits } from '@goc/contracts';
import type { Executor } from '../client';
import { companies, orderInvoices, orderLines, orderStatuses, orders, roles, suppliers, users, works } from '../schema';

/*
 * Demo supplier invoices (CFDI 4.0) on the delivered demo orders, so Histórico shows every
 * invoice status: most invoiced in full, one over what arrived, one partly, the newest without
 * invoice. The XML is shaped like a real one (namespaces, TimbreFiscalDigital 1.1) with a seal that
 * is not the SAT's — GOC does not verify seals (docs/orders.md). The invoice status is set as the
 * API would compute it.
 */

/** A UUID v4-shaped identifier derived from a text, so every first start gets the same ones. */
function demoUuid(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-A${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const pesos = (value: number) => (value / 100).toFixed(2);

function demoXml(i: { uuid: string; folio: string; issuerRfc: string; issuerName: string; receiverRfc: string; receiverName: string; subtotal: string; iva: string; total: string }): string {
  const seal = Buffer.from(`demo ${i.uuid}`).toString('base64');
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd" Version="4.0" Serie="F" Folio="${i.folio}" Fecha="2026-11-02T12:00:00" Sello="${seal}" FormaPago="99" NoCertificado="30001000000500003416" Certificado="${seal}" SubTotal="${i.subtotal}" Moneda="MXN" Total="${i.total}" TipoDeComprobante="I" Exportacion="01" MetodoPago="PPD" LugarExpedicion="76090">
  <cfdi:Emisor Rfc="${i.issuerRfc}" Nombre="${i.issuerName.toUpperCase()}" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="${i.receiverRfc}" Nombre="${i.receiverName.toUpperCase()}" DomicilioFiscalReceptor="76090" RegimenFiscalReceptor="601" UsoCFDI="G01"/>
  <cfdi:Impuestos TotalImpuestosTrasladados="${i.iva}"/>
  <cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="${i.uuid}" FechaTimbrado="2026-11-02T12:01:00" RfcProvCertif="SAT970701NN3" SelloCFD="${seal}" NoCertificadoSAT="30001000000500003456" SelloSAT="${seal}"/></cfdi:Complemento>
</cfdi:Comprobante>`;
}

/** What share of the received amount each delivered order is invoiced for, oldest first; the rest stay without invoice. */
const SHARES = [1, 1, 1, 1.08, 1, 0.6, 1, 1] as const;

export async function seedDemoInvoices(tx: Executor): Promise<void> {
  const delivered = await tx
    .select({
      id: orders.id,
      folio: orders.folio,
      issuerRfc: suppliers.rfc,
      issuerName: suppliers.name,
      receiverRfc: companies.rfc,
      receiverName: companies.name,
    })
    .from(orders)
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .innerJoin(works, eq(works.id, orders.workId))
    .innerJoin(companies, eq(companies.id, works.companyId))
    .where(inArray(orderStatuses.code, ['entregado']))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const [buyer] = await tx.select({ id: users.id }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(roles.name, 'Compras')).limit(1);

  for (const [index, order] of delivered.entries()) {
    const share = SHARES[index];
    if (share === undefined) break;
    const lines = await tx.select({ received: orderLines.receivedQuantity, price: orderLines.unitPrice }).from(orderLines).where(eq(orderLines.orderId, order.id));
    // Each line rounded to cents, as the API adds what arrived.
    const received = Number(toUnits(orderTotal(lines.map((l) => ({ quantity: l.received, unitPrice: l.price }))), MONEY_DECIMALS));
    const subtotal = Math.round(received * share);
    const iva = Math.round(subtotal * 0.16);
    const uuid = demoUuid(`goc-demo-${order.folio}`);
    const figures = { subtotal: pesos(subtotal), iva: pesos(iva), total: pesos(subtotal + iva) };
    await tx.insert(orderInvoices).values({
      orderId: order.id,
      uuid,
      series: 'F',
      folio: String(4100 + index),
      issuedAt: '2026-11-02T12:00:00',
      issuerRfc: order.issuerRfc,
      issuerName: order.issuerName.toUpperCase(),
      receiverRfc: order.receiverRfc,
      subtotal: figures.subtotal,
      taxes: figures.iva,
      total: figures.total,
      currency: 'MXN',
      amountMxn: figures.subtotal,
      xml: Buffer.from(demoXml({ ...order, ...figures, uuid, folio: String(4100 + index) }), 'utf8'),
      createdById: buyer?.id ?? null,
    });
    // As the API decides it: within ±$1.00 or ±0.5 % of what arrived, below it, or above it.
    const gap = subtotal - received;
    const within = Math.abs(gap) <= 100 || Math.abs(gap) * 1000 <= received * 5;
    const status = within ? 'facturado' : gap < 0 ? 'parcial' : 'diferencia';
    await tx.update(orders).set({ invoiceStatus: status }).where(eq(orders.id, order.id));
  }
}
