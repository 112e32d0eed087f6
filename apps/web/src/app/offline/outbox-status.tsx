import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { formatDateTime } from '@goc/contracts';
import { AppDialog } from '../../components/app-dialog';
import { useConfirm } from '../../components/confirm/use-confirm';
import { es } from '../../i18n/es';
import type { OutboxCommand } from '../../lib/offline/offline-db';
import { offlineTexts } from '../../lib/offline/offline-texts';
import { clearSent, discardCommand, enqueue, flushOutbox, retryCommand } from '../../lib/offline/outbox';
import { useOutboxCommands, useOutboxSender, useSiteData } from '../../lib/offline/use-offline';
import { useOnline } from '../../lib/use-online';
import { usePermissions } from '../../lib/session/permissions-store';
import { correctionLink, orderLink } from '../../lib/routing/order-link';

const SEVERITY = { pending: 'info', sent: 'success', failed: 'danger', conflict: 'warning' } as const;

/** The parts of an order a person compares in a conflict: status, lines, version, notes. */
function OrderSide({ title, order }: { title: string; order: Record<string, unknown> | null }) {
  const lines = Array.isArray(order?.lines) ? order.lines.length : null;
  return (
    <div className="min-w-0 flex-1 rounded border border-solid border-slate-200 p-2 text-sm">
      <p className="m-0 font-semibold">{title}</p>
      {order ? (
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-2">
          {typeof order.folio === 'string' && (
            <>
              <dt>Folio</dt>
              <dd className="m-0">{order.folio}</dd>
            </>
          )}
          {lines !== null && (
            <>
              <dt>Partidas</dt>
              <dd className="m-0">{lines}</dd>
            </>
          )}
          {typeof order.version === 'number' && (
            <>
              <dt>Versión</dt>
              <dd className="m-0">{order.version}</dd>
            </>
          )}
          {typeof order.status === 'object' && order.status !== null && 'name' in order.status && (
            <>
              <dt>Estado</dt>
              <dd className="m-0">{String(order.status.name)}</dd>
            </>
          )}
          {typeof order.notes === 'string' && order.notes !== '' && (
            <>
              <dt>Notas</dt>
              <dd className="m-0 break-words">{order.notes}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="m-0 text-(--text-color-secondary)">—</p>
      )}
    </div>
  );
}

interface CommandItemProps {
  command: OutboxCommand;
  userId: number;
  /** A new order kept here whose send for authorisation is queued too. */
  sendQueued: boolean;
  onOpenOrder: (id: number, folio: string | null) => void;
  /** Opens a refused new order's form (or a refused edit's draft form) in Mis Pedidos, to correct it. */
  onCorrect: (seq: number) => void;
}

function CommandItem({ command, userId, sendQueued, onOpenOrder, onCorrect }: CommandItemProps) {
  const confirm = useConfirm();
  const seq = command.seq ?? 0;
  const discard = () =>
    confirm.require({
      header: es.confirmHeader,
      message: offlineTexts.discardConfirm,
      acceptLabel: offlineTexts.discard,
      rejectLabel: es.logoutConfirm.reject,
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => void discardCommand(userId, seq),
    });
  const body = 'body' in command ? command.body : null;
  const serverId = typeof command.serverSide?.id === 'number' ? command.serverSide.id : 'order' in command && 'id' in command.order ? command.order.id : null;
  const serverFolio = typeof command.serverSide?.folio === 'string' ? command.serverSide.folio : null;
  return (
    <li className="space-y-2 border-0 border-b border-solid border-slate-200 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <Tag severity={SEVERITY[command.state]} value={offlineTexts.states[command.state]} />
        <span className="font-medium">{command.summary}</span>
      </div>
      <p className="m-0 text-xs text-(--text-color-secondary)">{offlineTexts.queuedAt(formatDateTime(command.queuedAt))}</p>
      {command.message && <p className="m-0 text-sm text-red-700">{command.message}</p>}
      {command.state === 'conflict' && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <OrderSide title={offlineTexts.mine} order={body ? { ...body, ...('version' in command && typeof command.version === 'number' ? { version: command.version } : {}) } : { lines: null }} />
          <OrderSide title={offlineTexts.theirs} order={command.serverSide} />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {command.kind === 'createOrder' && command.state === 'pending' && !sendQueued && (
          <Button
            type="button"
            size="small"
            outlined
            label={offlineTexts.sendForAuthorisation}
            icon="pi pi-send"
            onClick={() => void enqueue(userId, { kind: 'sendOrder', order: { clientId: command.clientId }, version: null }, offlineTexts.summaries.send(command.summary)).then(() => (navigator.onLine ? flushOutbox(userId) : undefined))}
          />
        )}
        {((command.kind === 'createOrder' && (command.state === 'failed' || command.state === 'conflict')) || (command.kind === 'updateOrder' && command.state === 'failed')) && (
          <Button type="button" size="small" label={offlineTexts.correct} icon="pi pi-pencil" onClick={() => onCorrect(seq)} />
        )}
        {command.state === 'failed' && <Button type="button" size="small" outlined label={offlineTexts.retry} icon="pi pi-refresh" onClick={() => void retryCommand(userId, seq).then(() => flushOutbox(userId))} />}
        {command.state === 'failed' && <Button type="button" size="small" severity="danger" outlined label={offlineTexts.discard} icon="pi pi-trash" onClick={discard} />}
        {command.state === 'conflict' && body && (
          <Button
            type="button"
            size="small"
            label={offlineTexts.saveMineAsDraft}
            icon="pi pi-copy"
            onClick={() =>
              void enqueue(userId, { kind: 'createOrder', body: { ...(command.serverSide ? pick(command.serverSide, ['workId', 'projectId', 'requiredDate', 'notes', 'lines']) : {}), ...body } }, offlineTexts.summaries.create(serverFolio ?? command.summary))
                .then(() => discardCommand(userId, seq))
                .then(() => flushOutbox(userId))
            }
          />
        )}
        {command.state === 'conflict' && <Button type="button" size="small" severity="danger" outlined label={offlineTexts.discardMine} icon="pi pi-trash" onClick={discard} />}
        {command.state === 'conflict' && serverId !== null && <Button type="button" size="small" text label={offlineTexts.openCurrent} icon="pi pi-eye" onClick={() => onOpenOrder(serverId, serverFolio)} />}
      </div>
    </li>
  );
}

const pick = (record: Record<string, unknown>, names: readonly string[]) => Object.fromEntries(names.filter((n) => n in record).map((n) => [n, record[n]]));

/**
 * In the header: «Sin conexión» and how fresh the site data is («Datos de hace 2 h») while offline
 * (on a phone in `statusBar`, the slim bar under the header, so the page's title keeps its room),
 * and «3 cambios sin enviar» while the outbox holds
 * anything not accepted by the server; the button opens the list of each item with its state, the
 * server's message and the ways out. It also runs the sending (app start, `online`, every minute)
 * and the site data's refresh.
 */
export function OutboxStatus({ userId, touch, statusBar = null }: { userId: number; touch: boolean; statusBar?: HTMLElement | null }) {
  useOutboxSender(userId);
  const { can } = usePermissions();
  const syncedAt = useSiteData(userId, can('my_orders', 'create'));
  const online = useOnline();
  const commands = useOutboxCommands(userId);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const unsent = commands.filter((c) => c.state !== 'sent').length;
  const conflicts = commands.filter((c) => c.state === 'conflict');
  const others = commands.filter((c) => c.state !== 'conflict');
  const sending = new Set(commands.flatMap((c) => (c.kind === 'sendOrder' && 'clientId' in c.order ? [c.order.clientId] : [])));
  const openOrder = (id: number, folio: string | null) => {
    setOpen(false);
    void navigate(orderLink('myOrders', { id, folio }));
  };
  const correct = (seq: number) => {
    setOpen(false);
    void navigate(correctionLink(seq));
  };
  if (online && commands.length === 0) return null;
  const label = unsent > 0 ? offlineTexts.unsent(unsent) : offlineTexts.dialogTitle;
  return (
    <>
      {!online &&
        (statusBar ? (
          createPortal(
            <p role="status" className="m-0 flex items-center gap-2 border-0 border-t border-solid border-slate-200 bg-slate-100 px-3 py-1 text-xs text-slate-700">
              <span className="font-semibold">{offlineTexts.offline}</span>
              {syncedAt !== null && <span>{offlineTexts.dataAge(syncedAt)}</span>}
            </p>,
            statusBar,
          )
        ) : (
          <>
            <Tag severity="secondary" value={offlineTexts.offline} />
            {syncedAt !== null && <span className="text-xs text-slate-500">{offlineTexts.dataAge(syncedAt)}</span>}
          </>
        ))}
      {commands.length > 0 && (
        <Button
          type="button"
          size="small"
          severity={conflicts.length > 0 || commands.some((c) => c.state === 'failed') ? 'danger' : 'warning'}
          outlined
          icon="pi pi-upload"
          label={touch ? String(unsent) : label}
          aria-label={label}
          onClick={() => setOpen(true)}
        />
      )}
      <AppDialog header={offlineTexts.dialogTitle} visible={open} onHide={() => setOpen(false)} style={{ width: '40rem' }}>
        <p className="mt-0 text-sm">{offlineTexts.dialogIntro}</p>
        {commands.length === 0 && <p>{offlineTexts.empty}</p>}
        {conflicts.length > 0 && (
          <section aria-label={offlineTexts.conflictsTitle}>
            <h2 className="m-0 text-base">{offlineTexts.conflictsTitle}</h2>
            <ul className="m-0 list-none p-0">
              {conflicts.map((c) => (
                <CommandItem key={c.seq} command={c} userId={userId} sendQueued={sending.has(c.clientId)} onOpenOrder={openOrder} onCorrect={correct} />
              ))}
            </ul>
          </section>
        )}
        <ul className="m-0 list-none p-0">
          {others.map((c) => (
            <CommandItem key={c.seq} command={c} userId={userId} sendQueued={sending.has(c.clientId)} onOpenOrder={openOrder} onCorrect={correct} />
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="button" label={offlineTexts.sendNow} icon="pi pi-send" disabled={!online || unsent === 0} onClick={() => void flushOutbox(userId)} />
          {commands.some((c) => c.state === 'sent') && <Button type="button" text label={offlineTexts.clearSent} onClick={() => void clearSent(userId)} />}
        </div>
      </AppDialog>
    </>
  );
}
