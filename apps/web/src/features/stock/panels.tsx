import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { displayQuantity, formatDay, STOCK_MOVEMENT_LABELS, type StockCount, type Transfer } from '@goc/contracts';
import { AppDialog } from '../../components/app-dialog';
import { DocumentsDialog } from '../../components/attachments/documents-dialog';
import { FormDialog } from '../../components/form/form-dialog';
import { OnlineOnlyButton } from '../../components/online-only-button';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { formatMoney } from '../../lib/format';
import { applyCount, CONSUMPTION_DOCUMENTS, fetchCounts, fetchKardex, fetchTransfers, receiveTransfer, stockKeys } from './stock-api';
import { stockTexts } from './stock-texts';

const fieldsOf = (error: unknown): Record<string, string> => apiErrorBody(error)?.fields ?? {};

/**
 * The kardex of one material at one work: each movement with the balance after it, oldest first.
 * A salida's row opens its documents (photos, the signed vale) in the shared panel, online only as
 * every store movement: the server says who may add or remove them.
 */
export function KardexDialog({ workId, materialId, onHide }: { workId: number; materialId: number; onHide: () => void }) {
  const [page, setPage] = useState(1);
  const [documentsOf, setDocumentsOf] = useState<{ consumptionId: number; label: string } | null>(null);
  const kardex = useQuery({ queryKey: stockKeys.kardex(workId, materialId, page), queryFn: () => fetchKardex(workId, materialId, page) });
  const data = kardex.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <AppDialog visible header={data ? stockTexts.kardexTitle(data.material.label, data.work.label) : stockTexts.kardex} style={{ width: '56rem' }} onHide={onHide}>
      {kardex.isError && <Message severity="error" className="w-full justify-start" text={errorMessage(kardex.error)} />}
      {data && (
        <>
          <dl className="mb-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div>
              <dt className="inline font-medium">{stockTexts.onHand}: </dt>
              <dd className="inline">{`${displayQuantity(data.quantity)} ${data.unit ?? ''}`}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{stockTexts.averageCost}: </dt>
              <dd className="inline">{formatMoney(data.averageCost)}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{stockTexts.value}: </dt>
              <dd className="inline">{formatMoney(data.value)}</dd>
            </div>
          </dl>
          {data.items.length === 0 ? (
            <p>{stockTexts.noMovements}</p>
          ) : (
            // The padding keeps a focused row button's ring inside the scrolling box.
            <div className="overflow-x-auto p-1">
              <table className="w-full text-sm [&_td]:px-1.5 [&_td]:py-0.5 [&_th]:px-1.5">
                <thead>
                  <tr className="text-left">
                    <th scope="col">{stockTexts.date}</th>
                    <th scope="col">{stockTexts.movement}</th>
                    <th scope="col">{stockTexts.concept}</th>
                    <th scope="col" className="text-right">{stockTexts.quantity}</th>
                    <th scope="col" className="text-right">{stockTexts.amount}</th>
                    <th scope="col" className="text-right">{stockTexts.balance}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((m) => (
                    <tr key={m.id} className="border-t border-(--surface-border)">
                      <td>{formatDay(m.date)}</td>
                      <td>{STOCK_MOVEMENT_LABELS[m.kind]}</td>
                      <td>
                        {/* A salida's documents open beside its concept: in sight on a phone, where the table scrolls sideways. */}
                        <span className="inline-flex items-center gap-2">
                          {[m.reference, m.concept].filter(Boolean).join(' · ')}
                          {m.consumptionId !== null && (
                            <OnlineOnlyButton
                              icon="pi pi-paperclip"
                              text
                              rounded
                              size="small"
                              // As tall as a line of the table, so a salida's row is no taller than the others.
                              className="h-6 w-6 shrink-0 p-0"
                              aria-label={stockTexts.consumptionDocuments(formatDay(m.date), m.concept)}
                              onClick={() => m.consumptionId !== null && setDocumentsOf({ consumptionId: m.consumptionId, label: stockTexts.consumptionLabel(formatDay(m.date), m.concept) })}
                            />
                          )}
                        </span>
                      </td>
                      <td className="text-right">{`${m.quantity > 0 ? '+' : ''}${displayQuantity(m.quantity)}`}</td>
                      <td className="text-right">{formatMoney(m.amount)}</td>
                      <td className="text-right font-medium">{displayQuantity(m.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <div className="mt-2 flex items-center justify-end gap-2">
              <Button icon="pi pi-angle-left" text aria-label="Página anterior" disabled={page === 1} onClick={() => setPage(page - 1)} />
              <span className="text-sm">{`${page} / ${pages}`}</span>
              <Button icon="pi pi-angle-right" text aria-label="Página siguiente" disabled={page === pages} onClick={() => setPage(page + 1)} />
            </div>
          )}
        </>
      )}
      {documentsOf && <DocumentsDialog resource={CONSUMPTION_DOCUMENTS} recordId={documentsOf.consumptionId} label={documentsOf.label} onHide={() => setDocumentsOf(null)} />}
    </AppDialog>
  );
}

/** Recibir: what arrived of each line (all of it by default); a shortfall asks for its reason. */
function ReceiveDialog({ transfer, onHide }: { transfer: Transfer; onHide: () => void }) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [received, setReceived] = useState<(number | null)[]>(transfer.lines.map((l) => l.quantity));
  const [lossReason, setLossReason] = useState('');
  const save = useMutation({
    mutationFn: () =>
      receiveTransfer(transfer.id, {
        version: transfer.version,
        lines: transfer.lines.map((l, i) => ({ materialId: l.materialId, quantity: received[i] ?? 0 })),
        lossReason: lossReason || null,
      }),
    onSuccess: async () => {
      toast.add({ severity: 'success', summary: stockTexts.transferReceived(transfer.folio), life: 3000 });
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      onHide();
    },
  });
  const errors = fieldsOf(save.error);
  const short = transfer.lines.some((l, i) => (received[i] ?? 0) < l.quantity);
  return (
    <FormDialog formId={formId} header={stockTexts.receiveTitle(transfer.folio)} width="36rem" submitLabel={stockTexts.receive} pending={save.isPending} onHide={onHide} onSubmit={() => save.mutate()}>
      {save.isError && Object.keys(errors).length === 0 && <Message severity="error" className="w-full justify-start md:col-span-2" text={errorMessage(save.error)} />}
      {transfer.lines.map((line, i) => (
        <FormField
          key={line.materialId}
          id={`${formId}-line-${i}`}
          label={`${line.material} (${stockTexts.sent}: ${displayQuantity(line.quantity)} ${line.unit ?? ''})`}
          required
          error={errors[`lines.${i}.quantity`]}
        >
          <InputNumber
            inputId={`${formId}-line-${i}`}
            value={received[i] ?? null}
            onChange={(e) => setReceived(received.map((v, j) => (j === i ? (e.value ?? null) : v)))}
            locale="es-MX"
            inputMode="decimal"
            min={0}
            max={line.quantity}
            maxFractionDigits={3}
            className="w-full"
          />
        </FormField>
      ))}
      {short && (
        <FormField id={`${formId}-loss`} label={stockTexts.lossReason} required wide error={errors.lossReason}>
          <InputTextarea id={`${formId}-loss`} value={lossReason} onChange={(e) => setLossReason(e.target.value)} maxLength={500} rows={2} className="w-full" />
        </FormField>
      )}
    </FormDialog>
  );
}

/** Traspasos en tránsito, each with its lines and «Recibir» for whoever records movements. */
export function TransfersPanel({ canReceive }: { canReceive: boolean }) {
  const transfers = useQuery({ queryKey: stockKeys.transfers('en_transito'), queryFn: () => fetchTransfers('en_transito') });
  const [receiving, setReceiving] = useState<Transfer | null>(null);
  return (
    <section aria-labelledby="stock-transfers" className="flex flex-col gap-2">
      <h2 id="stock-transfers" className="text-lg font-semibold">
        {stockTexts.inTransit}
      </h2>
      {transfers.isError && <Message severity="error" className="w-full justify-start" text={errorMessage(transfers.error)} />}
      {transfers.data?.length === 0 && <p className="text-sm">{stockTexts.noTransfers}</p>}
      <ul className="flex flex-col gap-2">
        {(transfers.data ?? []).map((t) => (
          <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-(--surface-border) p-3">
            <div className="min-w-0">
              <p className="font-medium">{`${t.folio} · ${formatDay(t.date)}`}</p>
              <p className="text-sm">{stockTexts.fromTo(t.fromWork.label, t.toWork.label)}</p>
              <p className="text-sm text-(--text-color-secondary)">{t.lines.map((l) => `${displayQuantity(l.quantity)} ${l.unit ?? ''} ${l.material}`).join(', ')}</p>
            </div>
            {canReceive && <OnlineOnlyButton label={stockTexts.receive} icon="pi pi-download" onClick={() => setReceiving(t)} />}
          </li>
        ))}
      </ul>
      {receiving && <ReceiveDialog transfer={receiving} onHide={() => setReceiving(null)} />}
    </section>
  );
}

/** Aplicar un conteo: its differences become adjustments with the reason given. */
function ApplyDialog({ count, onHide }: { count: StockCount; onHide: () => void }) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () => applyCount(count.id, { version: count.version, reason }),
    onSuccess: async () => {
      toast.add({ severity: 'success', summary: stockTexts.countApplied, life: 3000 });
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      onHide();
    },
  });
  const errors = fieldsOf(save.error);
  return (
    <FormDialog formId={formId} header={stockTexts.applyTitle(count.work.label)} width="40rem" submitLabel={stockTexts.apply} pending={save.isPending} onHide={onHide} onSubmit={() => save.mutate()}>
      {save.isError && Object.keys(errors).length === 0 && <Message severity="error" className="w-full justify-start md:col-span-2" text={errorMessage(save.error)} />}
      <table className="w-full text-sm md:col-span-2">
        <thead>
          <tr className="text-left">
            <th scope="col">{stockTexts.material}</th>
            <th scope="col" className="text-right">{stockTexts.expected}</th>
            <th scope="col" className="text-right">{stockTexts.counted}</th>
            <th scope="col" className="text-right">{stockTexts.difference}</th>
          </tr>
        </thead>
        <tbody>
          {count.lines.map((l) => (
            <tr key={l.materialId} className="border-t border-(--surface-border)">
              <td>{l.material}</td>
              <td className="text-right">{displayQuantity(l.expectedQuantity)}</td>
              <td className="text-right">{displayQuantity(l.countedQuantity)}</td>
              <td className="text-right font-medium">{`${l.difference > 0 ? '+' : ''}${displayQuantity(l.difference)} ${l.unit ?? ''}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormField id={`${formId}-reason`} label={stockTexts.adjustmentReason} required wide error={errors.reason}>
        <InputTextarea id={`${formId}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={2} className="w-full" />
      </FormField>
    </FormDialog>
  );
}

/** Conteos por aprobar; «Aplicar ajustes» only with `stock` edit. */
export function CountsPanel({ canApply }: { canApply: boolean }) {
  const counts = useQuery({ queryKey: stockKeys.counts('por_aprobar'), queryFn: () => fetchCounts('por_aprobar') });
  const [applying, setApplying] = useState<StockCount | null>(null);
  return (
    <section aria-labelledby="stock-counts" className="flex flex-col gap-2">
      <h2 id="stock-counts" className="text-lg font-semibold">
        {stockTexts.pendingCounts}
      </h2>
      {counts.isError && <Message severity="error" className="w-full justify-start" text={errorMessage(counts.error)} />}
      {counts.data?.length === 0 && <p className="text-sm">{stockTexts.noCounts}</p>}
      <ul className="flex flex-col gap-2">
        {(counts.data ?? []).map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-(--surface-border) p-3">
            <div className="min-w-0">
              <p className="font-medium">{`${c.work.label} · ${formatDay(c.date)}`}</p>
              <p className="text-sm text-(--text-color-secondary)">
                {c.lines.filter((l) => l.difference !== 0).map((l) => `${l.material}: ${l.difference > 0 ? '+' : ''}${displayQuantity(l.difference)} ${l.unit ?? ''}`).join(', ') || 'Sin diferencias'}
              </p>
            </div>
            {canApply && <OnlineOnlyButton label={stockTexts.apply} icon="pi pi-check" onClick={() => setApplying(c)} />}
          </li>
        ))}
      </ul>
      {applying && <ApplyDialog count={applying} onHide={() => setApplying(null)} />}
    </section>
  );
}
