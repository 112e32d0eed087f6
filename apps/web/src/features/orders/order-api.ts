import { z } from 'zod';
import { invoiceListSchema, orderApprovalSchema, type OrderApproval, invoiceSchema, orderBudgetSchema, ordersResource, timelineEntrySchema, type Invoice, type InvoiceList, type OrderBudget, type OrderEntity } from '@goc/contracts';
import { api } from '../../lib/api/client';
import { fileNameFromDisposition, saveBlob } from '../../lib/resources/download';

/* The calls only orders have: the detail with its timeline, duplicate, the PDF, the budget and the supplier invoices. */

/** GET /orders/:id: the order with its lines and the status changes, oldest first. */
export const orderDetailSchema = ordersResource.schemas.entity.extend({ timeline: z.array(timelineEntrySchema) });
export type OrderDetail = z.output<typeof orderDetailSchema>;

export const orderKeys = {
  detail: (id: number) => ['resource', ordersResource.resource, 'detail', id] as const,
  invoices: (id: number) => ['resource', ordersResource.resource, 'invoices', id] as const,
  approval: (id: number) => ['resource', ordersResource.resource, 'approval', id] as const,
  budget: (workId: number, projectId: number | null) => ['resource', ordersResource.resource, 'budget', workId, projectId] as const,
};

export async function fetchOrder(id: number): Promise<OrderDetail> {
  const response = await api.get(`${ordersResource.resource}/${id}`);
  return orderDetailSchema.parse(response.data);
}

/** POST /orders/:id/duplicate: a new draft of the caller with the same work, project and lines. */
export async function duplicateOrder(id: number): Promise<OrderEntity> {
  const response = await api.post(`${ordersResource.resource}/${id}/duplicate`);
  return ordersResource.schemas.entity.parse(response.data);
}

/** GET /orders/:id/pdf saved under the server's file name (or `<folio>.pdf`). */
export async function downloadOrderPdf(id: number, folio: string): Promise<void> {
  const response = await api.get<Blob>(`${ordersResource.resource}/${id}/pdf`, { responseType: 'blob' });
  saveBlob(response.data, fileNameFromDisposition(response.headers['content-disposition']) ?? `${folio}.pdf`);
}

/** GET /orders/budget: the project's (or work's) budget, committed and available; null when the work does not exist. */
export async function fetchOrderBudget(workId: number, projectId: number | null): Promise<OrderBudget | null> {
  const response = await api.get(`${ordersResource.resource}/budget`, { params: { workId, ...(projectId === null ? {} : { projectId }) } });
  return orderBudgetSchema.nullable().parse(response.data);
}

/** GET /orders/:id/invoices: the supplier invoices with their match against what was received. */
export async function fetchInvoices(id: number): Promise<InvoiceList> {
  const response = await api.get(`${ordersResource.resource}/${id}/invoices`);
  return invoiceListSchema.parse(response.data);
}

/** POST /orders/:id/invoices: the CFDI's XML and, when given, its PDF. */
export async function uploadInvoice(id: number, xml: File, pdf: File | null): Promise<Invoice> {
  const form = new FormData();
  form.append('xml', xml, xml.name);
  if (pdf) form.append('pdf', pdf, pdf.name);
  const response = await api.post(`${ordersResource.resource}/${id}/invoices`, form);
  return invoiceSchema.parse(response.data);
}

export async function deleteInvoice(id: number, invoiceId: number): Promise<void> {
  await api.delete(`${ordersResource.resource}/${id}/invoices/${invoiceId}`);
}

/** The invoice's XML or PDF, saved under its UUID. */
export async function downloadInvoiceFile(id: number, invoiceId: number, kind: 'xml' | 'pdf', uuid: string): Promise<void> {
  const response = await api.get<Blob>(`${ordersResource.resource}/${id}/invoices/${invoiceId}/${kind}`, { responseType: 'blob' });
  saveBlob(response.data, fileNameFromDisposition(response.headers['content-disposition']) ?? `${uuid}.${kind}`);
}

/** GET /orders/:id/approval: what a sent order needs from Dirección, and whether the caller may give it. */
export async function fetchOrderApproval(id: number): Promise<OrderApproval> {
  const response = await api.get(`${ordersResource.resource}/${id}/approval`);
  return orderApprovalSchema.parse(response.data);
}

/** POST /orders/:id/approval-request: purchasing asks Dirección, with a comment. */
export async function requestOrderApproval(id: number, comment: string): Promise<void> {
  await api.post(`${ordersResource.resource}/${id}/approval-request`, { comment });
}
