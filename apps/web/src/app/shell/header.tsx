import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import type { SessionUser } from '@goc/contracts';
import { es } from '../../i18n/es';
import { usePageSettled } from './use-page-settled';
import { UserMenu } from './user-menu';

// Loaded after the shell: the page and its title never wait for the bell (and its overlay panel).
const NotificationBell = lazy(() => import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })));
// The same for the outbox's status and its sending: IndexedDB and the list wait for the page too.
const OutboxStatus = lazy(() => import('../offline/outbox-status').then((m) => ({ default: m.OutboxStatus })));

/**
 * The outbox's status and the bell (their chunks, lists and stream) once the page has its data and
 * has drawn it: on a phone's first visit they would otherwise share the network and the main
 * thread with the page.
 */
function DeferredStatus({ touch, userId, statusBar }: { touch: boolean; userId: number; statusBar: HTMLElement | null }) {
  const settled = usePageSettled();
  if (!settled) return null;
  return (
    <>
      <Suspense fallback={null}>
        <OutboxStatus userId={userId} touch={touch} statusBar={statusBar} />
      </Suspense>
      <Suspense fallback={null}>
        <NotificationBell touch={touch} />
      </Suspense>
    </>
  );
}

interface HeaderProps {
  title: string;
  /** The menu group the page belongs to, shown above the title. */
  section: string | null;
  user: SessionUser | null;
  isMobile: boolean;
  collapsed: boolean;
  /** Phone: opens the drawer. Desktop: collapses or expands the sidebar. */
  onMenu: () => void;
  onLogout: () => void;
}

/** SPEC §1/§2: the page title, the notifications bell, the signed-in employee and role, and the user menu with Salir. */
export function Header({ title, section, user, isMobile, collapsed, onMenu, onLogout }: HeaderProps) {
  const menuLabel = isMobile ? es.menu : collapsed ? es.expandMenu : es.collapseMenu;
  // On a phone the connection's state goes in a slim bar under the header: beside the title it would squeeze it.
  const [statusBar, setStatusBar] = useState<HTMLElement | null>(null);
  return (
    <header className="sticky top-0 z-30 shrink-0 border-0 border-b border-solid border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex h-16 items-center gap-2 px-3 md:gap-3 md:px-6">
        <Button
          type="button"
          icon="pi pi-bars"
          rounded
          text
          severity="secondary"
          aria-label={menuLabel}
          tooltip={isMobile ? undefined : menuLabel}
          tooltipOptions={{ position: 'bottom', showDelay: 400 }}
          onClick={onMenu}
          aria-expanded={isMobile ? undefined : !collapsed}
        />
        <div className="flex min-w-0 flex-1 flex-col justify-center">
          {section && <span className="hidden truncate text-xs font-medium text-slate-500 sm:block">{section}</span>}
          <h1 className="m-0 truncate text-lg leading-tight font-semibold text-slate-800 md:text-xl">{title}</h1>
        </div>
        {user && <DeferredStatus touch={isMobile} userId={user.id} statusBar={isMobile ? statusBar : null} />}
        {user && <UserMenu user={user} onLogout={onLogout} />}
      </div>
      {isMobile && <div ref={setStatusBar} />}
    </header>
  );
}
