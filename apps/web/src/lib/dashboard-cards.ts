import { createElement, type ComponentType, type ReactNode } from 'react';
import type { Dashboard, DashboardWidget, DashboardWidgetDef, NavigationModule } from '@goc/contracts';
import type { KpiCardProps } from '../components/dashboard/kpi-card';

/** A widget's part of GET /dashboard, as the API sends it when the caller's role sees the widget. */
export type WidgetPart<K extends DashboardWidget> = NonNullable<Dashboard[K]>;

/**
 * What a module shows on Inicio for one of its widgets. `order` places its KPI cards (the top row)
 * and its panel (below) among every module's: Inicio names no module.
 */
export interface WidgetCards<K extends DashboardWidget> {
  kpis?: { order: number; cards: (part: WidgetPart<K>) => readonly KpiCardProps[] };
  panel?: { order: number; Panel: ComponentType<{ part: WidgetPart<K> }> };
}

/** One widget's cards bound to its part: drawn from the whole dashboard, nothing when the part is absent. */
export interface DashboardCard {
  widget: DashboardWidget;
  kpis?: { order: number; cards: (dashboard: Dashboard) => readonly KpiCardProps[] };
  panel?: { order: number; render: (dashboard: Dashboard) => ReactNode };
}

/** A module's cards chunk (its `dashboard-cards.tsx`), loaded with Inicio only. */
export type DashboardCardsChunk = () => Promise<{ default: readonly DashboardCard[] }>;

function bind<K extends DashboardWidget>(widget: K, { kpis, panel }: WidgetCards<K>): DashboardCard {
  return {
    widget,
    kpis: kpis && {
      order: kpis.order,
      cards: (dashboard) => {
        const part = dashboard[widget];
        return part ? kpis.cards(part) : [];
      },
    },
    panel: panel && {
      order: panel.order,
      render: (dashboard) => {
        const part = dashboard[widget];
        return part ? createElement(panel.Panel, { part }) : null;
      },
    },
  };
}

type WidgetIdsOf<W> = keyof W & DashboardWidget;

/**
 * A module's dashboard cards: one entry for each widget its navigation declares (a widget left out,
 * or one of another module, is a type error), each typed by its part of the composed `Dashboard`.
 */
export function defineDashboardCards<W extends Readonly<Record<string, DashboardWidgetDef>>>(
  navigation: NavigationModule<string, string, W>,
  cards: { readonly [K in WidgetIdsOf<W>]: WidgetCards<K> },
): readonly DashboardCard[] {
  const cardOf = <K extends WidgetIdsOf<W>>(widget: K) => bind(widget, cards[widget]);
  return (Object.keys(navigation.widgets ?? {}) as WidgetIdsOf<W>[]).map(cardOf);
}
