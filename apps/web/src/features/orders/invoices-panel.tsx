import { useId, useRef, useState, type RefObject } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { formatDay, INVOICE_MESSAGES, INVOICE_STATUS_OPTIONS, MATCH_OPTIONS, type Invoice, type InvoiceMatch } from '@goc/contracts';
import { useConfirm } from '../../components/confirm/use-confirm';
import { OnlineOnlyButton } from '../../components/online-only-button';
import { StatusTag } from '../../components/list/status-tag';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { formatMoney } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { deleteInvoice, downloadInvoiceFile, fetchInvoices, orderKeys, uploadInvoice } from './order-api';
import { ordersTexts } from './orders-texts';

/** «Coincide», or «Diferencia de $120.00» (the invoices against what was received). */
export function MatchTag({ match }: { match: InvoiceMatch }) {
  const option = MATCH_OPTIONS.find((o) => o.value === match.status);
  const label = match.status === 'coincide' ? (option?.label ?? 'Coincide') : INVOICE_MESSAGES.difference(match.difference);
  return <StatusTag severity={option?.severity} label={label} />;
}

/**
 * A file input in Spanish: the browser's own button speaks the browser's language, so the input is
 * visually hidden (still focusable and named by its label) behind a button-like label with the file chosen.
 */
function FilePick({ id, label, accept, file, inputRef, onPick }: { id: string; label: string; accept: string; file: File | null; inputRef: RefObject<HTMLInputElement | null>; onPick: (file: File | null) => void }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <span id={`${id}-label`}>{label}</span>
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-solid border-(--surface-border) px-3 py-2 has-[+input:focus-visible]:outline-2 has-[+input:focus-visible]:outline-blue-600"
      >
        <i className="pi pi-paperclip" aria-hidden="true" />
        <span className="truncate">{file ? file.name : ordersTexts.chooseFile}</span>
      </label>
      <input ref={inputRef} id={id} type="file" accept={accept} className="sr-only" aria-labelledby={`${id}-label`} onChange={(event) => onPick(event.target.files?.[0] ?? null)} />
    </div>
  );
}

const folioOf = (invoice: Pick<Invoice, 'series' | 'folio'>) => [invoice.series, invoice.folio].filter(Boolean).join('-') || '—';

/**
 * The supplier's CFDI invoices of an order: the match of their amounts with what was received, each
 * invoice with its XML / PDF, and — for purchasing, once the order is bought — the upload of a new
 * one (XML and optional PDF) and its removal.
 */
