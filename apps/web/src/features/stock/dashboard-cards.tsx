import { Link } from 'react-router';
import { formatDay, ROUTES, STOCK_IDLE_DAYS, stockNavigation } from '@goc/contracts';
import { Panel } from '../../components/dashboard/panel';
import { defineDashboardCards, type WidgetPart } from '../../lib/dashboard-cards';
import { formatMoney, formatNumber } from '../../lib/format';

/* The store's cards on Inicio (its widget: stock), loaded with Inicio only. */

/** Almacén de obra: the material value each work holds (largest first) and the material sitting unused. */
function StockWidget({ part: stock }: { part: WidgetPart<'stock'> }) {
  return (
    <Panel title="Almacén de obra" action={<Link to={ROUTES.stock.path} className="text-sm">Ver almacén</Link>}>
      {stock.works.length === 0 ? (
        <p className="m-0 text-sm text-slate-500">Ninguna obra tiene material en almacén.</p>
      ) : (
        <ul aria-label="Material por obra" className="m-0 flex list-none flex-col gap-2 p-0">
          {stock.works.map((w) => (
            <li key={w.workId} className="flex justify-between gap-2 text-sm">
              <span className="truncate text-slate-800">
                {w.code} · {w.name}
              </span>
              <span className="shrink-0 font-medium text-slate-800">{formatMoney(w.value)}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="m-0 text-sm font-semibold text-slate-700">
        Sin uso en {STOCK_IDLE_DAYS} días o más: {formatNumber(stock.idle.count)}
      </h3>
      {stock.idle.items.length > 0 && (
        <ul aria-label={`Material sin uso en ${STOCK_IDLE_DAYS} días o más`} className="m-0 flex list-none flex-col gap-2 p-0">
          {stock.idle.items.map((item) => (
            <li key={`${item.workId}-${item.materialId}`} className="flex flex-col text-sm">
              <span className="truncate font-medium text-slate-800">{item.material}</span>
              <span className="text-xs text-slate-500">
                {formatNumber(item.quantity)} {item.unit} · {formatMoney(item.value)} · {item.work} · desde el {formatDay(item.since)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export default defineDashboardCards(stockNavigation, {
  stock: {
    kpis: {
      order: 50,
      cards: (stock) => [
        { icon: 'pi pi-box', label: 'Material en obras', value: formatMoney(stock.value), detail: `${formatNumber(stock.idle.count)} sin uso en ${STOCK_IDLE_DAYS} días o más`, to: ROUTES.stock.path },
      ],
    },
    panel: { order: 60, Panel: StockWidget },
  },
});
