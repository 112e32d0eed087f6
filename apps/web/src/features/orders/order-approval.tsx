import { useState } from 'react';
import { useDialogDraft, useDraftToReopen } from '../../components/form/form-draft';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { can, COMMENT_MAX_LENGTH, ordersResource, type OrderApproval } from '@goc/contracts';
import { AppDialog } from '../../components/app-dialog';
import { fieldTextIds, FormField } from '../../components/form/form-field';
import { OnlineOnlyButton } from '../../components/online-only-button';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { usePermissions } from '../../lib/session/permissions-store';
import { fetchOrderApproval, orderKeys, requestOrderApproval } from './order-api';
import { ordersTexts } from './orders-texts';

/** What a sent order needs from Dirección (read before Autorizar); nothing for any other status. */
export function useOrderApproval(orderId: number, sent: boolean) {
  return useQuery({ queryKey: orderKeys.approval(orderId), queryFn: () => fetchOrderApproval(orderId), enabled: sent });
}

/** Each reason as a warning: «Requiere aprobación de Dirección: total ≥ límite de $…», «Excede el presupuesto de «…» por $…». */
export function ApprovalReasons({ approval }: { approval: OrderApproval }) {
  return (
    <>
      {approval.reasons.map((reason) => (
        <Message key={reason.kind} severity="warn" text={reason.message} className="w-full justify-start" />
      ))}
    </>
  );
}

/** Whose drafts the approval request leaves when the session ends; its context is the order's id. */
const REQUEST_DRAFT_OWNER = 'orders/approval-request';

/** Purchasing's request to Dirección with a comment; the server's refusal stays in the dialog, by field. */
function RequestDialog({ orderId, folio, onHide }: { orderId: number; folio: string; onHide: () => void }) {
  const [comment, setComment] = useState('');
  // The comment comes back after signing in again.
  useDialogDraft({ owner: REQUEST_DRAFT_OWNER, id: String(orderId), context: orderId, values: { comment }, dirty: comment.trim() !== '', restore: (kept) => setComment(kept.comment) });
  const toast = useToast();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => requestOrderApproval(orderId, comment),
    onSuccess: async () => {
      toast.add({ severity: 'success', summary: ordersTexts.requestSent(folio), life: 4000 });
      onHide();
      await queryClient.invalidateQueries({ queryKey: ['resource', ordersResource.resource] });
    },
  });
  const fieldError = apiErrorBody(send.error)?.fields?.comment;
  const failure = send.isError && !fieldError ? errorMessage(send.error) : null;
  const id = `order-${orderId}-approval-request`;
  return (
    <AppDialog
      visible
      header={ordersTexts.requestApproval}
      style={{ width: '32rem' }}
      onHide={onHide}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" label={ordersTexts.requestCancel} text onClick={onHide} />
          <OnlineOnlyButton type="button" label={ordersTexts.requestSend} icon="pi pi-send" loading={send.isPending} onClick={() => send.mutate()} />
        </div>
      }>
      <div className="space-y-3">
        {failure && <Message severity="error" text={`${ordersTexts.requestFailed}: ${failure}`} className="w-full justify-start" />}
        <FormField id={id} label={ordersTexts.requestComment} required error={fieldError} hint={ordersTexts.requestHint}>
          <InputTextarea
            id={id}
            value={comment}
            maxLength={COMMENT_MAX_LENGTH}
            rows={3}
            onChange={(event) => setComment(event.target.value)}
            invalid={fieldError !== undefined}
            aria-describedby={fieldError ? fieldTextIds(id).error : fieldTextIds(id).hint}
            className="w-full"
          />
        </FormField>
      </div>
    </AppDialog>
  );
}

/**
 * The detail's box for a sent order that waits for Dirección: why, and — to purchasing, who cannot
 * give the approval — «Solicitar aprobación a Dirección».
 */
export function OrderApprovalBox({ orderId, folio }: { orderId: number; folio: string }) {
  const approval = useOrderApproval(orderId, true);
  const { permissions } = usePermissions();
  const [asking, setAsking] = useState(false);
  useDraftToReopen(REQUEST_DRAFT_OWNER, (context) => setAsking(context === orderId));
  if (approval.isError) return <Message severity="error" text={`${ordersTexts.approvalFailed}: ${errorMessage(approval.error)}`} className="w-full justify-start" />;
  if (approval.isPending) return <Skeleton height="3rem" />;
  const data = approval.data;
  if (data.reasons.length === 0) return null;
  const mayAsk = !data.canApprove && can(permissions, 'history', 'edit');
  return (
    <section aria-label={ordersTexts.approvalTitle} className="space-y-2">
      <ApprovalReasons approval={data} />
      {mayAsk && <OnlineOnlyButton type="button" label={ordersTexts.requestApproval} icon="pi pi-send" size="small" outlined onClick={() => setAsking(true)} />}
      {asking && <RequestDialog orderId={orderId} folio={folio} onHide={() => setAsking(false)} />}
    </section>
  );
}