export function InvoicesPanel({ orderId, invoiceable }: { orderId: number; invoiceable: boolean }) {
  const id = useId();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const xmlInput = useRef<HTMLInputElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  const [xml, setXml] = useState<File | null>(null);
  const [pdf, setPdf] = useState<File | null>(null);
  const online = useOnline();
  const list = useQuery({ queryKey: orderKeys.invoices(orderId), queryFn: () => fetchInvoices(orderId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', '/orders'] });

  const upload = useMutation({
    mutationFn: () => uploadInvoice(orderId, xml as File, pdf),
    onSuccess: async (invoice) => {
      toast.add({ severity: 'success', summary: ordersTexts.invoiceUploaded(invoice.uuid), life: 4000 });
      setXml(null);
      setPdf(null);
      if (xmlInput.current) xmlInput.current.value = '';
      if (pdfInput.current) pdfInput.current.value = '';
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (invoice: Invoice | Omit<Invoice, 'match'>) => deleteInvoice(orderId, invoice.id),
    onSuccess: async () => {
      toast.add({ severity: 'success', summary: ordersTexts.invoiceDeleted, life: 3000 });
      await refresh();
    },
    onError: (error) => toast.add({ severity: 'error', summary: ordersTexts.invoiceDeleteHeader, detail: errorMessage(error), life: 8000 }),
  });
  const download = useMutation({
    mutationFn: ({ invoice, kind }: { invoice: Omit<Invoice, 'match'>; kind: 'xml' | 'pdf' }) => downloadInvoiceFile(orderId, invoice.id, kind, invoice.uuid),
    onError: (error) => toast.add({ severity: 'error', summary: ordersTexts.invoiceDownloadFailed, detail: errorMessage(error), life: 8000 }),
  });

  const data = list.data;
  const status = data ? INVOICE_STATUS_OPTIONS.find((o) => o.value === data.invoiceStatus) : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-title`} className="m-0 text-base">
          {ordersTexts.invoicesTitle}
        </h3>
        {status && <StatusTag severity={status.severity} label={status.label} />}
        {data && data.items.length > 0 && <MatchTag match={data.match} />}
      </div>
      {list.isError && <Message severity="error" text={`${ordersTexts.invoicesFailed}: ${errorMessage(list.error)}`} className="w-full justify-start" />}
      {list.isPending && <Skeleton height="4rem" />}
      {data && (
        <>
          {data.items.length > 0 && (
            <p className="m-0 text-sm text-(--text-color-secondary)">
              {ordersTexts.invoiced}: {formatMoney(data.match.invoiced)} · {ordersTexts.receivedAmount}: {formatMoney(data.match.received)}
            </p>
          )}
          {data.items.length === 0 ? (
            <p className="m-0 text-sm text-(--text-color-secondary)">{ordersTexts.noInvoices}</p>
          ) : (
            <ul className="m-0 list-none space-y-2 p-0">
              {data.items.map((invoice) => (
                <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-solid border-(--surface-border) p-2 text-sm">
                  <span className="flex min-w-0 flex-col">
                    <span className="font-medium break-all">{invoice.uuid}</span>
                    <span className="text-xs text-(--text-color-secondary)">
                      {folioOf(invoice)} · {formatDay(invoice.issuedAt.slice(0, 10))} · {invoice.issuerName ?? invoice.issuerRfc}
                    </span>
                  </span>
                  <span className="flex flex-wrap items-center gap-1">
                    <span className="mr-2 text-right">
                      <span className="block font-medium">{formatMoney(invoice.total)}</span>
                      <span className="block text-xs text-(--text-color-secondary)">
                        {ordersTexts.invoiceAmount} {formatMoney(invoice.amountMxn)}
                        {invoice.currency !== 'MXN' ? ` (${invoice.currency})` : ''}
                      </span>
                    </span>
                    <Button type="button" icon="pi pi-code" text rounded aria-label={`XML ${invoice.uuid}`} onClick={() => download.mutate({ invoice, kind: 'xml' })} />
                    {invoice.hasPdf && <Button type="button" icon="pi pi-file-pdf" text rounded aria-label={`PDF ${invoice.uuid}`} onClick={() => download.mutate({ invoice, kind: 'pdf' })} />}
                    {data.canEdit && (
                      <OnlineOnlyButton
                        type="button"
                        icon="pi pi-trash"
                        text
                        rounded
                        severity="danger"
                        aria-label={`${ordersTexts.invoiceDelete} ${invoice.uuid}`}
                        onClick={() =>
                          confirm.require({
                            header: ordersTexts.invoiceDeleteHeader,
                            message: ordersTexts.invoiceDeleteConfirm(invoice.uuid),
                            icon: 'pi pi-exclamation-triangle',
                            acceptLabel: ordersTexts.invoiceDelete,
                            rejectLabel: 'Cancelar',
                            acceptClassName: 'p-button-danger',
                            defaultFocus: 'reject',
                            accept: () => remove.mutate(invoice),
                          })
                        }
                      />
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {data.canEdit && !invoiceable && <p className="m-0 text-sm text-(--text-color-secondary)">{ordersTexts.invoicesOnlyBought}</p>}
          {data.canEdit && invoiceable && (
            <form
              className="flex flex-col gap-2 rounded-md border border-dashed border-(--surface-border) p-3 sm:flex-row sm:flex-wrap sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                // Enter in a file input submits too: offline the upload is held like its button.
                if (xml && online) upload.mutate();
              }}
            >
              <FilePick id={`${id}-xml`} label={ordersTexts.invoiceXml} accept=".xml,application/xml,text/xml" file={xml} inputRef={xmlInput} onPick={setXml} />
              <FilePick id={`${id}-pdf`} label={ordersTexts.invoicePdf} accept=".pdf,application/pdf" file={pdf} inputRef={pdfInput} onPick={setPdf} />
              <OnlineOnlyButton type="submit" label={ordersTexts.invoiceUpload} icon="pi pi-upload" size="small" disabled={!xml} loading={upload.isPending} />
            </form>
          )}
          {upload.isError && <Message severity="error" text={`${ordersTexts.invoiceUploadFailed}: ${errorMessage(upload.error)}`} className="w-full justify-start" />}
          {data.items.length > 0 && <p className="m-0 text-xs text-(--text-color-secondary)">{ordersTexts.seal}</p>}
        </>
      )}
    </section>
  );
}
