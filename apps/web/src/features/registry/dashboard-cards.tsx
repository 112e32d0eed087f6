import { memo } from 'react';
import { Link } from 'react-router';
import { formatDay, registryNavigation, routePath, ROUTES, type RouteKey } from '@goc/contracts';
import { ColumnChart } from '../../components/charts/column-chart';
import { Panel } from '../../components/dashboard/panel';
import { defineDashboardCards, type WidgetPart } from '../../lib/dashboard-cards';
import { formatNumber } from '../../lib/format';
import { usePermissions } from '../../lib/session/permissions-store';
import { canOpenRoute } from '../../lib/session/route-access';
import { chartColorOf } from '../../lib/severity';

/* The registry's card on Inicio (its widget: registry), loaded with Inicio only. */

type RegistryWeek = WidgetPart<'registry'>['weeks'][number];

const MOVEMENT_SERIES = [
  { key: 'alta', label: 'Altas', one: 'alta', many: 'altas', color: chartColorOf('success') },
  { key: 'baja', label: 'Bajas', one: 'baja', many: 'bajas', color: chartColorOf('danger') },
  { key: 'modificacion_salario', label: 'Modificaciones', one: 'modificación', many: 'modificaciones', color: chartColorOf('info') },
] as const satisfies readonly { key: keyof RegistryWeek; label: string; one: string; many: string; color: string }[];

/** '1 baja', '3 altas'. */
const counted = (n: number, s: { one: string; many: string }) => `${formatNumber(n)} ${n === 1 ? s.one : s.many}`;

/** '2026-W48' → 'S48', as the weekly cuts read. */
const weekLabel = (key: string) => `S${key.slice(-2)}`;

/** Where the altas y bajas widget leads: the history when the user may open it, else their own movements. */
const REGISTRY_LISTS = [
  { route: 'registryHistory', label: 'Ver histórico de registro' },
  { route: 'registryWorks', label: 'Ver movimientos de obras' },
  { route: 'registryOffice', label: 'Ver movimientos de oficina' },
] as const satisfies readonly { route: RouteKey; label: string }[];

/**
 * Altas, bajas and salary changes of this week and the weeks before it (stacked bars). `list` is
 * the movements page the user may open; from Histórico de Registro a week's bar opens its cut.
 */
const RegistryChart = memo(function RegistryChart({ registry, list }: { registry: WidgetPart<'registry'>; list: { route: RouteKey; label: string } }) {
  const { weeks } = registry;
  const current = weeks.at(-1);
  const cutOf = (index: number) => {
    const cutId = weeks[index]?.cutId;
    return list.route === 'registryHistory' && cutId ? routePath('registryCut', { cutId }) : undefined;
  };
  return (
    <Panel title="Altas y bajas" action={<Link to={ROUTES[list.route].path} className="text-sm">{list.label}</Link>}>
      {current && (
        <p className="m-0 text-sm text-slate-700">
          <span className="text-slate-500">
            Esta semana ({formatDay(current.start)} – {formatDay(current.end)}):{' '}
          </span>
          {MOVEMENT_SERIES.map((s, i) => (
            <span key={s.key}>
              {i > 0 && ' · '}
              <span className="font-semibold">{formatNumber(current[s.key])}</span> {current[s.key] === 1 ? s.one : s.many}
            </span>
          ))}
        </p>
      )}
      <div className="h-56 w-full min-w-0">
        <ColumnChart
          labels={weeks.map((w) => weekLabel(w.key))}
          series={MOVEMENT_SERIES.map((s) => ({ label: s.label, values: weeks.map((w) => w[s.key]), color: s.color }))}
          summary={`Altas, bajas y modificaciones por semana, las últimas ${weeks.length} semanas`}
          labelHeader="Semana"
          linkOf={cutOf}
        />
      </div>
      <p className="m-0 text-xs text-slate-500">
        Últimas {weeks.length} semanas:{' '}
        {MOVEMENT_SERIES.map((s) => counted(weeks.reduce((a, w) => a + w[s.key], 0), s)).join(' · ')}
      </p>
    </Panel>
  );
});

/** The altas y bajas panel, leading to the first movements page of REGISTRY_LISTS the user may open. */
function RegistryWidget({ part }: { part: WidgetPart<'registry'> }) {
  const { permissions } = usePermissions();
  const list = REGISTRY_LISTS.find((l) => canOpenRoute(ROUTES[l.route], permissions)) ?? REGISTRY_LISTS[0];
  return <RegistryChart registry={part} list={list} />;
}

export default defineDashboardCards(registryNavigation, {
  registry: { panel: { order: 30, Panel: RegistryWidget } },
});
