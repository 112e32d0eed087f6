import { NAVIGATION } from './navigation';
import { ROUTES, type MenuGroupId, type MenuPlacement, type RouteKey } from './routes';

export interface MenuLeaf {
  kind: 'item';
  label: string;
  icon: string;
  route: RouteKey;
}
export interface MenuGroup {
  kind: 'group';
  /** Stable id, used for the open/closed state kept in sessionStorage. */
  id: string;
  label: string;
  icon: string;
  children: MenuLeaf[];
}
export type MenuEntry = MenuLeaf | MenuGroup;

const GROUPS: Readonly<Record<MenuGroupId, { label: string; icon: string; order: number }>> = {
  pedidos: { label: 'Pedidos', icon: 'pi pi-shopping-cart', order: 40 },
  'altas-bajas': { label: 'Altas y Bajas', icon: 'pi pi-id-card', order: 50 },
  configuracion: { label: 'Configuración', icon: 'pi pi-cog', order: 60 },
};

/** The sidebar of SPEC §2, in its order and with its labels: every module's entries placed by their order. */
export const MENU: readonly MenuEntry[] = (() => {
  const placements = NAVIGATION.flatMap((m): readonly MenuPlacement<RouteKey>[] => m.menu ?? []);
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  const leaf = (p: MenuPlacement<RouteKey>): MenuLeaf => ({ kind: 'item', label: p.label, icon: p.icon, route: p.route });
  const top: { order: number; entry: MenuEntry }[] = placements.filter((p) => !p.group).map((p) => ({ order: p.order, entry: leaf(p) }));
  for (const [id, group] of Object.entries(GROUPS) as [MenuGroupId, (typeof GROUPS)[MenuGroupId]][]) {
    const children = placements.filter((p) => p.group === id).sort(byOrder).map(leaf);
    if (children.length > 0) top.push({ order: group.order, entry: { kind: 'group', id, label: group.label, icon: group.icon, children } });
  }
  return top.sort(byOrder).map((t) => t.entry);
})();

/** Menu filtered by an access check: items without permission hidden, groups only with an allowed child. */
export function visibleMenu(allowed: (route: RouteKey) => boolean): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of MENU) {
    if (entry.kind === 'item') {
      if (allowed(entry.route)) out.push(entry);
    } else {
      const children = entry.children.filter((c) => allowed(c.route));
      if (children.length > 0) out.push({ ...entry, children });
    }
  }
  return out;
}

export function menuRoutePath(leaf: MenuLeaf): string {
  return ROUTES[leaf.route].path;
}
