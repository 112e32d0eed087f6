import { z } from 'zod';
import { ordersResource, timelineEntrySchema, type OrderEntity } from '@goc/contracts';
import { api } from '../../lib/api/client';
import { fileNameFromDisposition, saveBlob } from '../../lib/resources/download';

/* The calls only orders have: the detail with its timeline, duplicate and the PDF. */

/** GET /orders/:id: the order with its lines and the status changes, oldest first. */
export const orderDetailSchema = ordersResource.schemas.entity.extend({ timeline: z.array(timelineEntrySchema) });
export type OrderDetail = z.output<typeof orderDetailSchema>;

export const orderKeys = {
  detail: (id: number) => ['resource', ordersResource.resource, 'detail', id] as const,
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
