import { BUDGET_WARNING_RATIO, ROUTES, worksNavigation } from '@goc/contracts';
import { defineDashboardCards } from '../../lib/dashboard-cards';
import { formatMoney, formatNumber, formatPercent, percentOf } from '../../lib/format';

/* The works' cards on Inicio (their widget: works), loaded with Inicio only. */

export default defineDashboardCards(worksNavigation, {
  works: {
    kpis: {
      order: 30,
      cards: (works) => [
        {
          icon: 'pi pi-building',
          label: 'Obras en ejecución',
          value: formatNumber(works.active),
          detail: `${works.over} sobre presupuesto · ${works.warning} arriba del ${formatPercent(BUDGET_WARNING_RATIO * 100)}`,
          to: ROUTES.works.path,
        },
        { icon: 'pi pi-wallet', label: 'Presupuesto comprado', value: formatPercent(percentOf(works.ordered, works.budget)), detail: `${formatMoney(works.ordered)} de ${formatMoney(works.budget)}`, to: ROUTES.works.path },
      ],
    },
  },
});
