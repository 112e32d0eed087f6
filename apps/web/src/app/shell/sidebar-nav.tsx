import { useId } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { Tooltip } from 'primereact/tooltip';
import { ROUTES, visibleMenu, type MenuGroup, type MenuLeaf } from '@goc/contracts';
import { es } from '../../i18n/es';
import { usePermissions } from '../../lib/session/permissions-store';
import { canOpenRoute } from '../../lib/session/route-access';
import { useSidebarGroups } from './sidebar-state';

interface SidebarNavProps {
  /** Desktop icon-only mode: labels stay for screen readers and show as tooltips. */
  collapsed?: boolean;
  /** Asked when a group is opened from the icon-only mode. */
  onExpand?: () => void;
  onLogout: () => void;
  /** In the phone drawer: a close button beside the brand. */
  onClose?: () => void;
}

const itemBase =
  'goc-nav-tip relative flex w-full items-center gap-3 rounded-lg border-0 px-3 py-2.5 text-left text-[0.95rem] no-underline transition-colors duration-150 outline-none focus-visible:ring-2 focus-visible:ring-blue-400 cursor-pointer';
const itemIdle = 'bg-transparent text-slate-300 hover:bg-white/8 hover:text-white active:bg-white/12';
const itemActive = 'bg-blue-600 font-semibold text-white shadow-sm shadow-blue-900/40';

function Label({ text, collapsed }: { text: string; collapsed: boolean }) {
  return <span className={collapsed ? 'sr-only' : 'min-w-0 flex-1 truncate'}>{text}</span>;
}

function Leaf({ leaf, collapsed, nested }: { leaf: MenuLeaf; collapsed: boolean; nested?: boolean }) {
  const path = ROUTES[leaf.route].path;
  return (
    <li>
      <NavLink
        to={path}
        end={path === ROUTES.home.path}
        data-pr-tooltip={collapsed ? leaf.label : undefined}
        className={({ isActive }) => `${itemBase} ${isActive ? itemActive : itemIdle} ${collapsed ? 'justify-center px-0' : ''} ${nested && !collapsed ? 'py-2' : ''}`}
      >
        <i className={`${leaf.icon} text-base ${nested ? 'opacity-90' : ''}`} aria-hidden="true" />
        <Label text={leaf.label} collapsed={collapsed} />
      </NavLink>
    </li>
  );
}

function Group({ group, collapsed, onExpand }: { group: MenuGroup; collapsed: boolean; onExpand?: () => void }) {
  const { pathname } = useLocation();
  const { isOpen, setOpen } = useSidebarGroups();
  const listId = useId();
  const holdsActive = group.children.some((c) => matchPath({ path: ROUTES[c.route].path, end: false }, pathname) !== null);
  const open = isOpen(group.id, holdsActive);

  const toggle = () => {
    if (collapsed) {
      setOpen(group.id, true);
      onExpand?.();
      return;
    }
    setOpen(group.id, !open);
  };

  return (
    <li>
      <button
        type="button"
        onClick={toggle}
        aria-expanded={collapsed ? false : open}
        aria-controls={listId}
        data-pr-tooltip={collapsed ? group.label : undefined}
        className={`${itemBase} ${holdsActive ? (collapsed ? itemActive : 'bg-transparent text-white hover:bg-white/8') : itemIdle} ${collapsed ? 'justify-center px-0' : ''}`}
      >
        <i className={`${group.icon} text-base`} aria-hidden="true" />
        <Label text={group.label} collapsed={collapsed} />
        {!collapsed && <i className={`pi pi-chevron-down text-xs transition-transform duration-200 ${open ? 'rotate-180' : ''}`} aria-hidden="true" />}
      </button>
      <ul id={listId} hidden={collapsed || !open} className="m-0 mt-1 ml-5 flex list-none flex-col gap-0.5 border-0 border-l border-solid border-white/10 p-0 pl-2">
        {group.children.map((leaf) => (
          <Leaf key={leaf.route} leaf={leaf} collapsed={false} nested />
        ))}
      </ul>
    </li>
  );
}

/** The menu of SPEC §2 filtered by the user's permissions, with Salir at the bottom. */
export function SidebarNav({ collapsed = false, onExpand, onLogout, onClose }: SidebarNavProps) {
  const { permissions } = usePermissions();
  const menu = visibleMenu((route) => canOpenRoute(ROUTES[route], permissions));

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-300">
      <div className={`flex h-16 shrink-0 items-center gap-3 border-0 border-b border-solid border-white/10 ${collapsed ? 'justify-center px-2' : 'px-5'}`}>
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-blue-600 text-white shadow-md shadow-blue-950/50" aria-hidden="true">
          <i className="pi pi-building text-lg" />
        </span>
        {!collapsed && (
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="text-lg font-bold tracking-wide text-white">{es.appName}</span>
            <span className="truncate text-xs text-slate-400">{es.appTagline}</span>
          </span>
        )}
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label={es.closeMenu}
            className="flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-full border-0 bg-transparent text-slate-400 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-blue-400 focus-visible:outline-none"
          >
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        )}
      </div>
      <nav aria-label={es.mainNavigation} className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
        <ul className="m-0 flex list-none flex-col gap-1 p-0">
          {menu.map((entry) =>
            entry.kind === 'item' ? (
              <Leaf key={entry.route} leaf={entry} collapsed={collapsed} />
            ) : (
              <Group key={entry.id} group={entry} collapsed={collapsed} onExpand={onExpand} />
            ),
          )}
        </ul>
      </nav>
      <div className="shrink-0 border-0 border-t border-solid border-white/10 p-3">
        <button
          type="button"
          onClick={onLogout}
          data-pr-tooltip={collapsed ? es.logout : undefined}
          className={`${itemBase} bg-transparent text-slate-300 hover:bg-red-500/15 hover:text-red-200 ${collapsed ? 'justify-center px-0' : ''}`}
        >
          <i className="pi pi-sign-out text-base" aria-hidden="true" />
          <Label text={es.logout} collapsed={collapsed} />
        </button>
      </div>
      {collapsed && <Tooltip target=".goc-nav-tip[data-pr-tooltip]" position="right" />}
    </div>
  );
}
