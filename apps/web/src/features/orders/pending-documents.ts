import type { OutboxCommand } from '../../lib/offline/offline-db';
import { watchCommands } from '../../lib/offline/outbox';

type FileCommand = Extract<OutboxCommand, { kind: 'attachFile' }> & { order: { id: number } };

/** A photo or PDF kept on the phone for an order the server has (`orderId`, or any), not yet accepted by it. */
export function isUnsentFile(command: OutboxCommand, orderId?: number): command is FileCommand {
  return command.kind === 'attachFile' && command.state !== 'sent' && 'id' in command.order && (orderId === undefined || command.order.id === orderId);
}

/** How many such files each order has, read now and again on every change of the queue; the function returned stops. */
export function watchPendingDocuments(userId: number, onChange: (counts: Readonly<Record<number, number>>) => void): () => void {
  return watchCommands(userId, (commands) => {
    const counts: Record<number, number> = {};
    for (const command of commands) if (isUnsentFile(command)) counts[command.order.id] = (counts[command.order.id] ?? 0) + 1;
    onChange(counts);
  });
}
