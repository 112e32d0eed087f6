import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DELIVERY_STATUS_LABELS, formatDateTime, type DeliveryStatus, type Webhook, type WebhookDelivery } from '@goc/contracts';
import { AppDialog } from '../../components/app-dialog';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { fetchDeliveries, fetchDelivery, integrationKeys, redeliver } from './integrations-api';
import { integrationTexts as texts } from './integrations-texts';

const SEVERITY: Record<DeliveryStatus, 'success' | 'warning' | 'danger'> = { succeeded: 'success', pending: 'warning', failed: 'danger' };

/** The JSON body a delivery sends, indented, as the receiver gets it. */
function PayloadDialog({ webhook, delivery, onHide }: { webhook: Webhook; delivery: WebhookDelivery; onHide: () => void }) {
  const detail = useQuery({ queryKey: integrationKeys.delivery(webhook.id, delivery.id), queryFn: () => fetchDelivery(webhook.id, delivery.id) });
  return (
    <AppDialog visible onHide={onHide} header={texts.payloadOf(delivery.event, delivery.deliveryId)} style={{ width: '48rem' }}>
      {detail.isPending ? (
        <Spinner size="2rem" className="mx-auto my-6" />
      ) : detail.isError ? (
        <p className="m-0 text-slate-600">{texts.payloadFailed}</p>
      ) : (
        <pre className="m-0 max-h-[60vh] overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 text-xs" aria-label={texts.payloadOf(delivery.event, delivery.deliveryId)} tabIndex={0}>
          {JSON.stringify(detail.data.payload, null, 2)}
        </pre>
      )}
    </AppDialog>
  );
}

/** The webhook's delivery log: event, status, attempts, last answer, duration, next try; «Reenviar». */
export function DeliveriesDialog({ webhook, onHide }: { webhook: Webhook; onHide: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = integrationKeys.deliveries(webhook.id);
  const log = useQuery({ queryKey: key, queryFn: () => fetchDeliveries(webhook.id) });
  const [reading, setReading] = useState<WebhookDelivery | null>(null);
  const again = useMutation({
    mutationFn: (deliveryId: number) => redeliver(webhook.id, deliveryId),
    onSuccess: () => {
      toast.add({ severity: 'success', summary: texts.redelivered, life: 3000 });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toast.add({ severity: 'error', summary: texts.redeliverFailed, detail: errorMessage(error), life: 6000 }),
  });

  return (
    <AppDialog visible onHide={onHide} header={texts.deliveriesOf(webhook.url)} style={{ width: '60rem' }}>
      <div className="flex flex-col gap-3">
        <div className="flex justify-end">
          <Button type="button" icon="pi pi-refresh" label={texts.refresh} severity="secondary" outlined size="small" loading={log.isFetching} onClick={() => void log.refetch()} />
        </div>
        {log.isPending ? (
          <Spinner size="2rem" className="mx-auto my-6" />
        ) : (log.data ?? []).length === 0 ? (
          <p className="m-0 text-slate-600">{texts.noDeliveries}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm" aria-label={texts.deliveries}>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  {[texts.date, texts.event, texts.status, texts.attempts, texts.lastCode, texts.duration, texts.nextTry, texts.actions].map((h) => (
                    <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {log.data!.map((d) => (
                  <tr key={d.id} className="border-0 border-t border-solid border-slate-100">
                    <td className="whitespace-nowrap px-3 py-2">{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</td>
                    <td className="px-3 py-2">
                      <code>{d.event}</code>
                      <span className="block text-xs text-slate-500">GOC-Delivery {d.deliveryId}</span>
                    </td>
                    <td className="px-3 py-2">
                      <Tag value={DELIVERY_STATUS_LABELS[d.status]} severity={SEVERITY[d.status]} />
                      {d.lastError && <span className="block text-xs text-slate-600">{d.lastError}</span>}
                    </td>
                    <td className="px-3 py-2 text-right">{d.attempts}</td>
                    <td className="px-3 py-2">{d.lastStatusCode ?? '—'}</td>
                    <td className="whitespace-nowrap px-3 py-2">{d.durationMs === null ? '—' : `${d.durationMs} ms`}</td>
                    <td className="whitespace-nowrap px-3 py-2">{d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'}</td>
                    <td className="flex flex-wrap gap-1 px-3 py-2">
                      <Button
                        type="button"
                        icon="pi pi-eye"
                        label={texts.payload}
                        size="small"
                        text
                        aria-label={`${texts.payload} ${d.event} ${d.deliveryId}`}
                        onClick={() => setReading(d)}
                      />
                      {d.status !== 'pending' && (
                        <Button
                          type="button"
                          icon="pi pi-replay"
                          label={texts.redeliver}
                          size="small"
                          text
                          aria-label={`${texts.redeliver} ${d.event} ${d.deliveryId}`}
                          disabled={again.isPending}
                          onClick={() => again.mutate(d.id)}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {reading && <PayloadDialog webhook={webhook} delivery={reading} onHide={() => setReading(null)} />}
    </AppDialog>
  );
}
