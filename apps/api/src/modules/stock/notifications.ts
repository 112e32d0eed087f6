import { eq, inArray } from 'drizzle-orm';
import { routePath } from '@goc/contracts';
import { stockCounts, stockTransfers, users, works } from '../../db/schema';
import type { NotificationRule } from '../../lib/notify';
import { usersWithPermission } from '../../lib/permissions';
import { readCounts, readTransfers } from './service';

/*
 * Who the store tells (declared in the manifest; the notifications module runs the rules): the
 * residentes of both works when a transfer leaves for receipt, and whoever applies counts (stock
 * edit) when a count waits for approval. Never the actor; only people who read the store.
 */

const except = (ids: readonly number[], actorId: number | null) => ids.filter((id) => id !== actorId);

export const stockNotifications: NotificationRule[] = [
  {
    resource: 'stockTransfers',
    async drafts({ db }, event) {
      if (event.type !== 'stock.transfer_sent') return [];
      const [transfer] = await readTransfers(db, eq(stockTransfers.id, event.recordId));
      if (!transfer) return [];
      const residents = await db
        .select({ id: users.id })
        .from(works)
        .innerJoin(users, eq(users.employeeId, works.residentId))
        .where(inArray(works.id, [transfer.fromWork.id, transfer.toWork.id]));
      const readers = new Set(await usersWithPermission(db, 'stock', 'view'));
      const lines = transfer.lines.map((l) => `${l.quantity} ${l.unit ?? ''} de ${l.material}`.replace(/\s+/g, ' ')).join(', ');
      return except([...new Set(residents.map((r) => r.id))].filter((id) => readers.has(id)), event.actorId).map((userId) => ({
        userId,
        type: 'stock_transfer' as const,
        title: `Traspaso ${transfer.folio} en tránsito`,
        body: `${lines}: de ${transfer.fromWork.label} a ${transfer.toWork.label}; espera que se reciba en la obra de destino`,
        link: routePath('stock'),
      }));
    },
  },
  {
    resource: 'stockCounts',
    async drafts({ db }, event) {
      if (event.type !== 'stock.count_recorded') return [];
      const [count] = await readCounts(db, eq(stockCounts.id, event.recordId));
      if (!count || count.status !== 'por_aprobar') return [];
      const differences = count.lines.filter((l) => l.difference !== 0).length;
      return except(await usersWithPermission(db, 'stock', 'edit'), event.actorId).map((userId) => ({
        userId,
        type: 'stock_count' as const,
        title: `Conteo de ${count.work.label} por aprobar`,
        body: differences === 0 ? 'Sin diferencias contra los libros' : `${differences} ${differences === 1 ? 'material con diferencia' : 'materiales con diferencia'} contra los libros`,
        link: routePath('stock'),
      }));
    },
  },
];
