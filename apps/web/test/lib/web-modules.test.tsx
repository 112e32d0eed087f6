import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { stockNavigation, worksNavigation, type Dashboard, type NotificationType } from '@goc/contracts';
import { COMPOSED_MODULES } from '../../src/app/route-pages';
import dashboard from '../../src/features/dashboard/module';
import { defineDashboardCards, type DashboardCard } from '../../src/lib/dashboard-cards';
import { composeModules, defineWebModule, type WebModule } from '../../src/lib/modules';

/* What the features declare for the shared ones (lib/modules): what each notification type refreshes and Inicio's cards. */

const page = async () => ({ default: () => null });
const never = () => new Promise<never>(() => undefined);

describe('composed modules', () => {
  it('refresh, for every notification type, what the module sending it declares', () => {
    const types = Object.keys(COMPOSED_MODULES.refreshes).sort();
    expect(types).toEqual(
      ['access_changed', 'approval_requested', 'cut_open', 'movement_late', 'movement_status', 'order_decided', 'order_sent', 'order_status', 'stock_count', 'stock_transfer', 'webhook_disabled'] satisfies NotificationType[],
    );
    expect(COMPOSED_MODULES.refreshes.stock_transfer).toEqual([['resource', '/stock']]);
    expect(COMPOSED_MODULES.refreshes.webhook_disabled).toEqual([['integrations', 'webhooks']]);
  });

  it('start every module’s cards chunk at once and give the cards in the modules’ order', async () => {
    const started: string[] = [];
    const release: Record<string, (cards: readonly DashboardCard[]) => void> = {};
    const chunk = (name: string) => () => {
      started.push(name);
      return new Promise<{ default: readonly DashboardCard[] }>((resolve) => (release[name] = (cards) => resolve({ default: cards })));
    };
    const works = defineWebModule(worksNavigation, { works: page }, { dashboard: chunk('works') });
    const stock = defineWebModule(stockNavigation, { stock: page }, { refreshes: { stock_transfer: [], stock_count: [] }, dashboard: chunk('stock') });
    const composed = composeModules(...([works, stock] as readonly WebModule[]));

    const cards = composed.dashboardCards();
    expect(started).toEqual(['works', 'stock']);
    release.stock?.([{ widget: 'stock' }]);
    release.works?.([{ widget: 'works' }]);
    expect((await cards).map((card) => card.widget)).toEqual(['works', 'stock']);
  });

  // The calls marked @ts-expect-error are checked by the type checker (npm run typecheck fails when one compiles).
  it('are type errors when a notification type, a refresh, a cards’ chunk or a widget’s cards are left out', () => {
    // @ts-expect-error the stock navigation declares stock_transfer and stock_count: their refreshes are required
    defineWebModule(stockNavigation, { stock: page }, { dashboard: never });
    // @ts-expect-error the stock navigation declares the widget stock: its cards' chunk is required
    defineWebModule(stockNavigation, { stock: page }, { refreshes: { stock_transfer: [], stock_count: [] } });
    const stock = defineWebModule(stockNavigation, { stock: page }, { refreshes: { stock_transfer: [], stock_count: [] }, dashboard: never });
    // @ts-expect-error order_sent and the other modules' types are refreshed by no module of the list
    composeModules(stock);
    // A chunk that leaves one out fails as it loads, not by drawing nothing.
    // @ts-expect-error the stock navigation declares the widget stock: its cards are required
    expect(() => defineDashboardCards(stockNavigation, {})).toThrow(TypeError);
    expect(stock.refreshes).toEqual({ stock_transfer: [], stock_count: [] });
  });
});

describe('dashboard cards', () => {
  const works: Dashboard['works'] = { active: 4, budget: 1000, ordered: 950, warning: 1, over: 1 };

  it('draw a widget’s KPI cards and panel from its part, nothing when the role does not see it', () => {
    const [card] = defineDashboardCards(worksNavigation, {
      works: {
        kpis: { order: 1, cards: (part) => [{ icon: 'pi pi-building', label: 'Obras', value: String(part.active), to: '/negocios' }] },
        panel: { order: 1, Panel: ({ part }) => <p>{`${part.over} sobre presupuesto`}</p> },
      },
    });
    expect(card?.kpis?.cards({ works })).toEqual([{ icon: 'pi pi-building', label: 'Obras', value: '4', to: '/negocios' }]);
    expect(card?.kpis?.cards({})).toEqual([]);
    expect(card?.panel?.render({})).toBeNull();
    render(<>{card?.panel?.render({ works })}</>);
    expect(screen.getByText('1 sobre presupuesto')).toBeInTheDocument();
  });

  it('start loading with Inicio’s route, beside its indicators’ request', async () => {
    const home = dashboard.prefetch?.home;
    if (!home) throw new Error('the dashboard module has no prefetch for Inicio');
    vi.stubGlobal('fetch', vi.fn(never));
    const dashboardCards = vi.fn(never);
    home(new QueryClient(), new URL('http://localhost/'), { refreshes: COMPOSED_MODULES.refreshes, dashboardCards });
    await vi.waitFor(() => expect(dashboardCards).toHaveBeenCalledTimes(1));
    vi.unstubAllGlobals();
  });
});
