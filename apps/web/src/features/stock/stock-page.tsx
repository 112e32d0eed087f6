import { useState } from 'react';
import { stockBalancesResource, stockOpeningsResource } from '@goc/contracts';
import { ImportButton } from '../../components/import/import-button';
import { ResourceList } from '../../components/list/resource-list';
import type { ResourceRow } from '../../components/list/resource-types';
import type { RowAction } from '../../components/list/row-actions';
import { OnlineOnlyButton } from '../../components/online-only-button';
import { usePermissions } from '../../lib/session/permissions-store';
import { ConsumptionDialog, CountDialog, TransferDialog } from './movement-dialogs';
import { CountsPanel, KardexDialog, TransfersPanel } from './panels';
import { stockTexts } from './stock-texts';

type Open = { kind: 'consumption' | 'transfer' | 'count'; workId: number | null } | { kind: 'kardex'; workId: number; materialId: number } | null;

const workOf = (row: ResourceRow) => (typeof row.workId === 'number' ? row.workId : null);

/**
 * /almacen — Almacén de obra: the existencias of every work (the shared list: filters, search,
 * export), each row's kardex, and the movements: salidas, traspasos (sent and received) and
 * inventario físico (recorded, then applied by `stock` edit).
 */
export default function StockPage() {
  const { can } = usePermissions();
  const [open, setOpen] = useState<Open>(null);
  const canMove = can('stock', 'create');
  const close = () => setOpen(null);
  const kardex: RowAction = {
    key: 'kardex',
    icon: 'pi pi-list',
    label: stockTexts.kardex,
    severity: 'info',
    onClick: (row) => {
      const workId = workOf(row);
      if (workId !== null && typeof row.materialId === 'number') setOpen({ kind: 'kardex', workId, materialId: row.materialId });
    },
  };
  // Movements check the balance the server holds now: none is kept offline (docs/offline.md).
  const consume: RowAction = { key: 'consume', icon: 'pi pi-sign-out', label: stockTexts.consumption, severity: 'secondary', needsConnection: true, onClick: (row) => setOpen({ kind: 'consumption', workId: workOf(row) }) };
  const toolbar = (canMove || can('stock', 'edit')) && (
    <div className="flex flex-wrap gap-2">
      {canMove && (
        <>
          <OnlineOnlyButton label={stockTexts.consumption} icon="pi pi-sign-out" onClick={() => setOpen({ kind: 'consumption', workId: null })} />
          <OnlineOnlyButton label={stockTexts.transfer} icon="pi pi-send" severity="secondary" onClick={() => setOpen({ kind: 'transfer', workId: null })} />
          <OnlineOnlyButton label={stockTexts.count} icon="pi pi-clipboard" severity="secondary" onClick={() => setOpen({ kind: 'count', workId: null })} />
        </>
      )}
      {/* Opening balances, by the shared import (stock edit). */}
      <ImportButton resource={stockOpeningsResource} label={stockTexts.openingImport} />
    </div>
  );
  return (
    <div className="flex flex-col gap-6">
      <ResourceList resource={stockBalancesResource} toolbar={toolbar} extraActions={canMove ? [kardex, consume] : [kardex]} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TransfersPanel canReceive={canMove} />
        <CountsPanel canApply={can('stock', 'edit')} />
      </div>
      {open?.kind === 'kardex' && <KardexDialog workId={open.workId} materialId={open.materialId} onHide={close} />}
      {open?.kind === 'consumption' && <ConsumptionDialog workId={open.workId} onHide={close} />}
      {open?.kind === 'transfer' && <TransferDialog workId={open.workId} onHide={close} />}
      {open?.kind === 'count' && <CountDialog workId={open.workId} onHide={close} />}
    </div>
  );
}
